import CorpusReport
@testable import LedServer

report(SwiftLedComponent.self)
