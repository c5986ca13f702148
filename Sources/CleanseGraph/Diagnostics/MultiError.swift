/// Several configuration errors found together, thrown as one.
///
/// `ComponentFactory.of` validates the whole graph before it throws, so one run shows
/// every problem, sorted by where it was written.
public struct MultiError: CleanseError {
    /// The individual errors, in a deterministic order.
    public let errors: [any CleanseError]

    /// Gathers errors into one.
    public init(errors: [any CleanseError]) {
        self.errors = errors
    }

    public var diagnosticID: DiagnosticID { .multipleErrors }

    public var description: String {
        var text = "\(diagnosticID) \(errors.count) errors in the object graph"
        for (index, error) in errors.enumerated() {
            text += "\n\nerror \(index + 1) of \(errors.count): \(error.description)"
        }
        return text
    }
}
