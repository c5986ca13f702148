/// Finds values shared in subcomponents that keep a handle on their own component: the one
/// lifetime pattern Cleanse cannot free (a shared class instance that does the same is held
/// weakly; a value cannot be), reported at `ComponentFactory.of` rather than leaking one
/// child graph per request.
///
/// A root component is built once, so the same pattern there costs one graph and is left
/// alone. Every handle kind counts (``RequestKind/keepsItsComponent``).
/// The runtime and cleansec both run it, once the other validators found nothing.
package enum SelfRetainingValues {
    /// The errors of every subcomponent of `tree`, subcomponents in the order the tree lists them.
    package static func errors(in tree: ComponentTree) -> [SelfRetainingValue] {
        tree.subcomponentsInOrder().flatMap { errors(in: tree.nodes[$0]) }
    }

    private static func errors(in node: ComponentTree.Node) -> [SelfRetainingValue] {
        let component = node.model
        // Most components share no values: they pay nothing more.
        guard component.bindings.contains(where: { $0.scope != nil && $0.makesValueTypes }) else { return [] }
        let handles = RetentionAnalysis.handles(in: node)
        var errors: [SelfRetainingValue] = []
        for (position, binding) in component.bindings.enumerated() where binding.scope != nil && binding.makesValueTypes {
            if let handle = handles[position] {
                errors.append(SelfRetainingValue(key: binding.key, location: binding.location, component: component.type, handle: handle))
            }
        }
        return errors
    }
}
