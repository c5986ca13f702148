/// Finds values shared in subcomponents that keep a handle on their own component: the one
/// lifetime pattern Cleanse cannot free (a shared class instance that does the same is held
/// weakly; a value cannot be), reported at `ComponentFactory.of` rather than leaking one
/// child graph per request.
///
/// A root component is built once, so the same pattern there costs one graph and is left
/// alone. Every handle kind counts (``RequestKind/keepsItsComponent``).
/// The runtime and cleansec both run it, once the other validators found nothing.
package enum SelfRetainingValues {
    /// The errors of every subcomponent below `root`, in the order the tree lists them.
    package static func errors(below root: ComponentModel) -> [SelfRetainingValue] {
        root.subcomponents.flatMap { child in
            errors(in: child) + errors(below: child)
        }
    }

    private static func errors(in component: ComponentModel) -> [SelfRetainingValue] {
        // Most components share no values: they pay nothing more.
        guard component.bindings.contains(where: { $0.scope != nil && $0.makesValues }) else { return [] }
        var positions: [BindingKey: [Int]] = [:]
        for (position, binding) in component.bindings.enumerated() {
            positions[binding.key, default: []].append(position)
        }
        var errors: [SelfRetainingValue] = []
        for binding in component.bindings where binding.scope != nil && binding.makesValues {
            if let handle = handle(keptBy: binding, in: component, positions: positions) {
                errors.append(SelfRetainingValue(key: binding.key, location: binding.location, component: component.type, handle: handle))
            }
        }
        return errors
    }

    /// The first handle on its component that `binding`'s value keeps, directly or through
    /// what it is given directly, as the type that requested it.
    private static func handle(keptBy binding: BindingModel, in component: ComponentModel, positions: [BindingKey: [Int]]) -> TypeIdentity? {
        var pending = [binding]
        var seen = Set<BindingKey>()
        while let binding = pending.popLast() {
            for request in binding.dependencies {
                switch request.kind {
                case _ where request.kind.keepsItsComponent:
                    // A handle on an ancestor's binding keeps that ancestor, not this one.
                    if positions[request.key] != nil {
                        return request.requestedType
                    }
                case .direct:
                    for target in positions[request.key] ?? [] {
                        let model = component.bindings[target]
                        if model.kind.holdsItsComponent {
                            return request.requestedType
                        }
                        if seen.insert(model.key).inserted {
                            pending.append(model)
                        }
                    }
                default:
                    continue
                }
            }
        }
        return nil
    }
}
