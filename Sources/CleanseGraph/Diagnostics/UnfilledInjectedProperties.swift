/// A class with `@Injected` properties made by a factory bound under a protocol
/// (`bind((any Analytics).self).to(factory: VendorAnalytics.init)`): the graph sees an
/// `any Analytics`, never the class, so it fills none of the properties, and the first read
/// of one stops the program. `ComponentFactory.of` cannot see the class without making an
/// object; cleansec reads the line and reports it.
///
/// ```text
/// [Cleanse/NotInjected] the binding of 'Analytics' makes a 'VendorAnalytics', whose @Injected properties the graph never fills: it sees only 'Analytics'
///   'Analytics' is bound at App/AnalyticsModule.swift:12
///   'VendorAnalytics.session' is declared at App/VendorAnalytics.swift:5
///   To fix: bind the protocol to the class, binder.bind((any Analytics).self).to { (object: VendorAnalytics) in object }, so that the graph makes 'VendorAnalytics' and fills its properties
/// ```
public struct UnfilledInjectedProperties: CleanseError, Hashable {
    /// The protocol's binding (`any Analytics`).
    public let key: BindingKey
    /// Where it is bound.
    public let location: SourceLocation
    /// The class its factory makes.
    public let objectType: TypeIdentity
    /// The first `@Injected` property of the class (`VendorAnalytics.session`), and where it
    /// is declared.
    public let property: String
    public let propertyLocation: SourceLocation
    /// Whether the graph makes the class from its initializer (`@Injectable`); otherwise
    /// the fix binds the class too.
    public let isConstructed: Bool
    /// Whether the binding is shared in its scope, which the fix keeps.
    public let isShared: Bool

    package init(
        key: BindingKey, location: SourceLocation, objectType: TypeIdentity, property: String, propertyLocation: SourceLocation,
        isConstructed: Bool, isShared: Bool
    ) {
        self.key = key
        self.location = location
        self.objectType = objectType
        self.property = property
        self.propertyLocation = propertyLocation
        self.isConstructed = isConstructed
        self.isShared = isShared
    }

    public var diagnosticID: DiagnosticID { .notInjected }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        var message = MessageBuilder(
            .notInjected,
            "the binding of \(key.quoted) makes a \(objectType.quoted), whose @Injected properties the graph never fills: it sees only \(key.type.quoted)"
        )
        message.detail("\(key.quoted) is bound at \(location)", .binding(location))
        message.detail("'\(property)' is declared at \(propertyLocation)", .request(propertyLocation))
        let tagStep = key.tag.map { ".tagged(with: \($0.name).self)" } ?? ""
        let scopeStep = isShared ? ".sharedInScope()" : ""
        let protocolLine = "binder.bind(\(key.type.metatypeExpression))\(tagStep)\(scopeStep).to { (object: \(objectType.name)) in object }"
        let classLine = isConstructed ? "" : "binder.bind(\(objectType.name).self).to(factory: \(objectType.name).init) and "
        message.fix("bind the protocol to the class, \(classLine)\(protocolLine), so that the graph makes \(objectType.quoted) and fills its properties")
        return message.message
    }
}
