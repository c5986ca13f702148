extension ComponentFactory where C: RootComponent {
    /// Validates the root component `componentType` and everything it includes, then
    /// returns a factory that builds it.
    ///
    /// Validation looks at the whole graph before anything is built and throws every error
    /// it finds at once: a `MissingProvider`, a `DuplicateBinding`, a
    /// `DependencyCycle` or an `InvalidBindingScope`, each naming the types and the
    /// `file:line` of every binding and request involved; a `MultiError` when there are
    /// several.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - validate: Whether to run the plugins of `serviceLoader`. The built-in checks
    ///     always run, because a graph that fails them cannot be built safely.
    ///   - serviceLoader: The ``CleanseBindingPlugin``s to run after the built-in checks;
    ///     their errors are thrown together with the built-in ones.
    ///   - file: Where the component's seed comes in, for diagnostics; the caller's file.
    ///   - line: The caller's line.
    public static func of(
        _ componentType: C.Type,
        validate: Bool = true,
        serviceLoader: CleanseServiceLoader = .instance,
        file: StaticString = #fileID,
        line: Int = #line
    ) throws -> ComponentFactory<C> {
        let collector = BindingCollector(component: componentType, at: SourceLocation(file: file, line: line))
        return try validatedFactory(collector, plugins: validate ? serviceLoader : nil)
    }

    /// Validates the collected tree with the built-in checks and then `plugins`, throws what
    /// they find together with `errors` found before, and links the tree when there is
    /// nothing to report.
    static func validatedFactory(
        _ collector: BindingCollector,
        plugins: CleanseServiceLoader?,
        reporting errors: [any CleanseError] = []
    ) throws -> ComponentFactory<C> {
        var model = collector.model
        var tree = ComponentTree(root: model)
        var builtIn = GraphValidation.errors(in: tree)
        // Requests for `() -> T` or `T?` look missing until they are served by the binding
        // of `T`; only a graph with missing keys pays for looking.
        if builtIn.contains(where: { $0 is MissingProvider }), ImplicitRequests.resolve(in: collector) {
            model = collector.model
            tree = ComponentTree(root: model)
            builtIn = GraphValidation.errors(in: tree)
        }
        let reported = plugins?.errors(visiting: model) ?? []
        let lifetimes: [any CleanseError] = builtIn.isEmpty ? LifetimeValidation.errors(below: model) : []
        try GraphValidation.throwIfAny(errors + collector.reportedInTree + builtIn + lifetimes + reported)
        return ComponentFactory(template: Linker.link(collector, parent: nil, tree: tree), parent: nil)
    }
}
