/// Where a binding, a request or an installation was written in the user's source code.
///
/// Every terminating step of the binder DSL records one from its caller's `#fileID`,
/// `#line`, `#column` and `#function`, so that every diagnostic can point back at the line to
/// change, and two calls written on one line stay two places.
///
/// ```swift
/// let location = SourceLocation(file: "CoffeeShop/Heater.swift", line: 12, column: 30)
/// print(location) // CoffeeShop/Heater.swift:12
/// ```
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Text that is either a compile-time literal (kept as is, so that recording a
    /// location allocates nothing) or a string made at run time.
    private enum Text: Sendable {
        case literal(StaticString)
        case string(String)

        var string: String {
            switch self {
            case .literal(let literal): return literal.description
            case .string(let string): return string
            }
        }

        func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch self {
            case .literal(let literal) where literal.hasPointerRepresentation:
                return literal.withUTF8Buffer(body)
            case .literal(let literal):
                var string = literal.description
                return string.withUTF8(body)
            case .string(var string):
                return string.withUTF8(body)
            }
        }
    }

    private let fileText: Text
    private let functionText: Text?

    /// The 1-based line in `file`.
    public let line: Int

    /// The 1-based column in `line`, in UTF-8 bytes as the compiler counts (`#column` as a
    /// default argument is where the call's arguments start: its `(`, or the `{` of a
    /// trailing closure); 0 when not known. Part of the location's identity, not of its
    /// `description`.
    public let column: Int

    /// The file, as `#fileID` spells it (`Module/File.swift`), or a path.
    public var file: String { fileText.string }

    /// The function the binding was written in (`configure(binder:)`), when known. Not part
    /// of the location's identity: two locations are equal when their file, line and column are.
    public var function: String? { functionText?.string }

    /// Creates a location from a file name, a line, a column (0 when not known) and
    /// optionally the enclosing function.
    package init(file: String, line: Int, column: Int = 0, function: String? = nil) {
        fileText = .string(file)
        self.line = line
        self.column = column
        functionText = function.map { .string($0) }
    }

    /// Creates a location from the `StaticString`s that `#fileID` and `#function` default
    /// arguments produce, with `#line` and `#column`.
    public init(file: StaticString, line: Int, column: Int = 0, function: StaticString? = nil) {
        fileText = .literal(file)
        self.line = line
        self.column = column
        functionText = function.map { .literal($0) }
    }

    /// `file:line`, the form compilers and editors understand.
    public var description: String { "\(file):\(line)" }

    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.fileText.withUTF8 { left in rhs.fileText.withUTF8 { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        fileText.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(line)
        hasher.combine(column)
    }

    /// Orders by file, then line, then column, so reports are deterministic.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
