/// Finds property injectors nothing asks for (``UnrequestedPropertyInjector`` warnings), the
/// same for `ComponentFactory.of` and for `cleansec`.
///
/// An injector bound in a component is requested when a binding of the component or of one
/// of its subcomponents (which see its bindings) requests its key in any form, or when it is
/// the component's root. A component whose tree requests its `LegacyObjectGraph` is left
/// alone: that graph finds injectors by class at run time. A binding that silences the
/// warning is left alone too.
package enum UnrequestedPropertyInjectors {
    package static func warnings(in tree: ComponentTree) -> [any CleanseError] {
        var warnings: [any CleanseError] = []
        for (index, node) in tree.nodes.enumerated() {
            let injectors = node.model.bindings.filter {
                $0.kind == .propertyInjector && !$0.silenced.contains(.unrequestedPropertyInjector)
            }
            guard !injectors.isEmpty else { continue }
            let legacyKeys = Set(node.model.bindings.lazy.filter { $0.kind == .builtIn }.map(\.key))
            var requested: Set<BindingKey> = []
            for member in tree.nodes.indices where isInSubtree(member, of: index, in: tree) {
                let model = tree.nodes[member].model
                requested.insert(model.rootKey)
                for binding in model.bindings {
                    for request in binding.dependencies {
                        requested.insert(request.key)
                    }
                }
            }
            guard requested.isDisjoint(with: legacyKeys) else { continue }
            for injector in injectors where !requested.contains(injector.key) {
                warnings.append(UnrequestedPropertyInjector(key: injector.key, location: injector.location, component: node.model.type))
            }
        }
        return warnings
    }

    /// Whether node `member` is `ancestor` or below it.
    private static func isInSubtree(_ member: Int, of ancestor: Int, in tree: ComponentTree) -> Bool {
        var current: Int? = member
        while let node = current {
            if node == ancestor { return true }
            current = tree.nodes[node].parent
        }
        return false
    }
}
