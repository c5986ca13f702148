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

    /// The stable ID, `Cleanse/MissingBinding`.
    public let id: String
    /// The runtime's whole message, exactly as `ComponentFactory.of` would throw it.
    public let message: String
    /// The first line the message names, where an editor shows the error.
    public let position: SourcePosition?
    /// The message's other lines, each placed at the line it names.
    public let notes: [Note]

    /// The first line of the message, without its ID.
    public var headline: String {
        let first = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? message
        let prefix = "[\(id)] "
        return first.hasPrefix(prefix) ? String(first.dropFirst(prefix.count)) : first
    }

    /// Makes the diagnostic of one runtime error, finding each `File.swift:line` it names
    /// among `positions`.
    init(id: String, message: String, positions: [String: SourcePosition]) {
        self.id = id
        self.message = message
        var primary: SourcePosition?
        var notes: [Note] = []
        for (number, line) in message.split(separator: "\n").enumerated() {
            let text = line.trimmingLeadingSpaces
            let position = Self.locations(in: String(line)).lazy.compactMap { positions[$0] }.first
            if number == 0 {
                primary = position
                continue
            }
            if primary == nil { primary = position }
            notes.append(Note(position: position, message: text))
        }
        position = primary
        self.notes = notes
    }

    /// Every `Module/File.swift:line` in `text`.
    static func locations(in text: String) -> [String] {
        var found: [String] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," }) {
            var candidate = Substring(word)
            while let last = candidate.last, last == "." || last == ":" || last == "'" { candidate = candidate.dropLast() }
            guard let colon = candidate.lastIndex(of: ":"),
                  candidate[..<colon].hasSuffix(".swift"),
                  !candidate[candidate.index(after: colon)...].isEmpty,
                  candidate[candidate.index(after: colon)...].allSatisfy(\.isNumber)
            else { continue }
            found.append(String(candidate))
        }
        return found
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: String {
        String(drop { $0 == " " })
    }
}
