/// How the runtime serves ``JustInTimeBindingRule`` in CleanseGraph: a missing key whose
/// metatype is ``ConstructorInjectable`` (and constructed by its own conformance, not an
/// inherited one) is described by its constructor's binding, which is then added to each
/// component the rule chose.
final class JustInTimeBindings {
    /// The binding of each key described so far.
    private var described: [BindingKey: BindingRecord] = [:]
    /// The keys whose described record was added to a component as it is: any later
    /// addition of the key gets a copy, so that no record is in two components.
    private var handedOut: Set<BindingKey> = []
    /// The overrides of the `ComponentFactory.of` call, which replace constructions.
    private let overrides: OverrideReplacements?
    /// The keys whose described record is an override's.
    private var replaced: Set<BindingKey> = []

    init(overrides: OverrideReplacements? = nil) {
        self.overrides = overrides
    }

    /// The just-in-time binding of `key` (its override's, when one replaces it), why its type
    /// is not constructed, or `nil` when its type does not say how it is constructed.
    func construction(of key: BindingKey) -> JustInTimeBindingRule.Construction? {
        guard let overrides else { return constructorConstruction(of: key) }
        if replaced.contains(key), let record = described[key] { return .binding(record.model) }
        let construction = constructorConstruction(of: key)
        if let record = overrides.replacingConstruction(of: key, construction: construction) {
            replaced.insert(key)
            described[key] = record
            return .binding(record.model)
        }
        return construction
    }

    /// What the type's constructor says of `key`.
    private func constructorConstruction(of key: BindingKey) -> JustInTimeBindingRule.Construction? {
        // Read once per process and kept: a type a hint named, or one met before, is
        // constructed without asking the runtime whether it conforms, whose first answer
        // for each type scans every conformance of the process.
        guard key.tag == nil, let constructor = KnownConstructors.constructor(of: key.type),
              constructor.constructed == key.type
        else { return nil }
        guard let makeRecord = constructor.makeRecord else {
            return .unconstructed(MissingProvider.Unconstructed(reason: constructor.unconstructedReason ?? "", location: constructor.location))
        }
        if let record = described[key] { return .binding(record.model) }
        let record = makeRecord()
        described[key] = record
        return .binding(record.model)
    }

    /// Adds each binding of `additions` to its component in `collector`'s tree, a record of
    /// its own in each (implicit requests may rewrite it): the described record itself the
    /// first time, a copy after.
    func add(_ additions: [JustInTimeBindingRule.Addition], to collector: BindingCollector) {
        handedOut.reserveCapacity(handedOut.count + additions.count)
        for addition in additions {
            guard let record = described[addition.binding.key] else { continue }
            var component = collector
            for index in addition.component {
                component = component.subcomponents[index].collector
            }
            component.add(handedOut.insert(addition.binding.key).inserted ? record : record.copy())
        }
    }
}
