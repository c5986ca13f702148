/// A value (not a class) shared in a subcomponent that keeps a handle on its own component:
/// the component instance keeps the value and the value keeps the instance, and a value
/// cannot be held weakly, so every instance of the subcomponent would stay in memory.
public struct SelfRetainingValue: CleanseError, Hashable {
    /// The shared value's key.
    public let key: BindingKey
    /// Where it is bound.
    public let location: SourceLocation
    /// The subcomponent whose instances would never be freed.
    public let component: TypeIdentity
    /// The type through which it keeps the handle, as requested (`Provider<Repository>`).
    public let handle: TypeIdentity

    package init(key: BindingKey, location: SourceLocation, component: TypeIdentity, handle: TypeIdentity) {
        self.key = key
        self.location = location
        self.component = component
        self.handle = handle
    }

    public var diagnosticID: DiagnosticID { .selfRetainingValue }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message = MessageBuilder(
            .selfRetainingValue,
            "\(key.quoted) is a value shared in \(component.quoted) that keeps \(handle.quoted), a handle on that component, so no instance of \(component.quoted) would ever be freed"
        )
        message.detail("bound at \(location)", .binding(location))
        message.detail("a shared class instance that keeps such a handle is held weakly and freed with its users; a value cannot be held weakly")
        message.fix("make \(key.type.quoted) a class, keep a WeakProvider instead of \(handle.quoted), or do not share it in scope")
        return message.message
    }
}
