import Cleanse
import Dispatch
import Testing

// Factories that ask, while they run, for something that needs what they are building.
// `get()` cannot throw, so each of these stops the process; exit tests run them in a child
// process and read what it printed.

private final class Chicken {
    let egg: Egg
    init(egg: Provider<Egg>) { self.egg = egg.get() }
}
private final class Egg {
    init(chicken: Chicken) {}
}

/// Chicken is shared: the second request finds its slot under construction by this thread.
private struct SharedReentranceModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Chicken.self).sharedInScope().to(factory: Chicken.init)
        binder.bind(Egg.self).to(factory: Egg.init)
    }
}

/// Nothing is shared: every Chicken builds an Egg that builds a Chicken, without end.
private struct UnscopedReentranceModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Chicken.self).to(factory: Chicken.init)
        binder.bind(Egg.self).to(factory: Egg.init)
    }
}

/// Thread 1 builds Left, whose factory waits until thread 2 builds Right, whose factory
/// asks for Left: the two threads wait for each other through Cleanse.
private final class Left: Sendable {
    init(right: Provider<Right>, gates: Gates) {
        gates.leftStarted.open()
        gates.rightStarted.wait()
        _ = right.get()
    }
}
private final class Right: Sendable {
    init(left: Provider<Left>, gates: Gates) {
        gates.rightStarted.open()
        _ = left.get()
    }
}
private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open() { semaphore.signal() }
    func wait() { semaphore.wait() }
}
private final class Gates: Sendable {
    let leftStarted = Gate()
    let rightStarted = Gate()
}
private struct DeadlockModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Gates.self).sharedInScope().to { Gates() }
        binder.bind(Left.self).sharedInScope().to(factory: Left.init)
        binder.bind(Right.self).sharedInScope().to(factory: Right.init)
    }
}
private struct Threads: Sendable {
    let left: Provider<Left>
    let right: Provider<Right>
    let gates: Gates
}
private struct DeadlockComponent: RootComponent {
    typealias Root = Threads
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeadlockModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Threads>) -> BindingReceipt<Threads> {
        bind.to(factory: Threads.init)
    }
}

@Suite("Re-entrant construction")
struct ReentranceTests {
    @Test("a shared binding asked for again while its factory runs stops with the binding and the chain")
    func sharedReentrance() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try ComponentFactory.of(ModuleComponent<SharedReentranceModule, Chicken>.self).build(())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("[Cleanse/ReentrantConstruction] 'Chicken' was requested again while this thread was building 'Chicken'"))
        #expect(message.contains("call get() later"))
    }

    @Test("an unscoped binding that rebuilds itself through a provider stops before the stack overflows")
    func unscopedReentrance() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try ComponentFactory.of(ModuleComponent<UnscopedReentranceModule, Chicken>.self).build(())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("[Cleanse/ReentrantConstruction] 'Chicken' -> 'Egg'"))
    }

    @Test("two threads waiting for each other's shared objects stop with both keys instead of hanging")
    func crossThreadDeadlock() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let threads = try ComponentFactory.of(DeadlockComponent.self).build(())
            let done = DispatchSemaphore(value: 0)
            // Thread 2 starts Right only once this thread is building Left.
            DispatchQueue.global().async {
                threads.gates.leftStarted.wait()
                _ = threads.right.get()
                done.signal()
            }
            _ = threads.left.get()
            done.wait()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("[Cleanse/ReentrantConstruction] threads are waiting for each other's shared objects"))
        #expect(message.contains("'Left'") && message.contains("'Right'"))
    }
}
