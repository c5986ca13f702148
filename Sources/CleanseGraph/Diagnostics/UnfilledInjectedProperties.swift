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
    /// How the reported line binds the protocol, which the fix keeps.
    public struct Line: Hashable, Sendable {
        /// Whether it is a component's root (`configureRoot`'s `bind.to(factory:)`).
        public var isRoot = false
        /// Its collection step as written (`.intoCollection()`, `.intoDictionary(key: "a")`).
        public var collectionStep: String?
        /// Whether it is shared in its scope.
        public var isShared = false
        /// How its factory runs: the handing-on closure awaits or runs on the main actor alike.
        public var effect = BindingEffect.synchronous

        public init(isRoot: Bool = false, collectionStep: String? = nil, isShared: Bool = false, effect: BindingEffect = .synchronous) {
            self.isRoot = isRoot
            self.collectionStep = collectionStep
            self.isShared = isShared
            self.effect = effect
        }
    }

    /// The protocol's key (`any Analytics`; for a collection, its element's).
    public let key: BindingKey
    /// Where it is bound.
    public let location: SourceLocation
    /// The class its factory makes.
    public let objectType: TypeIdentity
    /// The first `@Injected` property of the class (`VendorAnalytics.session`).
    public let property: String
    /// Where that property is declared.
    public let propertyLocation: SourceLocation
    /// Whether the graph makes the class from its initializer (`@Injectable`); otherwise
    /// the fix binds the class too.
    public let isConstructed: Bool
    /// How the line is written.
    public let line: Line

    package init(
        key: BindingKey, location: SourceLocation, objectType: TypeIdentity, property: String, propertyLocation: SourceLocation,
        isConstructed: Bool, line: Line
    ) {
        self.key = key
        self.location = location
        self.objectType = objectType
        self.property = property
        self.propertyLocation = propertyLocation
        self.isConstructed = isConstructed
        self.line = line
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
        let classLine = isConstructed ? "" : "binder.bind(\(objectType.metatypeExpression)).to(factory: \(objectType.codeName).init) and "
        if line.isRoot {
            message.fix("hand the class on in configureRoot, \(classLine)bind.to \(handingOn), so that the graph makes \(objectType.quoted) and fills its properties")
        } else {
            let tagStep = key.tag.map { ".tagged(with: \($0.metatypeExpression))" } ?? ""
            let steps = (line.collectionStep ?? "") + tagStep + (line.isShared ? ".sharedInScope()" : "")
            message.fix("bind the protocol to the class, \(classLine)binder.bind((any \(key.type.codeName)).self)\(steps).to \(handingOn), so that the graph makes \(objectType.quoted) and fills its properties")
        }
        return message.message
    }

    /// The closure that hands the class's object on, run as the reported factory ran.
    private var handingOn: String {
        if line.effect == .mainActor { return "{ @MainActor (object: \(objectType.codeName)) in object }" }
        if line.effect.isAsynchronous { return "{ (object: \(objectType.codeName)) async in object }" }
        return "{ (object: \(objectType.codeName)) in object }"
    }
}
