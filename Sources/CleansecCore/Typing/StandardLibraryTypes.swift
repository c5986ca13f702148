/// The standard library's nominal types, which cleansec names without reading a declaration
/// (the library is neither source nor a symbol graph it reads). A name in a typing answer
/// that is neither declared in what cleansec reads nor in this table may be a typealias or a
/// C type it cannot see (`pthread_t` is `UInt` on Linux): the answer is unread.
enum StandardLibraryTypes {
    static func contains(_ path: String) -> Bool { nominal.contains(path) }

    /// Whether the standard library's type at `path` is generic (a complete type names its
    /// arguments: `[1, 2] as ArraySlice` is an `ArraySlice<Int>` the compiler infers).
    static func isGeneric(_ path: String) -> Bool { generic.contains(path) }

    private static let generic: Set<String> = [
        "Array", "ContiguousArray", "ArraySlice", "Dictionary", "Set", "Optional", "Result", "Range", "ClosedRange",
        "PartialRangeFrom", "PartialRangeUpTo", "PartialRangeThrough", "Task", "AsyncStream", "AsyncThrowingStream",
        "CheckedContinuation", "UnsafeContinuation", "UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer",
        "UnsafeMutableBufferPointer", "CollectionOfOne", "EmptyCollection", "KeyValuePairs", "Slice", "StrideTo",
        "StrideThrough", "ReversedCollection", "EnumeratedSequence", "Zip2Sequence", "Repeated",
    ]

    private static let nominal: Set<String> = StandardLibraryMembers.integerTypes.union([
        "Int128", "UInt128", "Double", "Float", "Float16", "Bool", "String", "Substring", "Character",
        "StaticString", "Unicode.Scalar", "Array", "ContiguousArray", "ArraySlice", "Dictionary", "Set",
        "Optional", "Result", "Range", "ClosedRange", "PartialRangeFrom", "PartialRangeUpTo", "PartialRangeThrough",
        "Never", "AnyHashable", "ObjectIdentifier", "Duration", "ContinuousClock", "SuspendingClock", "Task",
        "TaskPriority", "AsyncStream", "AsyncThrowingStream", "CheckedContinuation", "UnsafeContinuation",
        "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer",
        "UnsafeBufferPointer", "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer",
        "OpaquePointer", "CollectionOfOne", "EmptyCollection", "KeyValuePairs", "Slice", "Mirror", "Hasher",
        "SystemRandomNumberGenerator", "StrideTo", "StrideThrough", "ReversedCollection", "EnumeratedSequence",
        "Zip2Sequence", "Repeated", "Error", "Any", "AnyObject",
    ])
}

extension SpelledType {
    /// Whether every nominal type in it is declared in `index` or is the standard library's,
    /// each generic one with its arguments.
    func isDeclared(in index: DeclarationIndex) -> Bool {
        switch self {
        case .named(let path, let arguments):
            // A type nested in a generic one names it without arguments (`ArraySlice.Length`
            // of `extension ArraySlice where Element == UInt8`): not a complete type.
            var end = path.startIndex
            while let dot = path[end...].firstIndex(of: ".") {
                let parent = String(path[..<dot])
                let declared = index.declaration(parent).flatMap { $0.kind == .extensionOnly ? nil : $0 }
                if declared.map({ !$0.genericParameters.isEmpty }) ?? StandardLibraryTypes.isGeneric(parent) { return false }
                end = path.index(after: dot)
            }
            // An app's own `Task` or `Result` is its declaration, not the library's.
            if let declaration = index.declaration(path), declaration.kind != .extensionOnly {
                return !(arguments.isEmpty && !declaration.genericParameters.isEmpty) && arguments.allSatisfy { $0.isDeclared(in: index) }
            }
            guard StandardLibraryTypes.contains(path), !(arguments.isEmpty && StandardLibraryTypes.isGeneric(path)) else { return false }
            return arguments.allSatisfy { $0.isDeclared(in: index) }
        case .member(let parent, _, let arguments):
            let declared = path.map { StandardLibraryTypes.contains($0) || index.declaration($0).map { $0.kind != .extensionOnly } == true } ?? false
            return declared && parent.isDeclared(in: index) && arguments.allSatisfy { $0.isDeclared(in: index) }
        case .tuple(let elements):
            return elements.allSatisfy { $0.isDeclared(in: index) }
        case .labeled(_, let type):
            return type.isDeclared(in: index)
        case .function(let parameters, _, let result):
            return parameters.allSatisfy { $0.isDeclared(in: index) } && result.isDeclared(in: index)
        case .parameter, .unknown:
            return false
        }
    }
}
