/// Where a binding, a request or an installation was written in the user's source code.
///
/// Every terminating step of the binder DSL records one from its caller's `#fileID` and
/// `#line`, so that every diagnostic can point back at the line to change.
///
/// ```swift
/// let location = SourceLocation(file: "CoffeeShop/Heater.swift", line: 12)
/// print(location) // CoffeeShop/Heater.swift:12
/// ```
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` spells it (`Module/File.swift`), or a path.
    public let file: String
    /// The 1-based line in `file`.
    public let line: Int

    /// Creates a location from a file name and a line.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// Creates a location from the `StaticString` a `#fileID` default argument produces.
    public init(file: StaticString, line: Int) {
        self.init(file: file.description, line: line)
    }

    /// `file:line`, the form compilers and editors understand.
    public var description: String { "\(file):\(line)" }

    /// Orders by file, then line, so reports are deterministic.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}
