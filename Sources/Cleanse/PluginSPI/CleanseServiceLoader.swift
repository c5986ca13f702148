/// The plugins `ComponentFactory.of(_:validate:serviceLoader:)` runs.
///
/// ```swift
/// let loader = CleanseServiceLoader([LayerRule()])
/// let factory = try ComponentFactory.of(AppComponent.self, serviceLoader: loader)
/// ```
public final class CleanseServiceLoader: @unchecked Sendable {
    // Safe to share: `registered` is only touched with `lock` held.
    private var registered: [any CleanseBindingPlugin]
    private let lock = RecursiveLock()

    /// The loader used when none is passed: empty unless plugins are registered with it.
    public static let instance = CleanseServiceLoader()

    /// Creates a loader holding `plugins`.
    public init(_ plugins: [any CleanseBindingPlugin] = []) {
        registered = plugins
    }

    /// Adds a plugin.
    public func register(_ plugin: any CleanseBindingPlugin) {
        lock.withLock { registered.append(plugin) }
    }

    /// The registered plugins, in registration order.
    public var plugins: [any CleanseBindingPlugin] {
        lock.withLock { registered }
    }

    /// Runs every plugin over the tree rooted at `root`, showing them Cleanse's own
    /// `warnings`, and returns the errors they reported and every warning.
    func report(visiting root: ComponentModel, warnings: [any CleanseError]) -> (errors: [any CleanseError], warnings: [any CleanseError]) {
        let plugins = self.plugins
        guard !plugins.isEmpty else { return ([], warnings) }
        let binding = ComponentBinding(root)
        let reporter = CleanseErrorReporter(warnings: warnings)
        for plugin in plugins {
            plugin.visit(root: binding, errorReporter: reporter)
        }
        return (reporter.errors, reporter.warnings)
    }
}
