/// A dependency that no binding provides, with every place that requested it and the path
/// from the component's root to each request.
///
/// ```text
/// [Cleanse/MissingBinding] missing binding for 'Grinder' in component 'CoffeeShop'
///   'Grinder' binding missing: required by GrindingCoffeeMaker at CoffeeMaker/Shop.swift:32
///     GrindingCoffeeMaker is requested by CoffeeBar at CoffeeMaker/Shop.swift:40
///     CoffeeBar is the root of component 'CoffeeShop'
///   To fix: bind it in a module the component includes, e.g. binder.bind(Grinder.self).to(factory: …)
/// ```
public struct MissingProvider: CleanseError, Hashable {
    /// One place the missing key was requested.
    public struct Request: Hashable, Sendable {
        /// The key of the binding whose factory asked for it.
        public let requiredBy: BindingKey
        /// The type as the factory spelled it (`Provider<Heater>` or `Heater`).
        public let requestedAs: TypeIdentity
        /// Where the requesting binding was written.
        public let location: SourceLocation
        /// The component the requesting binding belongs to.
        public let component: TypeIdentity
        /// How the component's root reaches the requesting binding: each step is a binding
        /// that requests the one before it, the last being the root. Empty when the
        /// requester is the root itself, `nil` when the root does not reach it.
        public let trace: [TraceStep]?
        /// For an `@Injected` property: its name with its class (`location` is then where
        /// the property is declared).
        public let property: String?

        package init(
            requiredBy: BindingKey, requestedAs: TypeIdentity, location: SourceLocation, component: TypeIdentity, trace: [TraceStep]? = [],
            property: String? = nil
        ) {
            self.requiredBy = requiredBy
            self.requestedAs = requestedAs
            self.location = location
            self.component = component
            self.trace = trace
            self.property = property
        }
    }

    /// One binding on the path from a root to a request.
    public struct TraceStep: Hashable, Sendable {
        /// The binding's key.
        public let key: BindingKey
        /// Where the binding was written.
        public let location: SourceLocation

        package init(key: BindingKey, location: SourceLocation) {
            self.key = key
            self.location = location
        }
    }

    /// A binding of the missing key that the requester cannot see, because it is in a
    /// subcomponent of the requester's component or in another branch of the tree.
    public struct HiddenBinding: Hashable, Sendable {
        /// The component that binds the key.
        public let component: TypeIdentity
        /// Where it is bound.
        public let location: SourceLocation
        /// Whether that component is below the requester's (the usual mistake: a parent
        /// asking for what only its child binds).
        public let isBelowRequester: Bool

        package init(component: TypeIdentity, location: SourceLocation, isBelowRequester: Bool) {
            self.component = component
            self.location = location
            self.isBelowRequester = isBelowRequester
        }
    }

    /// The key nothing provides.
    public let requestedKey: BindingKey
    /// Every request for it, sorted by location.
    public let requests: [Request]
    /// Bound keys that are probably what was meant: the same type with another tag, or a
    /// type with a similar name.
    public let suggestions: [BindingKey]
    /// Bindings of the key elsewhere in the tree, out of the requesters' sight.
    public let hiddenBindings: [HiddenBinding]
    /// The seed of the requesters' component (what its `build(_:)` is given), when it is not
    /// `Void` and nothing closer was found to suggest: a factory that meant the seed asked for
    /// it under another type.
    public let seed: BindingKey?
    /// When the missing type is marked `@Injectable` (or conforms to `ConstructorInjectable`)
    /// but its declaration gives the graph no initializer to call: why, and where it is
    /// declared.
    public package(set) var unconstructed: Unconstructed?

    /// Why a type that says it is constructed is not.
    public struct Unconstructed: Hashable, Sendable {
        /// What stops it (`it declares several initializers: mark the one to call @Inject`).
        public let reason: String
        /// Where the type is declared.
        public let location: SourceLocation

        package init(reason: String, location: SourceLocation) {
            self.reason = reason
            self.location = location
        }
    }

    package init(
        requestedKey: BindingKey, requests: [Request], suggestions: [BindingKey], hiddenBindings: [HiddenBinding] = [], seed: BindingKey? = nil
    ) {
        self.seed = seed
        self.requestedKey = requestedKey
        self.requests = requests.sorted { ($0.location, $0.requiredBy.description) < ($1.location, $1.requiredBy.description) }
        self.suggestions = suggestions
        self.hiddenBindings = hiddenBindings.sorted { ($0.location, $0.component.name) < ($1.location, $1.component.name) }
    }

    /// The type that was requested (the original API's name for ``requestedKey``'s type).
    public var requestedType: TypeIdentity { requestedKey.type }

    public var diagnosticID: DiagnosticID { .missingBinding }

    public var description: String { diagnosticMessage.description }

