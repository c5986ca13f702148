import Cleanse
import Foundation
import Testing

/// A global actor other than the main actor, as a database layer might use.
@globalActor
private actor LedgerActor {
    static let shared = LedgerActor()
}

private struct LedgerConfig: Sendable {
    let name: String
}

/// Made on `LedgerActor`, counting its constructions.
@LedgerActor
private final class Ledger {
    nonisolated static let built = CallCounter()
    let name: String
    init(config: LedgerConfig) {
        // Runs on the ledger's actor: checked, not assumed.
        LedgerActor.shared.preconditionIsolated()
        name = config.name
        Ledger.built.next()
    }
}

private struct Report: Sendable {
    let ledger: Ledger
}

private struct LedgerModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(LedgerConfig.self).to(value: LedgerConfig(name: "main ledger"))
        binder.bind(Ledger.self).sharedInScope().to(isolatedFactory: Ledger.init)
    }
}

private struct LedgerApp: RootComponent {
    typealias Root = Report
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LedgerModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Report>) -> BindingReceipt<Report> {
        bind.to { (ledger: Ledger, again: AsyncProvider<Ledger>) async throws -> Report in
            #expect(try await again.get() === ledger)
            return Report(ledger: ledger)
        }
    }
}

/// A synchronous factory that asks for the isolated binding directly: a validation error.
private struct SynchronousLedgerReader: RootComponent {
    typealias Root = Report
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LedgerModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Report>) -> BindingReceipt<Report> {
        bind.to { (ledger: Ledger) in Report(ledger: ledger) }
    }
}

@Suite("Global-actor bindings")
struct GlobalActorBindingTests {
    @Test("an initializer isolated to a global actor is bound with to(isolatedFactory:), runs on its actor, and is shared")
    func isolatedInitializersRunOnTheirActor() async throws {
        let before = Ledger.built.value
        let report = try await ComponentFactory.of(LedgerApp.self).buildAsync(())
        #expect(report.ledger.name == "main ledger")
        #expect(Ledger.built.value == before + 1)
    }

    @Test("a synchronous factory that requests an isolated binding directly is a validation error")
    func synchronousRequestsAreRejected() throws {
        let error = try #require(throws: (any Error).self) {
            _ = try ComponentFactory.of(SynchronousLedgerReader.self)
        }
        #expect("\(error)".hasPrefix("[Cleanse/AsyncRequestedSynchronously]"))
        #expect("\(error)".contains("Ledger"))
        #expect("\(error)".contains("GlobalActorBindingTests.swift"))
    }
}
