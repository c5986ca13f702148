/// How the runtime serves ``JustInTimeBindingRule`` in CleanseGraph: a missing key whose
/// metatype is ``ConstructorInjectable`` (and constructed by its own conformance, not an
/// inherited one) is described by its constructor's binding, which is then added to each
/// component the rule chose.
final class JustInTimeBindings {
    /// The binding of each key described so far.
    private var described: [BindingKey: BindingRecord] = [:]

    /// The just-in-time binding of `key`, why its type is not constructed, or `nil` when
    /// its type does not say how it is constructed.
    func construction(of key: BindingKey) -> JustInTimeBindingRule.Construction? {
        guard key.tag == nil else { return nil }
        // A type a hint named is read without asking the runtime whether it conforms: the
        // first such question about each type scans every conformance of the process (most
        // of a first construction of a graph of constructed types).
        guard let type = KnownConstructors.constructed(key.type) ?? key.type.metatype as? any ConstructorInjectable.Type
        else { return nil }
        let constructor = type.injectableConstructor
        guard constructor.constructed == key.type else { return nil }
        KnownConstructors.learn(constructor.constructedDependencies)
        guard let makeRecord = constructor.makeRecord else {
            return .unconstructed(MissingProvider.Unconstructed(reason: constructor.unconstructedReason ?? "", location: constructor.location))
        }
        if let record = described[key] { return .binding(record.model) }
        let record = makeRecord()
        described[key] = record
        return .binding(record.model)
    }

    /// Adds each binding of `additions` to its component in `collector`'s tree, a record of
    /// its own in each (implicit requests may rewrite it).
    func add(_ additions: [JustInTimeBindingRule.Addition], to collector: BindingCollector) {
        for addition in additions {
            guard let record = described[addition.binding.key] else { continue }
            var component = collector
            for index in addition.component {
                component = component.subcomponents[index].collector
            }
            component.add(record.copy())
        }
    }
}
