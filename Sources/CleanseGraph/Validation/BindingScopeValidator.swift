/// Reports bindings shared in a scope that is not their component's own.
struct BindingScopeValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        tree.nodes.flatMap { node in
            node.model.bindings.compactMap { binding -> (any CleanseError)? in
                guard let scope = binding.scope, scope != node.model.scope else { return nil }
                return InvalidBindingScope(
                    key: binding.key,
                    bindingScope: scope,
                    componentScope: node.model.scope,
                    component: node.model.type,
                    location: binding.location,
                    inclusions: node.model.inclusionChain(of: binding.module).map {
                        InvalidBindingScope.Inclusion(module: $0.module, location: $0.location)
                    }
                )
            }
        }
    }
}
