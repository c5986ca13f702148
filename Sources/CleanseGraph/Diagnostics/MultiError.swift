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

    public var description: String { diagnosticMessage.description }

    /// The gathered errors' messages one after another, each headline numbered, with the
    /// places of each line kept.
    public var diagnosticMessage: DiagnosticMessage {
        var lines = [DiagnosticMessage.Line("\(diagnosticID) \(errors.count) errors in the object graph")]
        for (index, error) in errors.enumerated() {
            let message = error.diagnosticMessage.lines
            lines.append(DiagnosticMessage.Line(""))
            if let headline = message.first {
                lines.append(DiagnosticMessage.Line("error \(index + 1) of \(errors.count): \(headline.text)", places: headline.places))
            }
            lines.append(contentsOf: message.dropFirst())
        }
        return DiagnosticMessage(lines: lines)
    }
}
