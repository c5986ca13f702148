extension ComponentFactory where C: RootComponent {
    /// Validates the root component `componentType` and everything it includes, then
    /// returns a factory that builds it.
    ///
    /// Validation looks at the whole graph before anything is built and throws every error
    /// it finds at once: a `MissingProvider`, a `DuplicateBinding`, a
    /// `DependencyCycle` or an `InvalidBindingScope`, each naming the types and the
    /// `file:line` of every binding and request involved; a `MultiError` when there are
    /// several. Warnings go where ``WarningPolicy/default`` says (standard error unless the
    /// app chose otherwise).
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - validate: Whether to run the plugins of `serviceLoader`. The built-in checks
    ///     always run, because a graph that fails them cannot be built safely.
    ///   - serviceLoader: The ``CleanseBindingPlugin``s to run after the built-in checks;
    ///     their errors are thrown together with the built-in ones.
    ///   - observer: What watches the phases of this call and the construction of every
    ///     object the factory (and its subcomponents') make, such as a ``LaunchProfile``;
    ///     `nil`, the default, costs nothing.
    ///   - file: Where the component's seed comes in, for diagnostics; the caller's file.
    ///   - line: The caller's line.
    ///   - column: The caller's column, where its arguments start.
    public static func of(
        _ componentType: C.Type,
        validate: Bool = true,
        serviceLoader: CleanseServiceLoader = .instance,
        observer: (any GraphObserver)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column
    ) throws -> ComponentFactory<C> {
        try of(
            componentType, warnings: .default, validate: validate, serviceLoader: serviceLoader, observer: observer,
            file: file, line: line, column: column
        )
    }

    /// Validates the root component `componentType` as
    /// ``of(_:validate:serviceLoader:observer:file:line:column:)`` does, with its warnings
    /// (and those of the graph while it runs) going where `warnings` says.
    ///
    /// ```swift
    /// @Test func appGraphHasNoWarnings() throws {
    ///     _ = try ComponentFactory.of(AppComponent.self, warnings: .treatAsErrors)
    /// }
    /// ```
    public static func of(
        _ componentType: C.Type,
        warnings: WarningPolicy,
        validate: Bool = true,
        serviceLoader: CleanseServiceLoader = .instance,
        observer: (any GraphObserver)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column
    ) throws -> ComponentFactory<C> {
        let plugins = validate ? serviceLoader : nil
        // Inside a `ComponentOverrides` scope, every graph is made with its overrides.
        if !ComponentOverrides.modules.isEmpty {
            let location = SourceLocation(file: file, line: line, column: column)
            return try overridden(componentType, warnings: warnings, plugins: plugins, observer: observer, location: location)
        }
        let features = FeatureRegistry(plugins: plugins, observer: observer, warnings: warnings)
        let rootCell = features.enterRoot(componentType)
        let collector = BindingCollector(component: componentType, at: SourceLocation(file: file, line: line, column: column), observer: observer, features: features)
        let factory = try validatedFactory(collector, plugins: plugins)
        rootCell.stored = factory
        return factory
    }

    /// Validates the collected tree with the built-in checks and then `plugins`, throws what
    /// they find together with `errors` (asked for once the tree is validated) and what the
    /// features the tree installs found, and links the tree when there is nothing to report.
    static func validatedFactory(
        _ collector: BindingCollector,
        plugins: CleanseServiceLoader?,
        reporting errors: () -> [any CleanseError] = { [] }
    ) throws -> ComponentFactory<C> {
        let linked = linkedFactory(collector, plugins: plugins)
        var found: [any CleanseError] = []
        if case .failure(let failure) = linked { found = failure.errors }
        try GraphValidation.throwIfAny(errors() + found + collector.features.errors)
        // Linked whenever nothing was found (a failure was thrown just above).
        return try linked.get()
    }

    /// The factory of the collected tree, validated with the built-in checks and then
    /// `plugins` and linked, or the errors found (those reported while the bindings were
    /// written first).
    static func linkedFactory(_ collector: BindingCollector, plugins: CleanseServiceLoader?) -> Result<ComponentFactory<C>, MultiError> {
        // The built-in checks, then the plugins, over the collected tree.
        let validate = { () -> (errors: [any CleanseError], warnings: [any CleanseError], tree: ComponentTree) in
            let justInTime = JustInTimeBindings(overrides: collector.features.overrides)
            let outcome = ValidationPipeline.validate(
                collector.model,
                constructor: justInTime.construction(of:),
                bind: { additions in
                    justInTime.add(additions, to: collector)
                    return collector.model
                },
                forms: ImplicitRequests.forms(of:)
            ) { rewrites in
                ImplicitRequests.apply(rewrites, to: collector)
                return collector.model
            }
            guard let plugins else { return (outcome.errors, outcome.warnings, outcome.tree) }
            let reported = plugins.report(visiting: outcome.model, warnings: outcome.warnings)
            return (outcome.errors + reported.errors, reported.warnings, outcome.tree)
        }
        let (found, warnings, tree) = collector.observer.map { observer in
            observer.observe(GraphEvent(kind: .validate, component: collector.componentType, location: collector.location), validate)
        } ?? validate()
        let policy = collector.features.warnings
        let errors = collector.reportedInTree + found + (policy.refusesGraph ? warnings : [])
        guard errors.isEmpty else { return .failure(MultiError(errors: errors)) }
        let template = Linker.link(collector, parent: nil, tree: tree)
        template.rootWarningPolicy = policy
        if !warnings.isEmpty {
            template.warnings = warnings
            for warning in warnings {
                policy.report(warning)
                collector.observer?.warned(warning)
            }
        }
        return .success(ComponentFactory(template: template, parent: nil))
    }
}
