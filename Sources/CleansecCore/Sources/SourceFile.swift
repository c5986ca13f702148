import CleanseGraph
import SwiftParser
public import SwiftSyntax

/// One Swift file given to cleansec: its text parsed once, and the names it goes by.
///
/// The runtime records locations with `#fileID` (`Module/File.swift`), so the analyzer puts
/// the same form into the model it builds, and maps it back to ``path`` when it prints.
public struct SourceFile: Sendable {
    /// The path the file was read from, as given on the command line.
    public let path: String
    /// The module the file belongs to.
    public let moduleName: String
    /// `Module/File.swift`, the form `#fileID` takes in that module.
    public let fileID: String
    /// The parsed file.
    public let syntax: SourceFileSyntax
    /// The UTF-8 offset where each line starts, for turning positions into lines and
    /// columns (from the text: a walk of the whole tree costs seconds in a large file).
    private let lineStarts: [Int]
    /// Where the text mentions a component or a build (`Component`, `.build(`): the only
    /// places a root entry, a build or a local component can be, so the finder of those
    /// skips everything else.
    let mentions: [Int]
    /// Where the parser first met something it could not read (a syntax error, or nesting
    /// deeper than ``maximumNestingLevel``), after which bindings may be missing from the
    /// tree; `nil` for a file that parses.
    let firstParseError: AbsolutePosition?

    /// How deeply the parser nests before it gives up on the rest of a construct: far
    /// beyond hand-written code, and the same in debug and release builds of cleansec
    /// (swift-syntax's own default is 20 in debug builds). Deep parses need a large stack:
    /// cleansec parses and analyses on ``LargeStack`` threads.
    static let maximumNestingLevel = 2_000

    /// The longest run of `<` or `>` the parser is given. swift-syntax lexes a run of `>` as
    /// one operator and splits it one generic argument list at a time, which takes time in
    /// the square of the run's length (a type nested 10,000 generic levels deep took
    /// minutes). No hand-written code comes near; a file that does is read up to the line
    /// of the run, which is then where the file "does not parse from".
    static let maximumAngleBracketRun = 1_000

    /// Parses `text`, read from `path`, as a file of module `moduleName`.
    public init(path: String, moduleName: String, text: String) {
        self.path = path
        self.moduleName = moduleName
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        fileID = "\(moduleName)/\(fileName)"
        var text = PeerMacroExpansion.expanding(text, fileID: fileID)
        var cut: Int?
        (syntax, lineStarts, mentions) = text.withUTF8 { bytes in
            cut = Self.startOfLineWithLongAngleBracketRun(in: bytes)
            let parsed = UnsafeBufferPointer(rebasing: bytes[..<(cut ?? bytes.count)])
            return (Parser.parse(source: parsed, maximumNestingLevel: Self.maximumNestingLevel), Self.lineStarts(of: bytes), Self.mentions(in: bytes))
        }
        if let cut {
            // An error the parser met before the cut line's own newline is the first; what
            // it reports at the end is only that the text stops there.
            let earlier = syntax.hasError ? ParseErrorFinder.first(in: syntax).flatMap { $0.utf8Offset < cut - 1 ? $0 : nil } : nil
            firstParseError = earlier ?? AbsolutePosition(utf8Offset: cut)
        } else {
            firstParseError = syntax.hasError ? ParseErrorFinder.first(in: syntax) : nil
        }
    }

