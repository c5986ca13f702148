import CorpusReport
@testable import StoreApp

report(AppComponent.self)
report(CartPreviewComponent.self)
