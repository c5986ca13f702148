/// One piece of work Cleanse does for a graph, as a ``GraphObserver`` sees it: a phase of
/// `ComponentFactory.of` or the construction of one object.
public struct GraphEvent: Sendable, CustomStringConvertible {
    /// What sort of work an event is.
    public enum Kind: String, Sendable, CaseIterable {
        /// Running a component's `configure` and its modules' (nested: a subcomponent is
        /// collected while its parent's modules run).
        case collect
        /// The built-in checks and the plugins, over the whole tree.
        case validate
        /// Turning one validated component into the closures that build it.
        case link
        /// Making the root of one component instance, everything it needs included.
        case build
        /// Making one object: a factory, a provider or a collection element being called,
        /// its dependencies that are made for it nested inside.
        case construct
    }

    /// What sort of work this is.
    public let kind: Kind
    /// The component the work is for.
    public let component: TypeIdentity
    /// For `construct`, the key of the binding that makes the object; for `build`, the
    /// root's key; `nil` for the phases of `ComponentFactory.of`.
    public let key: BindingKey?
    /// Where the binding was written (`construct`), or where the component enters the
    /// program (the phases and `build`).
    public let location: SourceLocation
    /// For `construct`: whether the binding is shared in scope, so its object is made once
    /// per component instance.
    public let isShared: Bool
    /// For `construct`: how the binding makes its object (a factory, a provider, one
    /// element of a collection).
    public let bindingKind: BindingKind?

    /// Creates an event; Cleanse makes them, tests of observers may too.
    public init(
        kind: Kind,
        component: TypeIdentity,
        key: BindingKey? = nil,
        location: SourceLocation,
        isShared: Bool = false,
        bindingKind: BindingKind? = nil
    ) {
        self.bindingKind = bindingKind
        self.kind = kind
        self.component = component
        self.key = key
        self.location = location
        self.isShared = isShared
    }

    /// A short name for a trace: `Heater`, `element of Array<Drink>`, `build CoffeeShop`,
    /// `link CoffeeShop`.
    public var name: String {
        switch kind {
        case .construct:
            let bound = key.map(\.description) ?? component.name
            return bindingKind == .collectionElement ? "element of \(bound)" : bound
        case .build: return "build \(component.name)"
        case .collect, .validate, .link: return "\(kind.rawValue) \(component.name)"
        }
    }

    /// The name, and where the work comes from: `Heater (CoffeeModule.swift:12)`.
    public var description: String {
        "\(name) (\(location))"
    }
}
