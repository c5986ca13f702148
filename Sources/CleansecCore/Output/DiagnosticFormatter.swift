import CleanseGraph

/// Prints an analysis report in the forms cleansec offers: compiler-style lines that Xcode,
/// SwiftPM and editors show inline, or JSON.
public enum DiagnosticFormatter {
    /// `path:line:column: error: [Cleanse/ID] headline` (`warning:` for a warning), then a
    /// `note:` line for each other
    /// line of the message (placed where it points, or at the error), then a note for each
    /// unread construct (an error with `strict`).
    public static func text(_ report: AnalysisReport, strict: Bool = false) -> String {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            let primary = diagnostic.position.map { "\($0): " } ?? "cleansec: "
            lines.append("\(primary)\(diagnostic.severity.rawValue): \(diagnostic.id) \(diagnostic.headline)")
            for note in diagnostic.notes {
                let place = (note.position ?? diagnostic.position).map { "\($0): " } ?? "cleansec: "
                lines.append("\(place)note: \(note.message)")
            }
        }
        for construct in report.opaque {
            let severity = strict ? "error: [\(DiagnosticFormatter.unreadableID)]" : "note: cleansec cannot check this:"
            lines.append("\(construct.position): \(severity) \(construct.reason)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The ID `--strict` gives a construct the analyzer cannot read.
    public static let unreadableID = "Cleanse/Unreadable"

    /// A JSON array of `{id, severity, message, file, line, column, notes: [{file, line,
    /// column, message}]}`, one diagnostic a line.
    public static func json(_ report: AnalysisReport, strict: Bool = false) -> String {
        var entries: [JSONValue] = report.diagnostics.map { diagnostic in
            entry(
                [("id", .string(diagnostic.id.rawValue)), ("severity", .string(diagnostic.severity.rawValue)), ("message", .string(diagnostic.message))],
                at: diagnostic.position,
                notes: diagnostic.notes.map { note in entry([], at: note.position, notes: nil, message: note.message) }
            )
        }
        if strict {
            entries += report.opaque.map { construct in
                entry([("id", .string(unreadableID)), ("severity", .string("error")), ("message", .string(construct.reason))], at: construct.position, notes: [])
            }
        }
        return "[\n" + entries.map { "  " + $0.rendered }.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n") + "]\n"
    }

    private static func entry(_ leading: [(String, JSONValue)], at position: SourcePosition?, notes: [JSONValue]?, message: String? = nil) -> JSONValue {
        var members = leading
        members += [
            ("file", position.map { .string($0.path) } ?? .null),
            ("line", position.map { .number($0.line) } ?? .null),
            ("column", position.map { .number($0.column) } ?? .null),
        ]
        if let message { members.append(("message", .string(message))) }
        if let notes { members.append(("notes", .array(notes))) }
        return .object(members)
    }
}
