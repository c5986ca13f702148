extension ComponentFactory where C: RootComponent {
    /// Validates the root component `componentType` and everything it includes, then
    /// returns a factory that builds it.
    ///
    /// Validation looks at the whole graph before anything is built and throws every error
    /// it finds at once: a ``MissingProvider``, a ``DuplicateBinding``, a
    /// ``DependencyCycle`` or an ``InvalidBindingScope``, each naming the types and the
    /// `file:line` of every binding and request involved; a ``MultiError`` when there are
    /// several.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - validate: Kept for compatibility. The built-in checks always run, because a graph
    ///     that fails them cannot be built safely.
    public static func of(_ componentType: C.Type, validate: Bool = true) throws -> ComponentFactory<C> {
        try validatedFactory(BindingCollector(component: componentType))
    }

    /// Validates the collected tree, throws what validation finds together with `errors`
    /// found before it, and links the tree when there is nothing to report.
    static func validatedFactory(_ collector: BindingCollector, reporting errors: [any CleanseError] = []) throws -> ComponentFactory<C> {
        let tree = ComponentTree(root: collector.model)
        try GraphValidation.throwIfAny(errors + GraphValidation.errors(in: tree))
        return ComponentFactory(template: Linker.link(collector, parent: nil), parent: nil)
    }
}
