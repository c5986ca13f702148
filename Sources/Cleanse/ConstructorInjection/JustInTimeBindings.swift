/// How the runtime serves ``JustInTimeBindingRule`` in CleanseGraph: a missing key whose
/// metatype is ``ConstructorInjectable`` (and constructed by its own conformance, not an
/// inherited one) is described by its constructor's binding, which is then added to each
/// component the rule chose.
final class JustInTimeBindings {
    /// The record of each answer, in the order the rule asked (`nil` where no binding was
    /// described): an addition names its answer by position.
    @exclusivity(unchecked)
    private var answers: [BindingRecord?] = []
    /// The overrides of the `ComponentFactory.of` call, which replace constructions.
    private let overrides: OverrideReplacements?
    /// The process's constructors, as known when this graph's validation began.
    private let known = KnownConstructors.View()

    init(overrides: OverrideReplacements? = nil) {
        self.overrides = overrides
    }

    /// The just-in-time binding of `key` (its override's, when one replaces it), why its type
    /// is not constructed, or `nil` when its type does not say how it is constructed.
    func construction(of key: BindingKey) -> JustInTimeBindingRule.Construction? {
        var record: BindingRecord?
        var construction = constructorConstruction(of: key, record: &record)
        if let overrides, let replacement = overrides.replacingConstruction(of: key, construction: construction) {
            record = replacement
            construction = .binding(replacement.model)
        }
        answers.append(record)
        return construction
    }

    /// What the type's constructor says of `key`, with the record it describes.
    private func constructorConstruction(of key: BindingKey, record: inout BindingRecord?) -> JustInTimeBindingRule.Construction? {
        // Read once per process and kept: a type a hint named, or one met before, is
        // constructed without asking the runtime whether it conforms, whose first answer
        // for each type scans every conformance of the process.
        // The box's fields are read in place: the constructor is copied only to say why not.
        guard key.tag == nil, let known = known.known(key.type), known.constructor?.constructed == key.type else { return nil }
        guard let made = known.record() else {
            guard let constructor = known.constructor else { return nil }
            return .unconstructed(MissingProvider.Unconstructed(reason: constructor.unconstructedReason ?? "", location: constructor.location))
        }
        record = made
        return .binding(made.model)
    }

    /// Adds each binding of `additions` to its component in `collector`'s tree, a record of
    /// its own in each (implicit requests may rewrite it): the described record itself the
    /// first time, a copy after.
    func add(_ additions: [JustInTimeBindingRule.Addition], to collector: BindingCollector) {
        for position in additions.indices {
            guard let record = record(of: additions[position]) else { continue }
            var component = collector
            for index in additions[position].component {
                component = component.subcomponents[index].collector
            }
            component.add(additions[position].isFirstOfKey ? record : record.copy())
        }
    }

    /// The record `addition` names by its answer; should anything but the rule have asked
    /// meanwhile, the last answer of its key.
    private func record(of addition: JustInTimeBindingRule.Addition) -> BindingRecord? {
        let key = addition.binding.key
        if addition.answer < answers.count, let record = answers[addition.answer], record.model.key == key {
            return record
        }
        // Never reached while the rule is the only caller; a copy, so no record is shared.
        return (answers.last { $0?.model.key == key } ?? nil)?.copy()
    }
}
