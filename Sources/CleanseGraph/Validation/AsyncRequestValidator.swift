/// Reports asynchronous bindings requested where they cannot be awaited: directly by a
/// synchronous factory, or through a provider whose `get()` is synchronous. Only
/// `AsyncProvider<T>` requests, and direct requests from asynchronous factories, may name
/// them.
struct AsyncRequestValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        // Only requests of asynchronous bindings can be wrong here.
        guard tree.hasAsynchronousBindings else { return [] }
        var errors: [AsyncRequestedSynchronously] = []
        var analysis = AwaitAnalysis(tree)
        for (index, node) in tree.nodes.enumerated() {
            for binding in node.model.bindings {
                for dependency in binding.dependencies where dependency.kind.isSuppliedByGraph && dependency.kind != .asyncProvider {
                    // For a collection, its first asynchronous contribution. An injector is
                    // made anywhere; it awaits, or hops to the main actor, when it injects.
                    guard let target = tree.firstVisibleBinding(of: dependency.key, from: index, where: {
                        $0.effect.isAsynchronous && !$0.kind.resolvesRequestsWhenUsed
                    }) else { continue }
                    guard !Self.isAllowed(dependency, of: binding, target: target, needsAwait: { analysis.needsAwait(dependency.key, from: index) }) else { continue }
                    errors.append(AsyncRequestedSynchronously(
                        key: dependency.key,
                        effect: target.effect,
                        bindingLocation: target.location,
                        requester: binding.key,
                        requestLocation: binding.location,
                        requestedAs: dependency.requestedType,
                        requesterIsAsync: binding.effect.isAsynchronous,
                        isCollection: target.isContribution
                    ))
                }
            }
        }
        return errors.sorted { ($0.requestLocation, $0.key.description) < ($1.requestLocation, $1.key.description) }
    }

    /// Whether `binding` may make `request` of the asynchronous or main-actor `target`.
    private static func isAllowed(_ request: DependencyRequest, of binding: BindingModel, target: BindingModel, needsAwait: () -> Bool) -> Bool {
        let resolvedAtOnce = !binding.kind.resolvesRequestsWhenUsed
        switch request.kind {
        case .mainActorProvider:
            // `get()` runs on the main actor without `await`: fine for a main-actor binding
            // made without awaiting anything.
            return target.effect.actor != nil && !needsAwait()
        case .direct:
            // An asynchronous factory awaits its direct requests. A main-actor factory (or
            // injector) gets a main-actor binding synchronously, or awaits it.
            // (An asynchronous injector awaits its requests when it injects.)
            if binding.effect.isAsynchronous && binding.effect.actor == nil { return true }
            if binding.effect.actor != nil && target.effect.actor != nil { return resolvedAtOnce || !needsAwait() }
            if binding.effect.actor != nil && resolvedAtOnce { return true }
            return false
        default:
            return false
        }
    }
}
