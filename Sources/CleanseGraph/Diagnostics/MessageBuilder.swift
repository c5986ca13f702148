/// Assembles a diagnostic in three parts: a headline opening with the identifier, indented
/// detail lines (locations, traces), and a closing "To fix" remedy. Each line keeps the
/// places it names, so the text and the places come from one call.
struct MessageBuilder {
    private var lines: [DiagnosticMessage.Line]

    init(_ id: DiagnosticID, _ headline: String, _ places: DiagnosticMessage.Place...) {
        lines = [DiagnosticMessage.Line("\(id) \(headline)", places: places)]
    }

    mutating func detail(_ line: String, _ places: DiagnosticMessage.Place...) {
        lines.append(DiagnosticMessage.Line("  \(line)", places: places))
    }

    mutating func fix(_ remedy: String) {
        lines.append(DiagnosticMessage.Line("  To fix: \(remedy)"))
    }

    var message: DiagnosticMessage { DiagnosticMessage(lines: lines) }
}

extension TypeIdentity {
    /// The name as a diagnostic writes it: marked, so that the message cuts it to the
    /// shortest name no other type of the message shares (``ShortestNames``).
    package var displayed: String { ShortestNames.marked(name) }

    /// The name in quotes, as diagnostics spell code.
    var quoted: String { "'\(displayed)'" }
}

extension BindingKey {
    /// The key as a diagnostic writes it (`Heater tagged Primary`), its names marked to be
    /// shortened (``ShortestNames``).
    package var displayed: String {
        guard let tag, !isExposedRoot else { return type.displayed }
        return "\(type.displayed) tagged \(tag.displayed)"
    }

    /// The key in quotes, as diagnostics spell code.
    var quoted: String {
        guard let tag, !isExposedRoot else { return type.quoted }
        return "\(type.quoted) tagged \(tag.quoted)"
    }

    /// The key in quotes with module-qualified names, for keys that print alike.
    var qualifiedQuoted: String {
        let type = "'\(self.type.qualifiedName)'"
        guard let tag else { return type }
        return "\(type) tagged '\(tag.qualifiedName)'"
    }
}
