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
    ///
    /// `observer` watches the graph as in `of(_:validate:serviceLoader:observer:file:line:column:)`.
    public static func of<each Override: Module>(
        _ componentType: C.Type,
        overrides: repeat (each Override).Type,
        validate: Bool = true,
        serviceLoader: CleanseServiceLoader = .instance,
        observer: (any GraphObserver)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column
    ) throws -> ComponentFactory<C> {
        try of(
            componentType, overrides: repeat each overrides, warnings: .default, validate: validate,
            serviceLoader: serviceLoader, observer: observer, file: file, line: line, column: column
        )
    }

    /// Validates the root component with some of its bindings replaced, as
    /// ``of(_:overrides:validate:serviceLoader:observer:file:line:column:)`` does, with its
    /// warnings going where `warnings` says (``WarningPolicy/treatAsErrors`` in a test that
    /// fails on them).
    public static func of<each Override: Module>(
        _ componentType: C.Type,
        overrides: repeat (each Override).Type,
        warnings: WarningPolicy,
        validate: Bool = true,
        serviceLoader: CleanseServiceLoader = .instance,
        observer: (any GraphObserver)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column
    ) throws -> ComponentFactory<C> {
        let location = SourceLocation(file: file, line: line, column: column)
        let plugins = validate ? serviceLoader : nil
        // Features are graphs of their own: the overrides replace the app's bindings only
        // (a fake of a feature's dependencies overrides the app's binding of them).
        let features = FeatureRegistry(plugins: plugins, observer: observer, warnings: warnings)
        let rootCell = features.enterRoot(componentType)
        let collector = BindingCollector(component: componentType, at: location, observer: observer, features: features)
        let overrideCollector = BindingCollector(
            componentType: TypeIdentity(spelling: "overrides"),
            componentScope: nil,
            rootKey: BindingKey(Void.self),
            lineage: [],
            location: location,
            features: features
        )
        repeat overrideCollector.include(each overrides, at: location)

        let replacements = Overrides.replacements(overrideCollector.records, model: \.model)
        var used = collector.applyOverrides(replacements)
        let constructed = JustInTimeBindings()
        for key in Overrides.constructedKeys(of: overrideCollector.records, model: \.model, used: &used, isConstructed: { constructed.construction(of: $0) != nil }) {
            for record in replacements[key] ?? [] {
                collector.add(record.copy())
            }
        }
        let errors = overrideCollector.reportedInTree + Overrides.errors(
            overrides: overrideCollector.records.map(\.model), used: used, bound: collector.keysInTree, component: collector.componentType
        )
        let factory = try validatedFactory(collector, plugins: plugins, reporting: errors)
        rootCell.stored = factory
        return factory
    }
}
