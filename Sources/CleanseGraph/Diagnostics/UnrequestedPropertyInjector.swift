/// A warning: a property injector bound in a component where nothing requests it, so no
/// object ever gets its properties injected through it. Cleanse 4 said nothing, and users
/// met properties that stayed `nil`.
///
/// ```text
/// [Cleanse/UnrequestedPropertyInjector] warning: nothing in component 'App' requests 'PropertyInjector<LoginViewController>', so no 'LoginViewController' gets its properties injected through it
///   'PropertyInjector<LoginViewController>' is bound at App/LoginModule.swift:12
///   To fix: request PropertyInjector<LoginViewController> where the object is made and call injectProperties(into:), or make the object with bind(LoginViewController.self).to(factory:); if something outside the graph asks for the injector, add .silencing(.unrequestedPropertyInjector) to the binding
/// ```
public struct UnrequestedPropertyInjector: CleanseError, Hashable {
    /// The injector's key (`PropertyInjector<LoginViewController>`).
    public let key: BindingKey
    /// Where it is bound.
    public let location: SourceLocation
    /// The component that binds it.
    public let component: TypeIdentity

    package init(key: BindingKey, location: SourceLocation, component: TypeIdentity) {
        self.key = key
        self.location = location
        self.component = component
    }

    public var diagnosticID: DiagnosticID { .unrequestedPropertyInjector }

    public var severity: DiagnosticSeverity { .warning }

    public var description: String { diagnosticMessage.description }

    /// The class whose properties the injector fills: `LoginViewController`.
    public var injectedTypeName: String {
        let name = key.type.name
        guard let open = name.firstIndex(of: "<"), let close = name.lastIndex(of: ">"), open < close else { return name }
        return String(name[name.index(after: open)..<close])
    }

    public var diagnosticMessage: DiagnosticMessage {
        let injected = injectedTypeName
        var message = MessageBuilder(
            .unrequestedPropertyInjector,
            "warning: nothing in component \(component.quoted) requests \(key.quoted), so no '\(ShortestNames.marked(injected))' gets its properties injected through it"
        )
        message.detail("\(key.quoted) is bound at \(location)", .binding(location))
        message.fix(
            "request \(key.type.writtenInCode) where the object is made and call injectProperties(into:), or make the object with "
                + "bind(\(injected).self).to(factory:); if something outside the graph asks for the injector, add "
                + ".silencing(.unrequestedPropertyInjector) to the binding"
        )
        return message.message
    }
}
