/// Names the types of one diagnostic as their users write them: each type path is cut to the
/// shortest ending that no other type the diagnostic names shares (`AA`, not `CycleTests.AA`,
/// unless a `Feed.AA` appears in the same message, when both keep their enclosing types).
///
/// Only prose is shortened: code a message suggests (`binder.bind(NSObject.Root.self)`) keeps
/// the nesting path, which compiles wherever in the module the fix is written.
///
/// Messages are written with ``marked(_:)`` names (what `TypeIdentity.displayed` gives), and
/// ``DiagnosticMessage`` resolves the marks when it is made, seeing every name of the message
/// at once. Both front ends name types alike (`TypeIdentity.name`: the nesting path without
/// the module), so they shorten them alike.
package enum ShortestNames {
    /// Opens a marked name: a private-use character no Swift name contains.
    static let opening: Character = "\u{E000}"
    /// Closes a marked name.
    static let closing: Character = "\u{E001}"

    /// `name` (a type as `TypeIdentity.name` writes it, generic arguments included) marked to
    /// be shortened when the message it is part of is made.
    package static func marked(_ name: String) -> String {
        "\(opening)\(name)\(closing)"
    }

    /// `text`, one message, with every marked name shortened against all the others: for
    /// messages written as one string.
    package static func resolved(_ text: String) -> String {
        DiagnosticMessage(text: text).description
    }

    /// `lines` with every marked name shortened against all the others.
    static func resolved(_ lines: [DiagnosticMessage.Line]) -> [DiagnosticMessage.Line] {
        guard lines.contains(where: { $0.text.contains(opening) }) else { return lines }
        var paths = Set<[Substring]>()
        for line in lines {
            scan(line.text, text: { _ in }, path: { paths.insert($0) })
        }
        let shortened = shortestEndings(of: paths)
        return lines.map { line in
            guard line.text.contains(opening) else { return line }
            return DiagnosticMessage.Line(rewritten(line.text, with: shortened), places: line.places)
        }
    }

    /// Each path's shortest ending that no other path ends with (the whole path when every
    /// ending is shared). A metatype's `.Type` or `.Protocol` is kept after the type it
    /// describes, which is shortened against the other types: `Heater.Type` beside
    /// `Shop.Heater` is `Heater.Type` and `Shop.Heater` only if they are one type.
    private static func shortestEndings(of paths: Set<[Substring]>) -> [[Substring]: String] {
        func split(_ path: [Substring]) -> (type: ArraySlice<Substring>, metatype: ArraySlice<Substring>) {
            var end = path.endIndex
            while end > path.startIndex + 1, ["Type", "Protocol"].contains(path[end - 1]) { end -= 1 }
            return (path[..<end], path[end...])
        }
        let types = Set(paths.map { Array(split($0).type) })
        var result: [[Substring]: String] = [:]
        for path in paths {
            let (type, metatype) = split(path)
            var length = 1
            while length < type.count {
                let ending = type.suffix(length)
                let shared = types.contains { other in !other.elementsEqual(type) && other.count >= length && other.suffix(length).elementsEqual(ending) }
                if !shared { break }
                length += 1
            }
            result[path] = (type.suffix(length) + metatype).joined(separator: ".")
        }
        return result
    }

    /// Calls `path` with every dotted path (`CycleTests.AA`) inside the marked names of
    /// `text`, and `text` with every other character, marks left out, in order.
    private static func scan(_ text: String, text emit: (Character) -> Void, path: ([Substring]) -> Void) {
        var inside = false
        var components: [Substring] = []
        var start: String.Index?
        func endComponent(at end: String.Index) {
            if let componentStart = start { components.append(text[componentStart..<end]) }
            start = nil
        }
        func endPath(at end: String.Index) {
            endComponent(at: end)
            if !components.isEmpty { path(components) }
            components = []
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == opening {
                inside = true
            } else if character == closing {
                endPath(at: index)
                inside = false
            } else if !inside {
                emit(character)
            } else if isNameCharacter(character) {
                if start == nil { start = index }
            } else if character == ".", start != nil, next < text.endIndex, isNameCharacter(text[next]) {
                endComponent(at: index)
            } else {
                endPath(at: index)
                emit(character)
            }
            index = next
        }
        endPath(at: text.endIndex)
    }

    /// `text` with its marks removed and every marked path written as `shortened` says.
    private static func rewritten(_ text: String, with shortened: [[Substring]: String]) -> String {
        var result = ""
        scan(text, text: { result.append($0) }, path: { result += shortened[$0] ?? $0.joined(separator: ".") })
        return result
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "`"
    }
}
