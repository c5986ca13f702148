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
    /// The function the binding was written in (`configure(binder:)`), when known. Not part
    /// of the location's identity: two locations are equal when their file and line are.
    public let function: String?

    /// Creates a location from a file name, a line and optionally the enclosing function.
    public init(file: String, line: Int, function: String? = nil) {
        self.file = file
        self.line = line
        self.function = function
    }

    /// Creates a location from the `StaticString`s that `#fileID` and `#function` default
    /// arguments produce.
    public init(file: StaticString, line: Int, function: StaticString? = nil) {
        self.init(file: file.description, line: line, function: function?.description)
    }

    /// `file:line`, the form compilers and editors understand.
    public var description: String { "\(file):\(line)" }

    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.file == rhs.file && lhs.line == rhs.line
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
    }

    /// Orders by file, then line, so reports are deterministic.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}
