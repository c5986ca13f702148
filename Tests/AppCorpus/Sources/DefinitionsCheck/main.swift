import CorpusReport
@testable import DefinitionsApp

report(AppComponent.self)
