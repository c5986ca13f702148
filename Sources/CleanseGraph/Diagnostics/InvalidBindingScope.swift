/// A binding shared with `.sharedInScope()` in a scope its component does not have.
public struct InvalidBindingScope: CleanseError, Hashable {
    /// The key of the binding.
    public let key: BindingKey
    /// The scope the binding asks for (its module's `Binder` scope).
    public let bindingScope: TypeIdentity
    /// The component's scope, or `nil` when the component is `Unscoped`.
    public let componentScope: TypeIdentity?
    /// The component the binding was configured in.
    public let component: TypeIdentity
    /// Where the binding was written.
    public let location: SourceLocation
    /// How the component came to include the binding's module: its `include(module:)`, then
    /// that of the module that included it, up to the component's own configuration. Empty
    /// when the component binds it itself.
    public let inclusions: [Inclusion]

    /// One `include(module:)` on the way from a component to a binding.
    public struct Inclusion: Hashable, Sendable {
        /// The included module.
        public let module: TypeIdentity
        /// Where `include(module:)` was written.
        public let location: SourceLocation
    }

    package init(
        key: BindingKey, bindingScope: TypeIdentity, componentScope: TypeIdentity?, component: TypeIdentity, location: SourceLocation,
        inclusions: [Inclusion] = []
    ) {
        self.inclusions = inclusions
        self.key = key
        self.bindingScope = bindingScope
        self.componentScope = componentScope
        self.component = component
        self.location = location
    }

    public var diagnosticID: DiagnosticID { .invalidScope }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        let has = componentScope.map { "has scope \($0.quoted)" } ?? "is unscoped"
        var message = MessageBuilder(.invalidScope, "\(key.quoted) is shared in scope \(bindingScope.quoted), but component \(component.quoted) \(has)")
        message.detail("bound at \(location)", .binding(location))
        for inclusion in inclusions {
            message.detail("\(inclusion.module.quoted) is included at \(inclusion.location)", .inclusion(inclusion.location))
        }
        // The include written in the component's own configuration is the one to move.
        let elsewhere = inclusions.last.map { "move include(module: \($0.module.metatypeExpression)) at \($0.location) into" } ?? "include the module in"
        message.fix("give component \(component.quoted) the scope \(bindingScope.quoted) (configure(binder: Binder<\(bindingScope.codeName)>)), or \(elsewhere) a component that has it")
        return message.message
    }
}
