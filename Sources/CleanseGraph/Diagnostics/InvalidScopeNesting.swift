/// A component installed inside one that already has its scope, or inside itself.
///
/// A scope names one lifetime; a subcomponent with its ancestor's scope would make
/// `.sharedInScope()` ambiguous, and a component that installs its own ancestor would nest
/// forever.
public struct InvalidScopeNesting: CleanseError, Hashable {
    /// The installed component.
    public let innerComponent: TypeIdentity
    /// The ancestor it clashes with (itself, for a component that installs itself).
    public let outerComponent: TypeIdentity
    /// The shared scope, or `nil` when the component installs one of its ancestors.
    public let scope: TypeIdentity?
    /// Where the installation was written.
    public let location: SourceLocation

    package init(innerComponent: TypeIdentity, outerComponent: TypeIdentity, scope: TypeIdentity?, location: SourceLocation) {
        self.innerComponent = innerComponent
        self.outerComponent = outerComponent
        self.scope = scope
        self.location = location
    }

    public var diagnosticID: DiagnosticID { .invalidScopeNesting }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message: MessageBuilder
        if let scope {
            message = MessageBuilder(.invalidScopeNesting, "component \(innerComponent.quoted) has scope \(scope.quoted), which its ancestor \(outerComponent.quoted) already has")
            message.detail("installed at \(location), inside a component with the same scope: (\(scope.displayed))", .installation(location))
            message.fix("declare a scope of its own for \(innerComponent.quoted), e.g. struct \(innerComponent.shortName.prefix { $0 != "<" })Scope: Scope {}")
        } else {
            message = MessageBuilder(.invalidScopeNesting, "component \(innerComponent.quoted) is installed inside itself (through \(outerComponent.quoted))")
            message.detail("installed at \(location)", .installation(location))
            message.fix("remove the install(dependency:) of an ancestor; a subcomponent already sees its ancestors' bindings")
        }
        return message.message
    }
}
