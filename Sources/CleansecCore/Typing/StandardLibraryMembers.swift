/// The types of the standard library's members that a closure's result most often ends in
/// (`{ ($0 as Config).names.count }`, `{ ($0 as Config).title.uppercased() }`): the ones a
/// chain of an app's own types reaches last. The standard library is not read from source or
/// from its symbol graph (48 MB, its members declared on protocols as `Self.Element`), so
/// this table states those members' types as the library declares them; a member it does not
/// list leaves the binding unread, never guessed.
enum StandardLibraryMembers {
    /// The type of `name` (a property, or a method called without arguments' labels beyond
    /// `labels`) of a value of type `owner`, when `owner` is a standard-library type that
    /// declares it.
    static func type(of name: String, called: Bool, labels: [String], on owner: SpelledType) -> SpelledType? {
        guard case .named(let path, let arguments) = owner else { return nil }
        let int = SpelledType.named("Int", [])
        let bool = SpelledType.named("Bool", [])
        let string = SpelledType.named("String", [])
        func optional(_ wrapped: SpelledType) -> SpelledType { .named("Optional", [wrapped]) }
        let element: SpelledType? = switch path {
        case "Array", "Set", "ContiguousArray", "ArraySlice": arguments.count == 1 ? arguments[0] : nil
        case "String", "Substring": .named("Character", [])
        default: nil
        }
        switch (name, called, labels) {
        case ("count", false, _) where element != nil || path == "Dictionary": return int
        case ("isEmpty", false, _) where element != nil || path == "Dictionary": return bool
        case ("first", false, _), ("randomElement", true, []), ("min", true, []), ("max", true, []):
            return element.map(optional)
        case ("last", false, _) where path != "Set":
            return element.map(optional)
        case ("sorted", true, []), ("shuffled", true, []):
            return element.map { .named("Array", [$0]) }
        case ("contains", true, ["_"]):
            return element != nil ? bool : nil
        case ("uppercased", true, []), ("lowercased", true, []):
            return ["String", "Substring"].contains(path) ? string : nil
        case ("hasPrefix", true, ["_"]), ("hasSuffix", true, ["_"]):
            return ["String", "Substring"].contains(path) ? bool : nil
        case ("description", false, _):
            return Self.describable.contains(path) ? string : nil
        default:
            return nil
        }
    }

    /// The standard library's types whose `description` is a `String`.
    private static let describable: Set<String> = integerTypes.union([
        "String", "Substring", "Character", "Bool", "Double", "Float", "Array", "Set", "Dictionary",
    ])

    /// The standard library's fixed-width integer types: an integer literal can be any of
    /// them, and `String(reflecting:)` prints each value as the literal's decimal digits.
    static let integerTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
}
