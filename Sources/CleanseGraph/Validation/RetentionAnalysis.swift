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
    private let positions: [BindingKey: BindingPositions]
    /// For each binding: whether its values may keep a handle on the component.
    package let mayRetain: [Bool]

    /// The analysis of one component of a validated tree. `mayRetain`, when the caller has it
    /// already (the linker does), is taken as it is.
    package init(_ node: ComponentTree.Node, mayRetain known: [Bool]? = nil) {
        bindings = node.model.bindings
        positions = node.bindingsByKey
        mayRetain = known ?? Self.mayRetain(in: node)
    }

    /// The lifetime rule's propagation, the one both front ends use: for each binding of a
    /// validated component, the handle through which its values may keep the component alive,
    /// or `nil` when they cannot. A binding keeps one when it is a handle itself (a factory,
    /// an object graph, an injector: ``BindingKind/holdsItsComponent``); when it requests one
    /// (``RequestKind/keepsItsComponent``) of a key bound in this component (a handle on an
    /// ancestor's binding keeps that ancestor, not this one); or when it is given directly a
    /// value that keeps one. The handle is the first found, in request order.
    package static func handles(in node: ComponentTree.Node) -> [TypeIdentity?] {
        var depths: [Int]?
        let sources = propagate(in: node, depths: &depths)
        let bindings = node.model.bindings
        let starts = node.requestTargets.starts
        return sources.map { source in
            switch source.origin {
            case .none:
                return nil
            case .binding(let position):
                return bindings[position].key.type
            case .request(let offset):
                // The binding whose requests hold `offset`: the last one starting at or before it.
                var low = 0, high = bindings.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if starts[middle] <= offset { low = middle } else { high = middle - 1 }
                }
                return bindings[low].dependencies[offset - starts[low]].requestedType
            }
        }
    }

    /// What the linker needs of each binding of `node`, in one pass: whether its values may
    /// keep a handle on the component (the rule of ``handles(in:)``), and how deep building
    /// it recurses (1 + its deepest direct request in this component; 1 for an injector or
    /// an assisted factory, which resolve their requests when used).
    package static func retentionAndDepth(in node: ComponentTree.Node) -> (mayRetain: [Bool], depth: [Int]) {
        var depths: [Int]? = [Int](repeating: 1, count: node.model.bindings.count)
        let sources = propagate(in: node, depths: &depths)
        return (sources.map { $0 != .none }, depths ?? [])
    }

    /// Where the handle a binding's values may keep comes from: nowhere, the binding itself
    /// (a handle: a factory, an object graph, an injector), or one of its requests (by its
    /// offset in the node's request targets). One word, so the pass allocates nothing per
    /// binding.
    private struct HandleSource: Equatable {
        private let code: Int

        enum Origin {
            case none
            case binding(Int)
            case request(Int)
        }

        static let none = HandleSource(code: -1)
        static func binding(_ position: Int) -> HandleSource { HandleSource(code: -2 - position) }
        static func request(_ offset: Int) -> HandleSource { HandleSource(code: offset) }

        var origin: Origin {
            if code == -1 { return .none }
            return code < 0 ? .binding(-2 - code) : .request(code)
        }
    }

    /// The propagation itself, over `node`'s bindings in dependency order (each after what it
    /// requests directly); fills `depths` too when given one. For each binding, where the
    /// handle its values may keep comes from.
    private static func propagate(in node: ComponentTree.Node, depths: inout [Int]?) -> [HandleSource] {
        let bindings = node.model.bindings
        let targets = node.requestTargets
        var sources = [HandleSource](repeating: .none, count: bindings.count)
        for position in node.directDependencies.postOrder {
            let binding = bindings[position]
            let kind = binding.kind
            if kind.holdsItsComponent {
                sources[position] = .binding(position)
            }
            let countsDepth = depths != nil && !kind.resolvesRequestsWhenUsed
            guard sources[position] == .none || countsDepth else { continue }
            var deepest = 0
            let first = targets.starts[position]
            for (index, request) in binding.dependencies.enumerated() {
                let target = targets.targets[first + index]
                if request.kind.keepsItsComponent {
                    if sources[position] == .none, target != RequestTargets.none {
                        sources[position] = .request(first + index)
                    }
                } else if request.kind == .direct, target >= 0 {
                    if sources[position] == .none {
                        sources[position] = sources[target]
                    }
                    if countsDepth { deepest = max(deepest, depths![target]) }
                } else if request.kind == .direct, target == RequestTargets.several {
                    // A collection: every contribution is made first.
                    for contribution in node.bindingsByKey[request.key] ?? BindingPositions() {
                        if sources[position] == .none {
                            sources[position] = sources[contribution]
                        }
                        if countsDepth { deepest = max(deepest, depths![contribution]) }
                    }
                }
                if sources[position] != .none, !countsDepth { break }
            }
            if countsDepth { depths![position] = deepest + 1 }
        }
        return sources
    }

    /// Whether each binding of `node` may keep a handle on its component (see ``handles(in:)``).
    package static func mayRetain(in node: ComponentTree.Node) -> [Bool] {
        var depths: [Int]?
        return propagate(in: node, depths: &depths).map { $0 != .none }
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
