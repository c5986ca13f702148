/// Reports subcomponents that share a scope with an ancestor, and components that install
/// one of their own ancestors.
struct ComponentNestingValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var errors: [InvalidScopeNesting] = []
        for (index, node) in tree.nodes.enumerated() {
            let chain = tree.chain(from: index).map { tree.nodes[$0].model }
            for installation in node.model.installations {
                if let ancestor = chain.first(where: { $0.type == installation.component }) {
                    errors.append(InvalidScopeNesting(innerComponent: installation.component, outerComponent: ancestor.type, scope: nil, location: installation.location))
                    continue
                }
                guard let child = node.model.subcomponents.first(where: { $0.type == installation.component }),
                      let scope = child.scope,
                      let ancestor = chain.first(where: { $0.scope == scope })
                else { continue }
                errors.append(InvalidScopeNesting(innerComponent: child.type, outerComponent: ancestor.type, scope: scope, location: installation.location))
            }
        }
        return errors.sorted { ($0.location, $0.innerComponent.name) < ($1.location, $1.innerComponent.name) }
    }
}
