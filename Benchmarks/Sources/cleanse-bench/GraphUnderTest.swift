/// One generated graph G(n), wired three ways. Each closure that returns a closure sets up
/// once (untimed) and returns the operation to time; the set-up closures capture nothing.
struct GraphUnderTest: Sendable {
    let n: Int
    let handWired: @Sendable () -> () -> Void
    let singletonHandWired: @Sendable () -> () -> Void
    let construct: @Sendable () -> Void
    let cleanse: @Sendable () -> () -> Void
    let singletonCleanse: @Sendable () -> () -> Void
    let swinject: @Sendable () -> () -> Void
    let singletonSwinject: @Sendable () -> () -> Void
    let registerSwinject: @Sendable () -> Void
}
