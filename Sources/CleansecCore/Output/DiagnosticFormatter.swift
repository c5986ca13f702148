/// Prints an analysis report in the forms cleansec offers: compiler-style lines that Xcode,
/// SwiftPM and editors show inline, or JSON.
public enum DiagnosticFormatter {
    /// `path:line:column: error: [Cleanse/ID] headline`, then a `note:` line for each other
    /// line of the message (placed where it points, or at the error), then a note for each
    /// unread construct (an error with `strict`).
    public static func text(_ report: AnalysisReport, strict: Bool = false) -> String {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            let primary = diagnostic.position.map { "\($0): " } ?? "cleansec: "
            lines.append("\(primary)error: [\(diagnostic.id)] \(diagnostic.headline)")
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

    /// A JSON array of `{id, message, file, line, column, notes: [{file, line, column, message}]}`.
    public static func json(_ report: AnalysisReport, strict: Bool = false) -> String {
        var entries: [String] = report.diagnostics.map { diagnostic in
            let notes = diagnostic.notes.map { note in
                "{\(place(note.position)), \"message\": \(quote(note.message))}"
            }
            return "{\"id\": \(quote(diagnostic.id)), \"message\": \(quote(diagnostic.message)), \(place(diagnostic.position)), \"notes\": [\(notes.joined(separator: ", "))]}"
        }
        if strict {
            entries += report.opaque.map { construct in
                "{\"id\": \(quote(unreadableID)), \"message\": \(quote(construct.reason)), \(place(construct.position)), \"notes\": []}"
            }
        }
        return "[\n" + entries.map { "  " + $0 }.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n") + "]\n"
    }

    private static func place(_ position: SourcePosition?) -> String {
        guard let position else { return "\"file\": null, \"line\": null, \"column\": null" }
        return "\"file\": \(quote(position.path)), \"line\": \(position.line), \"column\": \(position.column)"
    }

    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
