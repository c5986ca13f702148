import CorpusReport
@testable import MenuBarApp

report(Application.Component.self)