    public var diagnosticMessage: DiagnosticMessage {
        // Two different types that print alike are told apart by their qualified names.
        let ambiguous = suggestions.contains { $0.type.name == requestedKey.type.name && $0.type != requestedKey.type }
        let requested = ambiguous ? requestedKey.qualifiedQuoted : requestedKey.quoted
        let components = Set(requests.map(\.component)).map(\.quoted).sorted()
        var message = MessageBuilder(.missingBinding, "missing binding for \(requested) in component \(components.joined(separator: ", "))")
        for request in requests {
            let asWritten = request.requestedAs == requestedKey.type ? "" : " (requested as \(request.requestedAs.quoted))"
            let requester = request.property.map { "\($0) (@Injected)" } ?? request.requiredBy.displayed
            message.detail("\(requested) binding missing: required by \(requester) at \(request.location)\(asWritten)", .request(request.location))
            switch request.trace {
            case .some(let steps):
                var previous = request.requiredBy
                for step in steps {
                    message.detail("  \(previous.displayed) is requested by \(step.key.displayed) at \(step.location)", .request(step.location))
                    previous = step.key
                }
                message.detail("  \(previous.displayed) is the root of component \(request.component.quoted)")
            case .none:
                message.detail("  \(request.requiredBy.displayed) is not reached from the root of component \(request.component.quoted)")
            }
        }
        for hidden in hiddenBindings {
            let relation = hidden.isBelowRequester ? "a subcomponent" : "another branch of the component tree"
            message.detail("\(requested) is bound in \(hidden.component.quoted) at \(hidden.location), in \(relation), out of the requester's sight: a component sees its ancestors' bindings, never its subcomponents'", .binding(hidden.location))
        }
        if !suggestions.isEmpty {
            let names = suggestions.map { ambiguous ? $0.qualifiedQuoted : $0.quoted }
            message.detail("did you mean \(names.joined(separator: " or "))?")
            if suggestions.contains(where: { Self.isOptional($0, of: requestedKey) }) {
                message.detail("a factory that returns an optional binds the optional: where bind() names no type, 'X.init' may be a failable initializer such as init?(coder:); write bind(\(requestedKey.type.metatypeExpression)) to bind \(requested) itself")
            }
        }
        if let unconstructed {
            message.detail("\(requested) is @Injectable, declared at \(unconstructed.location), but the graph cannot construct it: \(unconstructed.reason)", .binding(unconstructed.location))
        }
        if let seed {
            let component = requests.first?.component.quoted ?? "the component"
            message.detail("\(component) is built with a seed of type \(seed.quoted), the argument of build(_:); a factory that wants the seed asks for '\(seed.type.writtenInCode)' itself")
        }
        if let below = hiddenBindings.first(where: \.isBelowRequester), let requester = requests.first {
            message.fix("move \(requester.requiredBy.quoted) into \(below.component.quoted) (bind it in a module that component includes), or bind \(requested) in \(requester.component.quoted)")
        } else {
            message.fix(Self.remedy(for: requestedKey, suggestions: suggestions))
        }
        return message.message
    }

    /// Whether `candidate` is the optional of `key` (the same tag): what a factory that
    /// returns an optional binds, a failable initializer named by an untyped `bind()`.
    static func isOptional(_ candidate: BindingKey, of key: BindingKey) -> Bool {
        candidate.tag == key.tag && candidate.type.name == "Optional<\(key.type.name)>"
    }

    /// How to bind `key`, in the DSL form that binds a key of its sort: a property injector
    /// with `bindPropertyInjectionOf`, a subcomponent's factory with `install(dependency:)`,
    /// anything else with `bind(_:)`.
    static func remedy(for key: BindingKey, suggestions: [BindingKey] = []) -> String {
        let name = key.type.name
        // A protocol asked for where an implementation named after it is bound
        // (`ElectricHeater` for `any Heater`): bind the protocol to it.
        if key.type.isExistential, key.tag == nil,
           let implementation = suggestions.first(where: { !$0.type.isExistential && $0.tag == nil && NearMisses.namesContainOneAnother($0.type.shortName, key.type.shortName) }) {
            return "if '\(implementation.type.displayed)' conforms to '\(key.type.displayed)', bind the protocol to it: binder.bind(\(key.type.metatypeExpression)).to { (implementation: \(implementation.type.codeName)) in implementation }"
        }
        for injector in BuiltInNames.propertyInjectors where key.tag == nil {
            if let target = Self.argument(of: name, in: injector) {
                return "bind it in a module the component includes, e.g. binder.bindPropertyInjectionOf(\(target).self).to(injector: \(target).injectProperties)"
            }
        }
        if key.tag == nil, let component = Self.argument(of: name, in: BuiltInNames.componentFactory) {
            return "install the subcomponent in the component or an ancestor: binder.install(dependency: \(component).self)"
        }
        let tagStep = key.tag.map { ".tagged(with: \($0.metatypeExpression))" } ?? ""
        return "bind it in a module the component includes, e.g. binder.bind(\(key.type.metatypeExpression))\(tagStep).to(factory: …)"
    }

    /// `T` when `name` is `generic<T>`.
    private static func argument(of name: String, in generic: String) -> String? {
        guard name.hasPrefix(generic + "<"), name.hasSuffix(">") else { return nil }
        return String(name.dropFirst(generic.count + 1).dropLast())
    }
}
