/// Reports a key bound twice in one component, or bound in a component and again in one of
/// its ancestors (where the child's binding would silently hide the parent's). A
/// subcomponent's own seed or root (its *ports*, ``BindingModel/isPort``) may repeat an
/// ancestor's key: inside the child it takes the ancestor's place, as in Cleanse 4. Collection
/// contributions are meant to be many and are not duplicates of each other. A module
/// included both in a component and in an ancestor is reported once, as
/// ``ModuleIncludedTwice``, rather than once per binding it writes.
struct DuplicateBindingValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var errors: [DuplicateBinding] = []
        var twice: [ModulePair: [BindingKey]] = [:]
        for (index, node) in tree.nodes.enumerated() {
            let ancestors = tree.chain(from: index).dropFirst()
            for (key, indices) in node.bindingsByKey {
                // The usual key, bound once and nowhere above: nothing to copy or compare.
                if indices.count == 1, !ancestors.contains(where: { tree.nodes[$0].bindingsByKey[key] != nil }) { continue }
                let bindings = indices.map { node.model.bindings[$0] }
                if bindings.allSatisfy(\.isContribution) || bindings.allSatisfy({ $0.kind == .builtIn }) { continue }
                var locations = bindings.map(\.location)
                var shadowed: [(component: TypeIdentity, locations: [SourceLocation])] = []
                var sameModule: ModulePair?
                let isOwnPort = bindings.count == 1 && bindings[0].isPort
                for ancestor in ancestors where !isOwnPort {
                    let parent = tree.nodes[ancestor]
                    let inherited = parent.bindingsByKey[key, default: []].map { parent.model.bindings[$0] }
                    guard !inherited.isEmpty else { continue }
                    if sameModule == nil, bindings.count == 1, inherited.count == 1,
                       let module = bindings[0].module, inherited[0].module == module {
                        sameModule = ModulePair(module: module, component: index, ancestor: ancestor)
                    }
                    shadowed.append((parent.model.type, inherited.map(\.location).sorted()))
                    locations += inherited.map(\.location)
                }
                if let sameModule, shadowed.count == 1 {
                    twice[sameModule, default: []].append(key)
                } else if locations.count > 1 {
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
        let modules = twice.map { pair, keys in
            ModuleIncludedTwice(
                module: pair.module,
                component: tree.nodes[pair.component].model.type,
                ancestor: tree.nodes[pair.ancestor].model.type,
                keys: keys,
                componentInclusion: tree.nodes[pair.component].model.moduleInclusions.first { $0.module == pair.module }?.location,
                ancestorInclusion: tree.nodes[pair.ancestor].model.moduleInclusions.first { $0.module == pair.module }?.location
            )
        }
        .sorted { ($0.component.name, $0.module.name) < ($1.component.name, $1.module.name) }
        let sorted: [any CleanseError] = errors.sorted { ($0.locations[0], $0.key.description) < ($1.locations[0], $1.key.description) }
        return modules + sorted
    }

    /// A module whose bindings are bound both in a component and in one of its ancestors.
    private struct ModulePair: Hashable {
        let module: TypeIdentity
        let component: Int
        let ancestor: Int
    }
}
