/// An asynchronous binding (an `async`, throwing or main-actor factory) requested where it
/// cannot be awaited: by a synchronous factory, or through `Provider`, `TaggedProvider` or
/// `WeakProvider`, whose `get()` is synchronous.
public struct AsyncRequestedSynchronously: CleanseError, Hashable {
    /// The asynchronous binding's key.
    public let key: BindingKey
    /// How its factory runs.
    public let effect: BindingEffect
    /// Where the asynchronous binding was written; for a collection, its first asynchronous
    /// contribution.
    public let bindingLocation: SourceLocation
    /// Whether `key` is a collection that is asynchronous because of the contribution at
    /// `bindingLocation`.
    public let isCollection: Bool
    /// The binding that requests it.
    public let requester: BindingKey
    /// Where the requester was written.
    public let requestLocation: SourceLocation
    /// The type as the requester spelled it (`Database`, `Provider<Database>`).
    public let requestedAs: TypeIdentity
    /// Whether the requester is itself asynchronous (it asked through a synchronous provider).
    public let requesterIsAsync: Bool

    package init(
        key: BindingKey,
        effect: BindingEffect,
        bindingLocation: SourceLocation,
        requester: BindingKey,
        requestLocation: SourceLocation,
        requestedAs: TypeIdentity,
        requesterIsAsync: Bool,
        isCollection: Bool = false
    ) {
        self.isCollection = isCollection
        self.key = key
        self.effect = effect
        self.bindingLocation = bindingLocation
        self.requester = requester
        self.requestLocation = requestLocation
        self.requestedAs = requestedAs
        self.requesterIsAsync = requesterIsAsync
    }

    public var diagnosticID: DiagnosticID { .asyncRequestedSynchronously }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let how = effect.actor.map { "isolated to \($0)" } ?? "asynchronous"
        let requesterKind = requesterIsAsync ? "through a synchronous \(requestedAs.quoted)" : "by the synchronous factory of \(requester.quoted)"
        var message = MessageBuilder(.asyncRequestedSynchronously, "\(key.quoted) is \(how), but it is requested \(requesterKind)")
        message.detail(isCollection ? "\(key.quoted) has a contribution that is \(how), at \(bindingLocation)" : "\(key.quoted) is bound at \(bindingLocation)", .binding(bindingLocation))
        message.detail("\(requester.quoted) requests it as \(requestedAs.quoted) at \(requestLocation)", .request(requestLocation))
        if effect.actor != nil {
            message.fix("request MainActorProvider<\(key.type.writtenInCode)> and call get() on the main actor, or AsyncProvider<\(key.type.writtenInCode)> and call try await get(), or make the factory of \(requester.quoted) @MainActor and request \(key.quoted) directly")
        } else {
            message.fix("request AsyncProvider<\(key.type.writtenInCode)> and call try await get(), or make the factory of \(requester.quoted) async and request \(key.quoted) directly")
        }
        return message.message
    }
}
