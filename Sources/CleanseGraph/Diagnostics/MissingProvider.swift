/// A dependency that no binding provides, with every place that requested it.
///
/// ```text
/// [Cleanse/MissingBinding] missing binding for 'Heater' in component 'CoffeeShop'
///   'Heater' binding missing: required by CoffeeMaker at CoffeeMaker/CoffeeMaker.swift:30
///   To fix: bind it in a module the component includes, e.g. binder.bind(Heater.self).to(factory: …)
/// ```
public struct MissingProvider: CleanseError {
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
    }

    /// The key nothing provides.
    public let requestedKey: BindingKey
    /// Every request for it, sorted by location.
    public let requests: [Request]
    /// Bound keys that are probably what was meant: the same type with another tag, or a
    /// type with a similar name.
    public let suggestions: [BindingKey]

    package init(requestedKey: BindingKey, requests: [Request], suggestions: [BindingKey]) {
        self.requestedKey = requestedKey
        self.requests = requests.sorted { ($0.location, $0.requiredBy.description) < ($1.location, $1.requiredBy.description) }
        self.suggestions = suggestions
    }

    /// The type that was requested (the original API's name for ``requestedKey``'s type).
    public var requestedType: TypeIdentity { requestedKey.type }

    public var diagnosticID: DiagnosticID { .missingBinding }

    public var description: String {
        let components = Set(requests.map(\.component)).map(\.quoted).sorted()
        var message = MessageBuilder(.missingBinding, "missing binding for \(requestedKey.quoted) in component \(components.joined(separator: ", "))")
        for request in requests {
            let asWritten = request.requestedAs == requestedKey.type ? "" : " (requested as \(request.requestedAs.quoted))"
            message.detail("\(requestedKey.quoted) binding missing: required by \(request.requiredBy) at \(request.location)\(asWritten)")
        }
        if !suggestions.isEmpty {
            message.detail("did you mean \(suggestions.map(\.quoted).joined(separator: " or "))?")
        }
        let tagStep = requestedKey.tag.map { ".tagged(with: \($0.name).self)" } ?? ""
        message.fix("bind it in a module the component includes, e.g. binder.bind(\(requestedKey.type.name).self)\(tagStep).to(factory: …)")
        return message.text
    }
}
