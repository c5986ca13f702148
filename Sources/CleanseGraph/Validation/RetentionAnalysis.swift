/// Which shared objects of one component may keep a handle on it, and which of them each
/// one can still ask for: the facts behind the lifetime rule, read the same way by the
/// runtime's linker and by `cleansec`.
///
/// The rule: a shared object is made once per component instance. One that keeps a handle
/// on its component (a provider, a factory, an object graph…, directly or through what it
/// was given) is *retaining*: the instance holds it only as long as something that can
/// still ask for it is alive (the handles the build handed out, or another retaining object
/// whose handles can reach it), so it is never made twice and the whole graph is freed once
/// the user lets go. Retaining objects that can each reach the other would keep each other
/// alive forever; ``retentionCycles()`` finds them.
package struct RetentionAnalysis {
    package let bindings: [BindingModel]
    /// The positions of the bindings of each key (several for a collection).
    private let positions: [BindingKey: [Int]]
    /// For each binding: whether its values may keep a handle on the component.
    package private(set) var mayRetain: [Bool]

    /// The analysis of one component's `bindings`. `mayRetain`, when the caller worked it out
    /// already (the linker does, with each binding's depth), is taken as it is.
    package init(bindings: [BindingModel], mayRetain known: [Bool]? = nil) {
        self.bindings = bindings
        var positions: [BindingKey: [Int]] = [:]
        for (position, binding) in bindings.enumerated() {
            positions[binding.key, default: []].append(position)
        }
        self.positions = positions
        if let known, known.count == bindings.count {
            mayRetain = known
            return
        }
        mayRetain = [Bool](repeating: false, count: bindings.count)
        var state = [UInt8](repeating: 0, count: bindings.count)  // 0 new, 1 visiting, 2 done
        for position in bindings.indices {
            resolveRetention(position, &state)
        }
    }

    /// Whether values of the binding at `position` may keep a handle on the component: it
    /// is a handle itself (factory, object graph, injector), requests one, or is given
    /// directly a value that may. Direct requests form no cycle once validated; a cycle seen
    /// here anyway counts as not retaining.
    private mutating func resolveRetention(_ position: Int, _ state: inout [UInt8]) {
        guard state[position] == 0 else { return }
        state[position] = 1
        let binding = bindings[position]
        var retains = binding.kind.holdsItsComponent
        for request in binding.dependencies where !retains {
            if request.kind.keepsItsComponent {
                // A handle on an ancestor's binding keeps that ancestor, not this component.
                retains = positions[request.key] != nil
            } else if request.kind == .direct {
                for target in positions[request.key] ?? [] {
                    resolveRetention(target, &state)
                    retains = retains || mayRetain[target]
                }
            }
        }
        mayRetain[position] = retains
        state[position] = 2
    }

    /// Whether the binding at `position` is shared and its objects may keep a handle on the
    /// component.
    package func isRetainingShared(_ position: Int) -> Bool {
        bindings[position].scope != nil && mayRetain[position]
    }

    /// Whether any shared binding of the component is retaining: only then does an instance
    /// keep track of who can reach what.
    package var hasRetainingShared: Bool {
        bindings.indices.contains(where: isRetainingShared)
    }

    /// The retaining shared bindings that whatever the binding at `position` makes can ask
    /// for, now or later: every binding reachable from its requests, whatever their kind
    /// (a deferred request is followed: `get()` may run any time), and all of them once an
    /// object graph or a subcomponent factory is reachable (those can look anything up).
    /// The binding itself is left out: an object does not keep itself alive.
    package func reach(from position: Int) -> [Int] {
        var seen = Set<Int>([position])
        var pending = [position]
        var lookUpsAnything = false
        var reached: [Int] = []
        while let current = pending.popLast() {
            let binding = bindings[current]
            if current != position, binding.kind == .subcomponentFactory || binding.kind == .builtIn {
                lookUpsAnything = true
            }
            if current != position, isRetainingShared(current) {
                reached.append(current)
            }
            for request in binding.dependencies where request.kind.isSuppliedByGraph {
                for target in positions[request.key] ?? [] where seen.insert(target).inserted {
                    pending.append(target)
                }
            }
        }
        if lookUpsAnything {
            return bindings.indices.filter { $0 != position && isRetainingShared($0) }
        }
        return reached.sorted()
    }

    /// The request of the binding at `position` through which it reaches `target`: the
    /// handle a fix would change. `nil` when it reaches `target` only through another one.
    package func request(of position: Int, reaching target: Int) -> DependencyRequest? {
        let binding = bindings[position]
        for request in binding.dependencies where request.kind.isSuppliedByGraph {
            for first in positions[request.key] ?? [] {
                if first == target || reach(from: first).contains(target) || isLookUp(first) {
                    return request
                }
            }
        }
        return nil
    }

    private func isLookUp(_ position: Int) -> Bool {
        bindings[position].kind == .subcomponentFactory || bindings[position].kind == .builtIn
    }

    /// Groups of retaining shared bindings that can each, through handles, reach the next
    /// one and so the first again: their objects would keep each other, and the component
    /// instance, alive after every user let go. Each group once, in binding order.
    package func retentionCycles() -> [[Int]] {
        let retaining = bindings.indices.filter(isRetainingShared)
        guard retaining.count > 1 else { return [] }
        var edges: [Int: [Int]] = [:]
        for position in retaining {
            edges[position] = reach(from: position)
        }
        var reported = Set<Int>()
        var cycles: [[Int]] = []
        for start in retaining where !reported.contains(start) {
            guard let cycle = shortestCycle(through: start, edges: edges) else { continue }
            if cycle.contains(where: reported.contains) { continue }
            reported.formUnion(cycle)
            cycles.append(cycle)
        }
        return cycles
    }

    /// The shortest path from `start` back to itself, breadth first.
    private func shortestCycle(through start: Int, edges: [Int: [Int]]) -> [Int]? {
        var previous: [Int: Int] = [:]
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for target in edges[node] ?? [] {
                    if target == start {
                        var path = [node]
                        var current = node
                        while current != start, let before = previous[current] {
                            path.append(before)
                            current = before
                        }
                        return path.reversed()
                    }
                    if previous[target] == nil {
                        previous[target] = node
                        next.append(target)
                    }
                }
            }
            frontier = next
        }
        return nil
    }
}
