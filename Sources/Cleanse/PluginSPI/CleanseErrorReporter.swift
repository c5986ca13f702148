/// Collects the errors and warnings plugins report while they visit a graph, and shows them
/// the warnings Cleanse's own checks found.
public final class CleanseErrorReporter {
    /// The errors reported so far, in order.
    public private(set) var errors: [any CleanseError] = []
    /// The warnings: Cleanse's own (`UnrequestedPropertyInjector`), then those plugins
    /// reported, in order. Warnings do not fail the construction; they are printed and listed
    /// in `ComponentFactory.warnings`.
    public private(set) var warnings: [any CleanseError]

    init(warnings: [any CleanseError] = []) {
        self.warnings = warnings
    }

    /// Reports one error.
    public func append(error: any CleanseError) {
        errors.append(error)
    }

    /// Reports several errors.
    public func append(contentsOf errors: [any CleanseError]) {
        self.errors += errors
    }

    /// Reports a warning: something that does not stop the graph from working as written,
    /// but is probably not what was meant.
    public func append(warning: any CleanseError) {
        warnings.append(warning)
    }
}
