/// Collects the errors plugins report while they visit a graph.
public final class CleanseErrorReporter {
    /// The errors reported so far, in order.
    public private(set) var errors: [any CleanseError] = []

    init() {}

    /// Reports one error.
    public func append(error: any CleanseError) {
        errors.append(error)
    }

    /// Reports several errors.
    public func append(contentsOf errors: [any CleanseError]) {
        self.errors += errors
    }
}