    /// Where the line starts that holds the first run of more than
    /// ``maximumAngleBracketRun`` `<` or `>`, or `nil` when no run is that long.
    private static func startOfLineWithLongAngleBracketRun(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var run = 0
        var lineStart = 0
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                run += 1
                if run > maximumAngleBracketRun { return lineStart }
            case UInt8(ascii: "\n"):
                run = 0
                lineStart = index + 1
            default:
                run = 0
            }
        }
        return nil
    }

    /// The 1-based line and column (in UTF-8 bytes, as compilers count) where `position` is.
    func lineAndColumn(of position: AbsolutePosition) -> (line: Int, column: Int) {
        let offset = position.utf8Offset
        // The last line starting at or before `offset`.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// Whether the text between `start` and `end` (UTF-8 offsets) holds a mention.
    func mentions(from start: Int, to end: Int) -> Bool {
        var low = 0, high = mentions.count
        while low < high {
            let middle = (low + high) / 2
            if mentions[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < mentions.count && mentions[low] < end
    }

    private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        for index in bytes.indices {
            let byte = bytes[index]
            // "\n", or a "\r" not followed by "\n", ends a line.
            if byte == 10 || (byte == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) {
                starts.append(index + 1)
            }
        }
        return starts
    }

    private static func mentions(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        let words: [[UInt8]] = [Array("Component".utf8), Array(".build".utf8)]
        var found: [Int] = []
        guard !bytes.isEmpty else { return found }
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "C") || byte == UInt8(ascii: ".") else { continue }
            for word in words where word[0] == byte && index + word.count <= bytes.count {
                if (1..<word.count).allSatisfy({ bytes[index + $0] == word[$0] }) {
                    found.append(index)
                }
            }
        }
        return found
    }
}

/// Where something was found: a file, a line and a column, in both of the forms cleansec
/// uses (the `#fileID` form for the model, the path for printing).
public struct SourcePosition: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The path the file was read from.
    public let path: String
    /// The file's `#fileID` form.
    public let fileID: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column.
    public let column: Int

    /// Creates a position.
    public init(path: String, fileID: String, line: Int, column: Int) {
        self.path = path
        self.fileID = fileID
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the form compilers print.
    public var description: String { "\(path):\(line):\(column)" }

    /// The graph model's place for this position: the `#fileID` form, the line and the
    /// column, as the runtime records them from `#fileID`, `#line` and `#column`.
    var location: CleanseGraph.SourceLocation {
        CleanseGraph.SourceLocation(file: fileID, line: line, column: column)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

extension SourceFile {
    /// The position of `node`'s first token (trivia excluded) in this file.
    func position(of node: some SyntaxProtocol) -> SourcePosition {
        let (line, column) = lineAndColumn(of: node.positionAfterSkippingLeadingTrivia)
        return SourcePosition(path: path, fileID: fileID, line: line, column: column)
    }

    /// The position of the absolute offset `position` in this file.
    func position(of position: AbsolutePosition) -> SourcePosition {
        let (line, column) = lineAndColumn(of: position)
        return SourcePosition(path: path, fileID: fileID, line: line, column: column)
    }

    /// The start of line `line` of this file.
    func position(ofLine line: Int) -> SourcePosition {
        SourcePosition(path: path, fileID: fileID, line: line, column: 1)
    }
}

/// Finds the first place a parsed tree holds text the parser could not place, or a token it
/// expected and did not find.
private final class ParseErrorFinder: SyntaxAnyVisitor {
    private var found: AbsolutePosition?

    static func first(in tree: SourceFileSyntax) -> AbsolutePosition? {
        let finder = ParseErrorFinder(viewMode: .all)
        finder.walk(tree)
        return finder.found ?? tree.position
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard found == nil, node.hasError else { return .skipChildren }
        if node.is(UnexpectedNodesSyntax.self) {
            found = node.positionAfterSkippingLeadingTrivia
            return .skipChildren
        }
        if let token = node.as(TokenSyntax.self), token.presence == .missing {
            found = token.positionAfterSkippingLeadingTrivia
            return .skipChildren
        }
        return .visitChildren
    }
}

extension SourceFile {
    /// `node`'s text on one line (runs of white space, line breaks included, as one space),
    /// whole: notes quote what cleansec could not read, never a part of it.
    static func oneLine(_ node: some SyntaxProtocol) -> String {
        node.sourceText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
