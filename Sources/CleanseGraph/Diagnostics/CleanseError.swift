/// Every error Cleanse throws conforms to this protocol; plugin errors should too.
///
/// `description` is the full, human-readable message: a headline opening with the
/// ``diagnosticID``, the types involved, the `file:line` of each binding or request, and
/// what to do about it. ``diagnosticMessage`` is the same message as data, with the places
/// each line names.
public protocol CleanseError: Error, CustomStringConvertible {
    /// The stable identifier of this kind of error, for matching in tests and tools.
    var diagnosticID: DiagnosticID { get }

    /// Whether this is an error (the graph is refused) or a warning (the graph is built, and
    /// the warning is reported: printed, handed to observers and plugins, listed in
    /// `ComponentFactory.warnings`, and shown by cleansec as a warning).
    var severity: DiagnosticSeverity { get }

    /// The message as lines, each with the places in the user's code it names.
    var diagnosticMessage: DiagnosticMessage { get }
}

extension CleanseError {
    /// Errors that do not name an identifier report ``DiagnosticID/unidentified``.
    public var diagnosticID: DiagnosticID { .unidentified }

    /// Errors are errors unless they say otherwise.
    public var severity: DiagnosticSeverity { .error }

    /// Errors that do not describe their places report their text alone.
    public var diagnosticMessage: DiagnosticMessage { DiagnosticMessage(text: description) }

    /// Every error this one stands for: itself, or the errors a ``MultiError`` gathers.
    public var allErrors: [any CleanseError] {
        if let multi = self as? MultiError { return multi.errors }
        return [self]
    }
}

/// How much a diagnostic matters: an error refuses the graph, a warning does not.
public enum DiagnosticSeverity: String, Sendable, Hashable {
    case error
    case warning
}
