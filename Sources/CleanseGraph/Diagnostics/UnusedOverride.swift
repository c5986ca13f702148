/// An override whose key no component in the tree binds, so it would replace nothing;
/// almost always a typo or a missing tag.
public struct UnusedOverride: CleanseError, Hashable {
    /// The overridden key.
    public let key: BindingKey
    /// Where the override was written.
    public let location: SourceLocation
    /// Keys bound in the tree that were probably meant: the same type under another tag, or
    /// a type whose name is close (`Network` for an override of `FakeNetwork`).
    public let suggestions: [BindingKey]

    package init(key: BindingKey, location: SourceLocation, suggestions: [BindingKey]) {
        self.key = key
        self.location = location
        self.suggestions = suggestions.sorted { $0.description < $1.description }
    }

    public var diagnosticID: DiagnosticID { .unusedOverride }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message = MessageBuilder(.unusedOverride, "the override of \(key.quoted) replaces nothing: no component binds \(key.quoted)")
        message.detail("overridden at \(location)", .override(location))
        if !suggestions.isEmpty {
            message.detail("did you mean \(suggestions.map(\.quoted).joined(separator: " or "))?")
        }
        if let meant = suggestions.first, suggestions.count == 1 {
            // A double bound under its own type (`FakeNetwork`), or under another tag, instead
            // of the key the app binds.
            let tagStep = meant.tag.map { ".tagged(with: \($0.metatypeExpression))" } ?? ""
            message.fix("override the key the component tree binds, with the same type and tag: binder.bind(\(meant.type.metatypeExpression))\(tagStep).to(…) in the override module, giving it the double")
        } else {
            message.fix("override a key the component tree binds, with the same type and tag")
        }
        return message.message
    }
}
