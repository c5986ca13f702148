/// A custom check or tool that runs over the whole object graph when a root component is
/// validated.
///
/// Register plugins with a ``CleanseServiceLoader`` and pass it to
/// `ComponentFactory.of(_:validate:serviceLoader:)`; they run after the built-in checks when
/// `validate` is `true`, and the errors they report fail the construction, together with any
/// built-in errors.
///
/// A plugin that keeps the UI layer from depending on the database layer:
///
/// ```swift
/// struct LayerRule: CleanseBindingPlugin {
///     func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
///         for component in root.allComponents {
///             for binding in component.bindings where binding.key.type.name.hasSuffix("Screen") {
///                 for dependency in binding.dependencies where dependency.key.type.name.hasSuffix("Database") {
///                     errorReporter.append(error: LayerViolation(binding: binding, dependency: dependency))
///                 }
///             }
///         }
///     }
/// }
/// ```
public protocol CleanseBindingPlugin {
    /// Looks at the graph from its root component and reports what is wrong with it.
    func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter)
}
