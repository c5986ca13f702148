import CorpusReport
@testable import BrowserApp

report(ReleaseAppComponent.self)
report(DemoAppComponent.self)
