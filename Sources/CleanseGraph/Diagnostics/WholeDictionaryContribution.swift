/// A whole dictionary contributed through `.intoDictionary(key:)`: the key given there would
/// be ignored, and entries colliding with other contributions silently dropped.
public struct WholeDictionaryContribution: CleanseError, Hashable {
    /// The dictionary's binding key.
    public let dictionary: BindingKey
    /// The key passed to `.intoDictionary(key:)`.
    public let entryKey: MultibindingKey
    /// Where the contribution was written.
    public let location: SourceLocation

    package init(dictionary: BindingKey, entryKey: MultibindingKey, location: SourceLocation) {
        self.dictionary = dictionary
        self.entryKey = entryKey
        self.location = location
    }

    public var diagnosticID: DiagnosticID { .wholeDictionaryContribution }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message = MessageBuilder(.wholeDictionaryContribution, "a whole dictionary is contributed to \(dictionary.quoted) under key \(entryKey)")
        message.detail("contributed at \(location)", .binding(location))
        message.detail(".intoDictionary(key:) adds one entry: the key would be ignored, and entries that collide with other contributions lost")
        message.fix("contribute the element for key \(entryKey) (to(value:) or to(factory:) returning the element), with one .intoDictionary(key:) per entry")
        return message.message
    }
}
