import Cleanse

/// One generated graph, wired three ways, as the closures each measure runs.
///
/// Each variant is a set-up closure, run untimed, that returns the operation to time.
struct GraphUnderTest: Sendable {
    /// The graph's shape: `layered` or `random` (see `BenchmarkGraphs.GraphShape`).
    let name: String
    let n: Int
    /// `ComponentFactory.of`: Cleanse's construction and full validation.
    let construct: @Sendable () -> Void
    /// `ComponentFactory.of` with a ``GraphObserver`` (the launch profile) watching.
    let constructObserved: @Sendable (any GraphObserver) -> Void
    /// Swinject's registration, what Cleanse's construction is compared with.
    let register: @Sendable () -> Void
    /// Resolving the root of a warm graph.
    let resolve: Variants
    /// Resolving the root of a new graph instance, singletons included.
    let resolveCold: Variants
    /// Getting an existing singleton.
    let singleton: Variants
    /// Getting a singleton that counts its constructions, from two threads at once, starting
    /// from a graph instance where it does not exist yet.
    let contended: Variants
    /// Handling a request: a child graph seeded with the request, and its scoped objects.
    let child: Variants
    /// A warm graph and its root, kept alive: what the memory measure weighs.
    let warmGraph: Variants
}

/// The same operation for each wiring; `nil` where a framework cannot run it.
struct Variants: Sendable {
    typealias SetUp = @Sendable () -> () -> Void
    let handWired: SetUp
    let cleanse: SetUp
    let swinject: SetUp?

    /// Each framework's name, as the report spells it, with its variant.
    var byFramework: [(framework: String, setUp: SetUp?)] {
        [("handwired", handWired), ("cleanse", cleanse), ("swinject", swinject)]
    }
}
