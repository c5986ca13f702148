/// What sort of binding provides a key.
package struct BindingKind: Hashable, Sendable, CustomStringConvertible {
    package let name: String

    package init(name: String) { self.name = name }

    /// `to(value:)`.
    package static let value = BindingKind(name: "value")
    /// `to(factory:)` or a trailing closure.
    package static let factory = BindingKind(name: "factory")
    /// `to(provider:)`.
    package static let provider = BindingKind(name: "provider")
    /// The component's seed, passed to `build(_:)`.
    package static let seed = BindingKind(name: "seed")
    /// One contribution to a collection, made with `.intoCollection()`; a key may have many.
    package static let collectionElement = BindingKind(name: "collectionElement")
    /// A `PropertyInjector`, bound with `bindPropertyInjectionOf(_:)`.
    package static let propertyInjector = BindingKind(name: "propertyInjector")
    /// A `Factory<AF>` for assisted injection, bound with `bindFactory(_:)`.
    package static let assistedFactory = BindingKind(name: "assistedFactory")
    /// The `ComponentFactory` of a subcomponent, bound by `install(dependency:)`.
    package static let subcomponentFactory = BindingKind(name: "subcomponentFactory")

    package var description: String { name }
}

/// One binding in a component: the key it provides, how, in which scope, where it was
/// written, and what it requests.
package struct BindingModel: Hashable, Sendable {
    package let key: BindingKey
    package let kind: BindingKind
    /// The scope the binding is shared in, or `nil` when a new instance is made per request.
    package let scope: TypeIdentity?
    package let location: SourceLocation
    package let dependencies: [DependencyRequest]
    /// For a dictionary contribution, the entry's key as written (`String(reflecting:)`).
    package let multibindingKey: String?

    /// Whether this binding is one of possibly many contributions to a collection.
    package var isContribution: Bool { kind == .collectionElement }

    package init(
        key: BindingKey,
        kind: BindingKind,
        scope: TypeIdentity?,
        location: SourceLocation,
        dependencies: [DependencyRequest],
        multibindingKey: String? = nil
    ) {
        self.key = key
        self.kind = kind
        self.scope = scope
        self.location = location
        self.dependencies = dependencies
        self.multibindingKey = multibindingKey
    }
}
