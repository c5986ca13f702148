import CleanseGraph

/// Serves requests for `() -> T` and `T?` that have no binding of their own from the binding
/// of `T`, as the runtime's `ImplicitRequests` does: a function request becomes a provider
/// request, an optional one a direct request.
enum ImplicitRequestRewriter {
    /// Rewrites `model` and its subcomponents; returns whether anything changed.
    static func rewrite(_ model: inout ComponentModel, visibleAbove: Set<BindingKey> = [], formsAbove: Set<BindingKey> = []) -> Bool {
        let visible = visibleAbove.union(model.bindings.map(\.key))
        let forms = formsAbove.union(model.bindings.filter { $0.key.tag == nil && ![.seed, .builtIn, .subcomponentFactory].contains($0.kind) }.map(\.key))
        var changed = false
        for index in model.bindings.indices {
            let binding = model.bindings[index]
            var requests = binding.dependencies
            for (position, request) in requests.enumerated() where request.kind == .direct && request.key.tag == nil && !visible.contains(request.key) {
                let name = request.key.type.name
                var inner: String?
                var kind = RequestKind.direct
                if name.hasPrefix("() -> ") {
                    inner = String(name.dropFirst("() -> ".count))
                    kind = .provider
                } else if name.hasPrefix("Optional<"), name.hasSuffix(">") {
                    inner = String(name.dropFirst("Optional<".count).dropLast())
                }
                guard let inner else { continue }
                let key = BindingKey(type: TypeIdentity(spelling: inner))
                guard forms.contains(key) else { continue }
                requests[position] = DependencyRequest(key: key, kind: kind, requestedType: request.requestedType)
                changed = true
            }
            if requests != binding.dependencies {
                model.bindings[index] = binding.replacingDependencies(requests)
            }
        }
        for index in model.subcomponents.indices where rewrite(&model.subcomponents[index], visibleAbove: visible, formsAbove: forms) {
            changed = true
        }
        return changed
    }
}
