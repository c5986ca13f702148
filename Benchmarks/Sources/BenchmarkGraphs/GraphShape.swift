/// The shape of one benchmark graph: its types, what each depends on, which are shared, what
/// the root takes, and the request-scoped child component. Every wiring (hand-written,
/// Cleanse, Swinject) is written from the same shape.
public struct GraphShape: Sendable {
    /// Prefixes every generated name (`G1000T5`, `R1000Root`), so that graphs share a module.
    public let prefix: String
    /// For each type `i`, the earlier types its initializer takes, in order.
    public let dependencies: [[Int]]
    /// For each type, whether it is made once per graph (a singleton) or for every request.
    public let shared: [Bool]
    /// The types the root takes.
    public let rootDependencies: [Int]
    /// The request-scoped classes of the child component, in order: `C0`, `C1`, …
    public let children: [ChildType]

    /// What one request-scoped class of the child component takes.
    public struct ChildType: Sendable {
        /// The request, the child's seed.
        public var takesRequest: Bool
        /// The previous child class, if any.
        public var takesPrevious: Bool
        /// A singleton of the parent graph.
        public var singleton: Int?
    }

    public var count: Int { dependencies.count }

    /// The shared types, in order.
    public var singletons: [Int] { shared.indices.filter { shared[$0] } }

    /// The singleton the single-thread measure gets and the contended one depends on.
    public var lastSingleton: Int { singletons.last ?? 0 }

    /// The suite's first shape: `Ti` depends on the distinct earlier types among `i-1`, `i/2`
    /// and `i/3`; every 4th type is a singleton; the root takes the last 8 types; the child
    /// holds 10 scoped classes, the even ones on a different singleton each.
    public static func layered(_ n: Int) -> GraphShape {
        let dependencies = (0..<n).map(layeredDependencies)
        let shared = (0..<n).map { $0 % 4 == 0 }
        let singletons = shared.indices.filter { shared[$0] }
        let children = (0..<10).map { j in
            ChildType(takesRequest: j % 3 == 0, takesPrevious: j > 0, singleton: j % 2 == 0 ? singletons[singletons.count - 1 - j] : nil)
        }
        return GraphShape(prefix: "G\(n)", dependencies: dependencies, shared: shared, rootDependencies: Array(max(0, n - 8)..<n), children: children)
    }

    /// The distinct earlier types among `i-1`, `i/2` and `i/3`, in order.
    static func layeredDependencies(_ i: Int) -> [Int] {
        Set([i - 1, i / 2, i / 3].filter { $0 >= 0 && $0 < i }).sorted()
    }

    /// A seeded random DAG, as an app's graph looks: each type takes 0 to 4 distinct earlier
    /// types, about one in five is a singleton, and the root takes every type nothing else
    /// takes (a wide root, as an app's composition root is). The child holds 5 scoped
    /// classes, the even ones on one app singleton.
    public static func random(_ n: Int, seed: UInt64) -> GraphShape {
        var numbers = SplitMix64(seed: seed)
        var dependencies: [[Int]] = []
        var shared: [Bool] = []
        var taken = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let wanted = min(i, Int(numbers.next() % 5))
            var picked = Set<Int>()
            while picked.count < wanted { picked.insert(Int(numbers.next() % UInt64(i))) }
            for d in picked { taken[d] = true }
            dependencies.append(picked.sorted())
            shared.append(numbers.next() % 5 == 0)
        }
        let appSingleton = shared.lastIndex(of: true) ?? 0
        let children = (0..<5).map { j in
            ChildType(takesRequest: j % 3 == 0, takesPrevious: j > 0, singleton: j % 2 == 0 ? appSingleton : nil)
        }
        return GraphShape(prefix: "R\(n)", dependencies: dependencies, shared: shared,
                          rootDependencies: taken.indices.filter { !taken[$0] }, children: children)
    }
}

/// A small, seeded pseudo-random generator (SplitMix64), so that a graph is the same on every
/// machine and every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension GraphShape {
    /// A chain: `Ti` takes `T(i-1)`; every type shared or none; the root takes the last
    /// type; the child holds 5 scoped classes, the even ones on the last type.
    public static func chain(_ n: Int, shared: Bool) -> GraphShape {
        let children = (0..<5).map { j in
            ChildType(takesRequest: j % 3 == 0, takesPrevious: j > 0, singleton: j % 2 == 0 && shared ? n - 1 : nil)
        }
        return GraphShape(prefix: shared ? "S\(n)" : "C\(n)", dependencies: (0..<n).map { $0 == 0 ? [] : [$0 - 1] },
                          shared: Array(repeating: shared, count: n), rootDependencies: [n - 1], children: children)
    }

    /// The same shape under another prefix, so that two copies can share a module.
    public func prefixed(_ prefix: String) -> GraphShape {
        GraphShape(prefix: prefix, dependencies: dependencies, shared: shared, rootDependencies: rootDependencies, children: children)
    }
}
