/// A component tree flattened for validation: every component with its parent and an index
/// from each key to the bindings that provide it there.
package struct ComponentTree: Sendable {
    /// One component in the tree.
    package struct Node: Sendable {
        package let model: ComponentModel
        /// The index of the parent in ``ComponentTree/nodes``, `nil` for the root.
        package let parent: Int?
        /// For each key bound in this component, the indices of its bindings in `model.bindings`.
        package let bindingsByKey: [BindingKey: BindingPositions]
        /// Where each request of the component's bindings lands in the component.
        package let requestTargets: RequestTargets
        /// The walk of the component's bindings over their direct requests: its cycles for
        /// validation, its post-order for the runtime's linker (so the graph is walked once).
        package let directDependencies: DirectDependencyWalk

        /// The positions of the bindings here that request `request` (a parameter
        /// position) of the binding at `binding` reaches; empty when its key is not bound in
        /// this component.
        package func targets(ofRequest request: Int, ofBinding binding: Int) -> BindingPositions {
            let target = requestTargets.targets[requestTargets.starts[binding] + request]
            if target >= 0 {
                return BindingPositions(only: target)
            }
            guard target == RequestTargets.several else { return BindingPositions() }
            return bindingsByKey[model.bindings[binding].dependencies[request].key] ?? BindingPositions()
        }
    }

    /// The components, parents before children; the root is at index 0.
    package private(set) var nodes: [Node] = []
    /// Whether any binding in the tree is made asynchronously or on an actor: validators
    /// that only look at those skip the walk of every request otherwise.
    package private(set) var hasAsynchronousBindings = false

    package init(root: ComponentModel) {
        var pending: [(model: ComponentModel, parent: Int?)] = [(root, nil)]
        while !pending.isEmpty {
            let (model, parent) = pending.removeFirst()
            var byKey: [BindingKey: BindingPositions] = [:]
            byKey.reserveCapacity(model.bindings.count)
            for (index, binding) in model.bindings.enumerated() {
                byKey[binding.key, default: []].append(index)
                if binding.effect.isAsynchronous { hasAsynchronousBindings = true }
            }
            let targets = RequestTargets(model.bindings, positions: byKey)
            let walk = DirectDependencyWalk(count: model.bindings.count, targets: targets)
            nodes.append(Node(model: model, parent: parent, bindingsByKey: byKey, requestTargets: targets, directDependencies: walk))
            let me = nodes.count - 1
            pending.append(contentsOf: model.subcomponents.map { ($0, me) })
        }
    }

    /// Every node but the root, depth first, each component before its subcomponents and
    /// those in the order of `model.subcomponents`: the order lifetime errors are reported in.
    package func subcomponentsInOrder() -> [Int] {
        var order: [Int] = []
        var pending = children(of: 0).reversed() as [Int]
        while let node = pending.popLast() {
            order.append(node)
            pending += children(of: node).reversed()
        }
        return order
    }

    /// The indices of `node`'s subcomponents, in the order of `model.subcomponents`.
    package func children(of node: Int) -> [Int] {
        nodes.indices.filter { nodes[$0].parent == node }
    }

    /// The indices of `node` and its ancestors, nearest first.
    package func chain(from node: Int) -> [Int] {
        var result: [Int] = []
        var current: Int? = node
        while let index = current {
            result.append(index)
            current = nodes[index].parent
        }
        return result
    }

    /// Every binding that makes `key` as seen from component `node`: its binding (its own,
    /// else the nearest ancestor's) or, for a collection, every contribution joined into it,
    /// the nearest component's first, then its ancestors'.
    package func visibleBindings(of key: BindingKey, from node: Int) -> [(component: Int, binding: BindingModel)] {
        guard let first = visibleBinding(of: key, from: node) else { return [] }
        guard first.binding.isContribution else { return [first] }
        return chain(from: first.component).flatMap { index in
            (nodes[index].bindingsByKey[key] ?? []).map { (index, nodes[index].model.bindings[$0]) }
        }
    }

    /// The first of `visibleBindings(of:from:)` that satisfies `condition`, found without
    /// collecting them (validation asks this for every request).
    package func firstVisibleBinding(of key: BindingKey, from node: Int, where condition: (BindingModel) -> Bool) -> BindingModel? {
        guard let (component, position) = visiblePosition(of: key, from: node) else { return nil }
        let binding = nodes[component].model.bindings[position]
        guard binding.isContribution else { return condition(binding) ? binding : nil }
        for index in chain(from: component) {
            for position in nodes[index].bindingsByKey[key] ?? [] where condition(nodes[index].model.bindings[position]) {
                return nodes[index].model.bindings[position]
            }
        }
        return nil
    }

    /// The binding of `key` visible from component `node`: its own, else the nearest ancestor's.
    package func visibleBinding(of key: BindingKey, from node: Int) -> (component: Int, binding: BindingModel)? {
        guard let (component, position) = visiblePosition(of: key, from: node) else { return nil }
        return (component, nodes[component].model.bindings[position])
    }

    /// Where the binding of `key` visible from component `node` is (the component, and the
    /// position in its bindings), without copying it: what validators ask of every request.
    package func visiblePosition(of key: BindingKey, from node: Int) -> (component: Int, position: Int)? {
        var current: Int? = node
        while let index = current {
            if let first = nodes[index].bindingsByKey[key]?.first {
                return (index, first)
            }
            current = nodes[index].parent
        }
        return nil
    }
}
