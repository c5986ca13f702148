extension ComponentFactory where C: RootComponent {
    /// Validates the root component with some of its bindings replaced, typically by test
    /// doubles, and returns a factory that builds it.
    ///
    /// Each binding in the override modules replaces the binding of the same key (type and
    /// tag) wherever it is bound in the component tree, subcomponents included, and in every
    /// feature the tree installs (`install(feature:)`); a type constructed just in time
    /// (`@Injectable`) is made by its override wherever it would have been constructed. An
    /// override of a collection replaces all its contributions. The result is validated like
    /// any graph, and an override that replaces nothing throws `UnusedOverride`.
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
        return try overridden(componentType, warnings: warnings, plugins: validate ? serviceLoader : nil, observer: observer, location: location) { collector in
            repeat collector.include(each overrides, at: location)
        }
    }

    /// The factory of `componentType` validated with the override modules of the
    /// ``ComponentOverrides`` scope, then those `include` adds to the collector it is given
    /// (the call's). The scope's are not reported unused by one graph: code in a scope may
    /// make graphs that bind other keys.
    static func overridden(
        _ componentType: C.Type,
        warnings: WarningPolicy,
        plugins: CleanseServiceLoader?,
        observer: (any GraphObserver)?,
        location: SourceLocation,
        include: (BindingCollector) -> Void = { _ in }
    ) throws -> ComponentFactory<C> {
        let features = FeatureRegistry(plugins: plugins, observer: observer, warnings: warnings)
        let rootCell = features.enterRoot(componentType)
        let overrideCollector = BindingCollector(
            componentType: TypeIdentity(spelling: "overrides"),
            componentScope: nil,
            rootKey: BindingKey(Void.self),
            lineage: [],
            location: location,
            features: features
        )
        for module in ComponentOverrides.modules {
            overrideCollector.include(module, at: location)
        }
        let scopedCount = overrideCollector.records.count
        include(overrideCollector)
        // Known before the root is collected: the features it installs are collected with it,
        // and the overrides replace their bindings too.
        let replacements = OverrideReplacements(Overrides.replacements(overrideCollector.records, model: \.model))
        features.overrides = replacements
        let collector = BindingCollector(component: componentType, at: location, observer: observer, features: features)
        replacements.apply(to: collector)
        // Asked for once the root is validated: constructions replaced there count as used.
        let factory = try validatedFactory(collector, plugins: plugins) {
            let models = overrideCollector.records.map(\.model)
            let scopedOnly = Set(models.prefix(scopedCount).map(\.key)).subtracting(models.dropFirst(scopedCount).map(\.key))
            return overrideCollector.reportedInTree + Overrides.errors(
                overrides: models, used: replacements.used.union(scopedOnly), bound: collector.keysInTree, component: collector.componentType
            )
        }
        rootCell.stored = factory
        return factory
    }
}
