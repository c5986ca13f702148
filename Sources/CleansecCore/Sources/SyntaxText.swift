import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source without the trivia before its first token and after its last
    /// (`trimmedDescription`'s text), cut from `description`: `trimmedDescription` first
    /// rebuilds the tree without that trivia, a cost paid on every binding read.
    var sourceText: String {
        let text = description
        let leading = leadingTriviaLength.utf8Length
        let trailing = trailingTriviaLength.utf8Length
        guard leading > 0 || trailing > 0 else { return text }
        let bytes = text.utf8
        guard leading + trailing <= bytes.count else { return "" }
        let start = bytes.index(bytes.startIndex, offsetBy: leading)
        let end = bytes.index(bytes.endIndex, offsetBy: -trailing)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
