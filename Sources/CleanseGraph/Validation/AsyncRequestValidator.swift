/// Reports asynchronous bindings requested where they cannot be awaited: directly by a
/// synchronous factory, or through a provider whose `get()` is synchronous. Only
/// `AsyncProvider<T>` requests, and direct requests from asynchronous factories, may name
/// them.
struct AsyncRequestValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var errors: [AsyncRequestedSynchronously] = []
        for (index, node) in tree.nodes.enumerated() {
            for binding in node.model.bindings {
                for dependency in binding.dependencies where dependency.kind.isSuppliedByGraph && dependency.kind != .asyncProvider {
                    // Requests resolved when the value is used (assisted factories, injectors)
                    // are synchronous too.
                    let awaited = binding.effect.isAsynchronous && dependency.kind == .direct && !binding.kind.resolvesRequestsWhenUsed
                    guard !awaited, let (_, target) = tree.visibleBinding(of: dependency.key, from: index),
                          target.effect.isAsynchronous
                    else { continue }
                    errors.append(AsyncRequestedSynchronously(
                        key: dependency.key,
                        effect: target.effect,
                        bindingLocation: target.location,
                        requester: binding.key,
                        requestLocation: binding.location,
                        requestedAs: dependency.requestedType,
                        requesterIsAsync: binding.effect.isAsynchronous
                    ))
                }
            }
        }
        return errors.sorted { ($0.requestLocation, $0.key.description) < ($1.requestLocation, $1.key.description) }
    }
}
