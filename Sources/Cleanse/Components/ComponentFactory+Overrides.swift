extension ComponentFactory where C: RootComponent {
    /// Validates the root component with some of its bindings replaced, typically by test
    /// doubles, and returns a factory that builds it.
    ///
    /// Each binding in the override modules replaces the binding of the same key (type and
    /// tag) wherever it is bound in the component tree, subcomponents included; an override
    /// of a collection replaces all its contributions. The result is validated like any
    /// graph, and an override whose key nothing binds throws `UnusedOverride`.
    ///
    /// ```swift
    /// struct FakeNetworkModule: Cleanse.Module {
    ///     static func configure(binder: Binder<Unscoped>) {
    ///         binder.bind((any Network).self).to(value: FakeNetwork())
    ///     }
    /// }
    ///
    /// let app = try ComponentFactory.of(AppComponent.self, overrides: FakeNetworkModule.self).build(())
    /// ```
    public static func of<each Override: Module>(
        _ componentType: C.Type,
        overrides: repeat (each Override).Type,
        validate: Bool = true,
        serviceLoader: CleanseServiceLoader = .instance,
        file: StaticString = #fileID,
        line: Int = #line
    ) throws -> ComponentFactory<C> {
        let location = SourceLocation(file: file, line: line)
        let collector = BindingCollector(component: componentType, at: location)
        let overrideCollector = BindingCollector(
            componentType: TypeIdentity(spelling: "overrides"),
            componentScope: nil,
            rootKey: BindingKey(Void.self),
            lineage: [],
            location: location
        )
        repeat overrideCollector.include(each overrides, at: location)

        let replacements = Dictionary(grouping: overrideCollector.records, by: \.model.key)
        // A key overridden twice is reported below, once; replace it with the first override
        // only, so that validation does not report it again.
        let applied = replacements.mapValues { records in records.allSatisfy(\.model.isContribution) ? records : [records[0]] }
        let used = collector.applyOverrides(applied)
        let bound = collector.keysInTree
        var errors: [any CleanseError] = overrideCollector.reportedInTree
        // Walk the override keys in the order they were written, so the report is stable.
        for key in overrideCollector.records.map(\.model.key).uniqued() {
            let records = replacements[key] ?? []
            if records.count > 1, !records.allSatisfy(\.model.isContribution) {
                errors.append(DuplicateBinding(key: key, locations: records.map(\.model.location), component: collector.componentType, isInOverrides: true))
            }
            if !used.contains(key) {
                errors.append(UnusedOverride(key: key, location: records[0].model.location, suggestions: bound.filter { $0.type == key.type }))
            }
        }
        return try validatedFactory(collector, plugins: validate ? serviceLoader : nil, reporting: errors)
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each kept the first time it appears.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
