/// How `ComponentFactory.of(_:overrides:)` replaces bindings of a component tree with those
/// of override modules, and what it reports about them: one set of rules for both front ends
/// (the runtime over its binding records, cleansec over models).
///
/// The overrides apply to the root's tree and to every feature it installs (each validated
/// with them): replacing "this service" in an app's test means wherever the app uses it.
/// Each binding whose key an override binds is replaced, wherever in those trees it is bound,
/// by the override's bindings, at the place of its first binding in each component; an
/// override of a collection replaces all its contributions. A key overridden twice (not a
/// collection) is a `DuplicateBinding` of the overrides, and only its first override is
/// applied. Where a graph would construct a type just in time (`@Injectable`, constructed
/// or not), its override is bound instead, where the construction would have gone; an
/// override that replaces nothing in any of those graphs is an `UnusedOverride`.
package enum Overrides {
    /// What replaces each overridden key: all of a collection's contributions, or the first
    /// override of any other key (a second is reported by ``errors(overrides:used:bound:component:)``).
    package static func replacements<Item>(_ overrides: [Item], model: (Item) -> BindingModel) -> [BindingKey: [Item]] {
        Dictionary(grouping: overrides) { model($0).key }
            .mapValues { items in items.allSatisfy { model($0).isContribution } ? items : [items[0]] }
    }

    /// `items` (one component's bindings, in order) with each overridden key replaced, at its
    /// first place, by `copy` of its replacements; the keys replaced join `used`. In a
    /// feature, a binding that reads the feature's seed (`handedIn`, the app's object handed
    /// in through the feature's dependencies) is kept: the app's override reaches it through
    /// the app's binding, one instance for both, in the app's scope.
    package static func replace<Item>(
        _ items: [Item],
        model: (Item) -> BindingModel,
        with replacements: [BindingKey: [Item]],
        copy: (Item) -> Item,
        used: inout Set<BindingKey>,
        handedIn seed: BindingKey? = nil
    ) -> [Item] {
        var replaced: [Item] = []
        var usedHere = Set<BindingKey>()
        for item in items {
            let itemKey = model(item).key
            guard let replacing = replacements[itemKey], !isHandedIn(model(item), seed: seed) else {
                replaced.append(item)
                continue
            }
            if usedHere.insert(itemKey).inserted {
                replaced += replacing.map(copy)
            }
        }
        used.formUnion(usedHere)
        return replaced
    }

    /// Whether `binding` reads `seed` (a feature's dependencies): what the app hands in.
    static func isHandedIn(_ binding: BindingModel, seed: BindingKey?) -> Bool {
        guard let seed, binding.kind != .seed else { return false }
        return binding.dependencies.contains { $0.key == seed }
    }

    /// What serves `key` where the graph would construct it just in time (`construction`,
    /// what the front end says of the key, constructed or not): its override, which replaces
    /// the construction there, in the component the just-in-time rule chooses (and `key`
    /// joins `used`); `nil` when nothing overrides `key` or the graph would not construct it.
    package static func replacingConstruction<Item>(
        of key: BindingKey,
        construction: JustInTimeBindingRule.Construction?,
        replacements: [BindingKey: [Item]],
        used: inout Set<BindingKey>
    ) -> Item? {
        guard construction != nil, let item = replacements[key]?.first else { return nil }
        used.insert(key)
        return item
    }

    /// The mistakes in the overrides themselves, in the order they were written: a key
    /// overridden twice, and an override whose key no component of the tree binds (with the
    /// keys the tree binds, `bound`, that were probably meant as suggestions: ``NearMisses``).
    package static func errors(overrides: [BindingModel], used: Set<BindingKey>, bound: Set<BindingKey>, component: TypeIdentity) -> [any CleanseError] {
        let byKey = Dictionary(grouping: overrides, by: \.key)
        var errors: [any CleanseError] = []
        var seen = Set<BindingKey>()
        for binding in overrides where seen.insert(binding.key).inserted {
            let bindings = byKey[binding.key] ?? []
            if bindings.count > 1, !bindings.allSatisfy(\.isContribution) {
                errors.append(DuplicateBinding(key: binding.key, locations: bindings.map(\.location), component: component, isInOverrides: true))
            }
            if !used.contains(binding.key) {
                errors.append(UnusedOverride(key: binding.key, location: binding.location, suggestions: NearMisses.keys(for: binding.key, among: bound.filter { !$0.isExposedRoot })))
            }
        }
        return errors
    }
}

extension ComponentModel {
    /// Replaces, in this component and every subcomponent, each binding that `replacements`
    /// overrides (see ``Overrides``; in a feature, `handedIn` is its seed); returns the keys
    /// that replaced something.
    package mutating func applyOverrides(_ replacements: [BindingKey: [BindingModel]], handedIn seed: BindingKey? = nil) -> Set<BindingKey> {
        var used = Set<BindingKey>()
        bindings = Overrides.replace(bindings, model: { $0 }, with: replacements, copy: { $0 }, used: &used, handedIn: seed)
        for index in subcomponents.indices {
            used.formUnion(subcomponents[index].applyOverrides(replacements, handedIn: seed))
        }
        return used
    }

    /// Every key bound in this component and its subcomponents.
    package var keysInTree: Set<BindingKey> {
        subcomponents.reduce(into: Set(bindings.map(\.key))) { $0.formUnion($1.keysInTree) }
    }
}
