import Cleanse
import Testing

// Overrides for the graphs a test makes without naming them: the code under test calls
// `ComponentFactory.of` itself, and each test's doubles stay in its own task.

private protocol Clock: Sendable { var now: Int { get } }
private struct SystemClock: Clock { let now = 1_000 }
private struct FrozenClock: Clock { let now = 42 }
private struct OtherFrozenClock: Clock { let now = 7 }

private final class Receipt: Sendable {
    let time: Int
    init(clock: any Clock) { time = clock.now }
}
private struct CheckoutComponent: RootComponent {
    typealias Root = Receipt
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Clock).self).to { () -> any Clock in SystemClock() }
    }
    static func configureRoot(binder bind: ReceiptBinder<Receipt>) -> BindingReceipt<Receipt> {
        bind.to(factory: Receipt.init)
    }
}

private struct FrozenClockModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Clock).self).to { () -> any Clock in FrozenClock() }
    }
}
private struct OtherFrozenClockModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Clock).self).to { () -> any Clock in OtherFrozenClock() }
    }
}
private struct Unrelated {}
private struct StaleModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Unrelated.self).to { Unrelated() }
    }
}

/// What the app's code does: it makes its graph itself.
private func printReceipt() throws -> Int {
    try ComponentFactory.of(CheckoutComponent.self).build(()).time
}

@Suite("Overrides for the graphs made inside a scope")
struct ScopedOverridesTests {
    @Test("a graph made inside the scope gets its overrides; outside, the app's bindings")
    func theScopeReachesGraphsTheCodeMakesItself() throws {
        #expect(try ComponentOverrides.with(FrozenClockModule.self) { try printReceipt() } == 42)
        #expect(try printReceipt() == 1_000)
    }

    @Test("parallel tasks each see their own doubles")
    func parallelScopesDoNotMix() async throws {
        let times = try await withThrowingTaskGroup(of: (String, Int).self) { group in
            for round in 0..<20 {
                group.addTask {
                    switch round % 3 {
                    // Across a suspension, in the asynchronous scope.
                    case 0: return ("frozen", try await ComponentOverrides.with(FrozenClockModule.self) { await Task.yield(); return try printReceipt() })
                    case 1: return ("other", try await ComponentOverrides.with(OtherFrozenClockModule.self) { await Task.yield(); return try printReceipt() })
                    default: return ("system", try printReceipt())
                    }
                }
            }
            return try await group.reduce(into: [String: Set<Int>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(times == ["frozen": [42], "other": [7], "system": [1_000]])
    }

    @Test("a scope's override one graph does not use is no error: the code may make other graphs")
    func aScopedOverrideOneGraphDoesNotUseIsNoError() throws {
        #expect(try ComponentOverrides.with(FrozenClockModule.self, StaleModule.self) { try printReceipt() } == 42)
    }

    @Test("a call's own overrides are added to the scope's")
    func aCallsOverridesJoinTheScopes() throws {
        let error = #expect(throws: (any Error).self) {
            try ComponentOverrides.with(FrozenClockModule.self) {
                try ComponentFactory.of(CheckoutComponent.self, overrides: StaleModule.self)
            }
        }
        #expect((error as? any CleanseError)?.allErrors.contains { $0 is UnusedOverride } == true)
    }
}
