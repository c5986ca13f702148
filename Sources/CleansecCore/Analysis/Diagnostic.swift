public import CleanseGraph

/// One error cleansec reports: the runtime's diagnostic for the same mistake, placed at the
/// line that caused it, with a note at every other line it names.
public struct Diagnostic: Hashable, Sendable {
    /// A place the diagnostic points at, with what it says there.
    public struct Note: Hashable, Sendable {
        /// Where, when the note names a line of the analysed files.
        public let position: SourcePosition?
        /// The note's text: a line of the runtime's message.
        public let message: String
    }

    /// The stable ID, `Cleanse/MissingBinding` (the runtime's `DiagnosticID`).
    public let id: DiagnosticID
    /// An error (the build fails) or a warning (it is shown, and the build goes on).
    public let severity: DiagnosticSeverity

    /// Whether the diagnostic fails the build (an error, not a warning).
    public var isError: Bool { severity == .error }
    /// The runtime's whole message, exactly as `ComponentFactory.of` would throw it.
    public let message: String
    /// The first place the message names, where an editor shows the error.
    public let position: SourcePosition?
    /// The message's other lines, each placed at the first place it names, then cleansec's
    /// own notes (what only the sources show, such as the `@Injectable` types that conform
    /// to a missing protocol).
    public let notes: [Note]

    /// The first line of the message, without its ID (nor a warning's `warning:`, which
    /// the formats say their own way).
    public var headline: String {
        let first = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? message
        let prefix = "\(id) "
        let headline = first.hasPrefix(prefix) ? String(first.dropFirst(prefix.count)) : first
        return severity == .warning && headline.hasPrefix("warning: ") ? String(headline.dropFirst("warning: ".count)) : headline
    }

    /// The diagnostic of one error, each place its message names found among `positions`
    /// (the analysed syntax's, with their columns).
    init(_ error: any CleanseError, positions: [CleanseGraph.SourceLocation: SourcePosition], sourceNotes: [Note] = []) {
        let message = error.diagnosticMessage
        id = error.diagnosticID
        severity = error.severity
        self.message = message.description
        func position(of line: DiagnosticMessage.Line) -> SourcePosition? {
            line.places.lazy.compactMap { positions[$0.location] }.first
        }
        let lines = message.lines.filter { !$0.text.isEmpty }
        var primary = lines.first.flatMap(position(of:))
        var notes: [Note] = []
        for line in lines.dropFirst() {
            let placed = position(of: line)
            if primary == nil { primary = placed }
            notes.append(Note(position: placed, message: String(line.text.drop { $0 == " " })))
        }
        self.position = primary
        self.notes = notes + sourceNotes
    }
}
