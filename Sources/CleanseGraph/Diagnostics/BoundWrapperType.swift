/// A binding of a type Cleanse makes for every binding, such as `Provider<Int>`: requests
/// for it are served by the binding of the wrapped key, so this binding would never be used.
public struct BoundWrapperType: CleanseError {
    /// The wrapper type that was bound (`Provider<Int>`).
    public let wrapper: TypeIdentity
    /// The key whose binding serves requests for it (`Int`).
    public let wrappedKey: BindingKey
    /// Where the binding was written.
    public let location: SourceLocation

    package init(wrapper: TypeIdentity, wrappedKey: BindingKey, location: SourceLocation) {
        self.wrapper = wrapper
        self.wrappedKey = wrappedKey
        self.location = location
    }

    public var diagnosticID: DiagnosticID { .boundWrapperType }

    public var description: String {
        var message = MessageBuilder(.boundWrapperType, "\(wrapper.quoted) cannot be bound: every request for it is served by the binding of \(wrappedKey.quoted)")
        message.detail("bound at \(location)")
        let tagStep = wrappedKey.tag.map { ".tagged(with: \($0.name).self)" } ?? ""
        message.fix("bind \(wrappedKey.quoted) instead, e.g. binder.bind(\(wrappedKey.type.name).self)\(tagStep).to(provider: …), and request \(wrapper.quoted) as before")
        return message.text
    }
}
