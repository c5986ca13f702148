import CleanseGraph

/// The overrides of one `ComponentFactory.of(_:overrides:)` in the analysed files, applied as
/// the runtime applies them (`Overrides` in CleanseGraph): to the root's tree and to each
/// feature it installs, with the keys they replaced in any of those graphs.
final class SpelledOverrides {
    /// The override modules' bindings, in the order they are written.
    let bindings: [BindingModel]
    /// What replaces each overridden key.
    let replacements: [BindingKey: [BindingModel]]
    /// The keys that replaced a binding or a construction in some graph.
    private(set) var used: Set<BindingKey> = []

    init(_ bindings: [BindingModel]) {
        self.bindings = bindings
        replacements = Overrides.replacements(bindings, model: { $0 })
    }

    /// Replaces each overridden binding in `model`'s tree; a feature's (`handedIn`, its
    /// seed) keeps what it reads from its dependencies.
    func apply(to model: inout ComponentModel, handedIn seed: BindingKey? = nil) {
        used.formUnion(model.applyOverrides(replacements, handedIn: seed))
    }

    /// Counts `keys` as used: a `ComponentOverrides` scope's, which one graph need not use.
    func noteUsed(_ keys: Set<BindingKey>) {
        used.formUnion(keys)
    }

    /// What serves `key` where a graph would construct it just in time: its override, when
    /// one replaces it, or else what `constructors` say.
    func construction(of key: BindingKey, by constructors: SpelledConstructors) -> JustInTimeBindingRule.Construction? {
        let construction = constructors.construction(of: key)
        if let override = Overrides.replacingConstruction(of: key, construction: construction, replacements: replacements, used: &used) {
            return .binding(override)
        }
        return construction
    }

    /// The mistakes in the overrides, once every graph they apply to is validated.
    func errors(bound: Set<BindingKey>, component: TypeIdentity) -> [any CleanseError] {
        Overrides.errors(overrides: bindings, used: used, bound: bound, component: component)
    }
}
