/// Reports a key bound twice in one component, or bound in a component and again in one of
/// its ancestors (where the child's binding would silently hide the parent's). Collection
/// contributions are meant to be many and are not duplicates of each other.
struct DuplicateBindingValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var errors: [DuplicateBinding] = []
        for (index, node) in tree.nodes.enumerated() {
            let ancestors = tree.chain(from: index).dropFirst()
            for (key, indices) in node.bindingsByKey {
                let bindings = indices.map { node.model.bindings[$0] }
                if bindings.allSatisfy(\.isContribution) || bindings.allSatisfy({ $0.kind == .builtIn }) { continue }
                var locations = bindings.map(\.location)
                var shadowed: [(component: TypeIdentity, locations: [SourceLocation])] = []
                for ancestor in ancestors {
                    let parent = tree.nodes[ancestor]
                    let inherited = parent.bindingsByKey[key, default: []].map { parent.model.bindings[$0].location }
                    if !inherited.isEmpty {
                        shadowed.append((parent.model.type, inherited.sorted()))
                        locations += inherited
                    }
                }
                if locations.count > 1 {
                    errors.append(DuplicateBinding(
                        key: key,
                        locations: locations,
                        component: node.model.type,
                        ancestors: shadowed,
                        isComponentRoot: shadowed.isEmpty && key == node.model.rootKey
                    ))
                }
            }
        }
        return errors.sorted { ($0.locations[0], $0.key.description) < ($1.locations[0], $1.key.description) }
    }
}
