/// Two contributions to one dictionary multibinding under the same key.
public struct DuplicateDictionaryKey: CleanseError, Hashable {
    /// The dictionary's binding key (`Dictionary<String, Handler>`, maybe tagged).
    public let dictionary: BindingKey
    /// The entry key contributed more than once, as written.
    public let entryKey: String
    /// Where each contribution was written, sorted.
    public let locations: [SourceLocation]

    package init(dictionary: BindingKey, entryKey: String, locations: [SourceLocation]) {
        self.dictionary = dictionary
        self.entryKey = entryKey
        self.locations = locations.sorted()
    }

    public var diagnosticID: DiagnosticID { .duplicateDictionaryKey }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message = MessageBuilder(.duplicateDictionaryKey, "key \(entryKey) is contributed \(locations.count) times to \(dictionary.quoted)")
        for location in locations {
            message.detail("contributed at \(location)", .binding(location))
        }
        message.fix("give each .intoDictionary(key:) contribution its own key")
        return message.message
    }
}
