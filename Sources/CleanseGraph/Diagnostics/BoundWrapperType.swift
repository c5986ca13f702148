/// A binding of a type Cleanse makes for every binding, such as `Provider<Int>`: requests
/// for it are served by the binding of the wrapped key, so this binding would never be used.
/// The same holds for a component's `Seed` of such a type (`WeakProvider<User>`,
/// `AsyncProvider<User>`): only `Provider` and `TaggedProvider` seeds are unwrapped.
public struct BoundWrapperType: CleanseError, Hashable {
    /// The wrapper type that was bound (`Provider<Int>`).
    public let wrapper: TypeIdentity
    /// The key whose binding serves requests for it (`Int`).
    public let wrappedKey: BindingKey
    /// Where the binding was written (for a seed: where its component is built or installed).
    public let location: SourceLocation
    /// When the wrapper is a component's `Seed`: that component.
    public let seedOf: TypeIdentity?

    package init(wrapper: TypeIdentity, wrappedKey: BindingKey, location: SourceLocation, seedOf: TypeIdentity? = nil) {
        self.wrapper = wrapper
        self.wrappedKey = wrappedKey
        self.location = location
        self.seedOf = seedOf
    }

    public var diagnosticID: DiagnosticID { .boundWrapperType }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        if let component = seedOf {
            var message = MessageBuilder(.boundWrapperType, "\(wrapper.quoted) cannot be the seed of component \(component.quoted): every request for it is served by the binding of \(wrappedKey.quoted), which the seed does not provide")
            message.detail("the component is built or installed at \(location)", .installation(location))
            let tagged = wrappedKey.tag.map { "TaggedProvider<\($0.codeName)>" }
            message.fix("make the seed \(tagged.map { "\($0) or " } ?? "")\(wrappedKey.quoted) itself (an asynchronous value is awaited before build(_:)); it is bound as \(wrappedKey.quoted), and \(wrapper.quoted) may be requested inside as before")
            return message.message
        }
        var message = MessageBuilder(.boundWrapperType, "\(wrapper.quoted) cannot be bound: every request for it is served by the binding of \(wrappedKey.quoted)")
        message.detail("bound at \(location)", .binding(location))
        let tagStep = wrappedKey.tag.map { ".tagged(with: \($0.metatypeExpression))" } ?? ""
        message.fix("bind \(wrappedKey.quoted) instead, e.g. binder.bind(\(wrappedKey.type.metatypeExpression))\(tagStep).to(provider: …), and request \(wrapper.quoted) as before")
        return message.message
    }
}
