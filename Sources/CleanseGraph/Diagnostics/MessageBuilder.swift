/// Assembles a diagnostic in three parts: a headline opening with the identifier, indented
/// detail lines (locations, traces), and a closing "To fix" remedy.
struct MessageBuilder {
    private var lines: [String]

    init(_ id: DiagnosticID, _ headline: String) {
        lines = ["\(id) \(headline)"]
    }

    mutating func detail(_ line: String) {
        lines.append("  \(line)")
    }

    mutating func fix(_ remedy: String) {
        lines.append("  To fix: \(remedy)")
    }

    var text: String { lines.joined(separator: "\n") }
}

extension TypeIdentity {
    /// The name in quotes, as diagnostics spell code.
    var quoted: String { "'\(name)'" }
}

extension BindingKey {
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
