import Foundation

/// A text field of a request body, checked the same way for every database: trimmed, not
/// empty, at most `limit` characters, and free of control characters other than tab and
/// newlines (a NUL would be cut short by SQLite and refused by PostgreSQL).
enum TextField {
    /// `text` trimmed, or a 400 naming `field`.
    static func valid(_ text: String, field: String, limit: Int) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= limit else {
            throw APIError(.badRequest, "'\(field)' must be 1 to \(limit) characters")
        }
        let allowed: Set<Unicode.Scalar> = ["\t", "\n", "\r"]
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }) else {
            throw APIError(.badRequest, "'\(field)' must not contain control characters")
        }
        return trimmed
    }
}
