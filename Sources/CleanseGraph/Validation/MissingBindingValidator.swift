/// Reports every requested key that no binding in the requesting component or its ancestors
/// provides: one error per key, listing every request, with suggestions for near misses.
struct MissingBindingValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var requestsByKey: [BindingKey: [MissingProvider.Request]] = [:]
        var visibleFromRequester: [BindingKey: Int] = [:]
        for (index, node) in tree.nodes.enumerated() {
            for binding in node.model.bindings {
                for dependency in binding.dependencies where dependency.kind.isSuppliedByGraph && tree.visibleBinding(of: dependency.key, from: index) == nil {
                    requestsByKey[dependency.key, default: []].append(.init(
                        requiredBy: binding.key,
                        requestedAs: dependency.requestedType,
                        location: binding.location,
                        component: node.model.type
                    ))
                    visibleFromRequester[dependency.key] = index
                }
            }
        }
        return requestsByKey.map { key, requests in
            MissingProvider(
                requestedKey: key,
                requests: requests,
                suggestions: suggestions(for: key, in: tree, from: visibleFromRequester[key] ?? 0)
            )
        }
        .sorted { ($0.requests[0].location, $0.requestedKey.description) < ($1.requests[0].location, $1.requestedKey.description) }
    }

    /// Keys visible from the requester that were probably meant: the same type under another
    /// tag (or none), else types whose names are a small edit away.
    private func suggestions(for key: BindingKey, in tree: ComponentTree, from node: Int) -> [BindingKey] {
        let visible = tree.chain(from: node).flatMap { tree.nodes[$0].bindingsByKey.keys }
        let sameType = visible.filter { $0.type == key.type }
        if !sameType.isEmpty {
            return sameType.sorted { $0.description < $1.description }
        }
        let wanted = key.type.name
        let budget = max(2, wanted.count / 4)
        return visible
            .map { ($0, EditDistance.between($0.type.name, wanted)) }
            .filter { $0.1 <= budget }
            .sorted { ($0.1, $0.0.description) < ($1.1, $1.0.description) }
            .prefix(3)
            .map(\.0)
    }
}
