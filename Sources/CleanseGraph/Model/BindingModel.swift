/// What sort of binding provides a key: `value`, `factory`, `provider`, `seed`,
/// `collectionElement`, `propertyInjector`, `assistedFactory`, `builtIn`,
/// `subcomponentFactory`, `featureFactory` or `injectableConstructor`.
public struct BindingKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's position in `names`: kinds compare and copy as one byte (a model is copied
    /// and its kind compared for every binding while a graph is validated and linked).
    private let code: UInt8

    /// The spellings of the kinds, in code order.
    private static let names = [
        "value", "factory", "provider", "seed", "collectionElement", "propertyInjector",
        "assistedFactory", "builtIn", "subcomponentFactory", "featureFactory", "injectableConstructor",
    ]

    private init(code: UInt8) { self.code = code }

    /// The kind spelled `name` (as ``name`` spells it), or `nil` when no kind is spelled so.
    package init?(name: String) {
        guard let position = Self.names.firstIndex(of: name) else { return nil }
        code = UInt8(position)
    }

    /// The stable spelling used in exports and diagnostics.
    public var name: String { Self.names[Int(code)] }

    /// `to(value:)`.
    public static var value: BindingKind { BindingKind(code: 0) }
    /// `to(factory:)` or a trailing closure.
    public static var factory: BindingKind { BindingKind(code: 1) }
    /// `to(provider:)`.
    public static var provider: BindingKind { BindingKind(code: 2) }
    /// The component's seed, passed to `build(_:)`.
    public static var seed: BindingKind { BindingKind(code: 3) }
    /// One contribution to a collection, made with `.intoCollection()`; a key may have many.
    public static var collectionElement: BindingKind { BindingKind(code: 4) }
    /// A `PropertyInjector`, bound with `bindPropertyInjectionOf(_:)`.
    public static var propertyInjector: BindingKind { BindingKind(code: 5) }
    /// A `Factory<AF>` for assisted injection, bound with `bindFactory(_:)`.
    public static var assistedFactory: BindingKind { BindingKind(code: 6) }
    /// Provided by Cleanse in every component, such as `LegacyObjectGraph`; each component
    /// has its own, so these are never duplicates of an ancestor's.
    public static var builtIn: BindingKind { BindingKind(code: 7) }
    /// The `ComponentFactory` of a subcomponent, bound by `install(dependency:)`.
    public static var subcomponentFactory: BindingKind { BindingKind(code: 8) }
    /// The `FeatureFactory` of a feature's root component, bound by `install(feature:)`: it
    /// holds the feature's own validated factory and the dependencies this component gives it.
    public static var featureFactory: BindingKind { BindingKind(code: 9) }
    /// A type's own initializer, bound just in time: the type is `@Injectable` (or
    /// `ConstructorInjectable`), something requests it, and no module binds it. Its location
    /// is the type's declaration.
    public static var injectableConstructor: BindingKind { BindingKind(code: 10) }

    public var description: String { name }

    /// Whether values of this kind hold the component instance that made them (a
    /// `ComponentFactory`, `LegacyObjectGraph`, `Factory` or `PropertyInjector`), so that
    /// keeping one keeps the component alive.
    public var holdsItsComponent: Bool {
        self == .subcomponentFactory || self == .builtIn || self == .assistedFactory || self == .propertyInjector
    }

    /// Whether a binding of this kind resolves its requests each time its value is used
    /// (`Factory.build(_:)`, `injectProperties(into:)`) rather than when the value is made,
    /// so that its requests, like a provider's, do not close a dependency cycle.
    public var resolvesRequestsWhenUsed: Bool {
        self == .assistedFactory || self == .propertyInjector
    }
}

/// One binding in a component, as plugins and tools see it: the key it provides, how, in
/// which scope, where it was written, and what it requests.
public struct BindingModel: Hashable, Sendable {
    /// The binding's parts, kept in one shared box: validators and the linker copy models
    /// several times per binding, and a copy is one retain rather than a dozen fields'.
    private struct Parts: Hashable, Sendable {
        var key: BindingKey
        var kind: BindingKind
        var scope: TypeIdentity?
        var location: SourceLocation
        var dependencies: [DependencyRequest]
        var multibindingKey: MultibindingKey?
        var module: TypeIdentity?
        var effect: BindingEffect
        var makesValueTypes: Bool
        var isComponentRoot = false
        var silenced: [DiagnosticID] = []
    }

    private final class Box: @unchecked Sendable {
        // Safe to share: `parts` is changed only through `BindingModel.update`, which first
        // copies the box unless this model is its only holder (copy on write), so a box
        // seen by more than one model or thread is never changed. For the same reason no
        // access to `parts` overlaps another: it is `@exclusivity(unchecked)` (validators
        // read every binding's parts many times, and the dynamic checks cost a tenth of
        // `ComponentFactory.of`).
        @exclusivity(unchecked)
        var parts: Parts

        init(_ parts: Parts) {
            self.parts = parts
        }
    }

    private var box: Box

    /// Changes the parts of this model alone, copying the box first if it is shared.
    private mutating func update(_ change: (inout Parts) -> Void) {
        if !isKnownUniquelyReferenced(&box) {
            box = Box(box.parts)
        }
        change(&box.parts)
    }

    /// The key the binding provides.
    public var key: BindingKey { box.parts.key }
    /// How it provides it.
    public var kind: BindingKind { box.parts.kind }
    /// The scope the binding is shared in, or `nil` when a new instance is made per request.
    public var scope: TypeIdentity? { box.parts.scope }
    /// Where the binding was written.
    public var location: SourceLocation { box.parts.location }
    /// What the binding requests, in parameter order.
    public var dependencies: [DependencyRequest] { box.parts.dependencies }
    /// For a dictionary contribution, the key of the entry it adds.
    public var multibindingKey: MultibindingKey? { box.parts.multibindingKey }
    /// The module whose `configure` wrote the binding, or `nil` for one written in a
    /// component (or made by Cleanse).
    public var module: TypeIdentity? { box.parts.module }
    /// How the binding's factory runs: synchronously, or asynchronously (an `async` or
    /// throwing factory, or one isolated to the main actor).
    public var effect: BindingEffect { box.parts.effect }
    /// Whether the binding's values are not single class references (structs, enums,
    /// tuples, functions, existentials): shared, they sit in a box, which a component cannot
    /// hold weakly (see `SelfRetainingValues`).
    public var makesValueTypes: Bool { box.parts.makesValueTypes }
    /// Whether this is the binding the component's `configureRoot` wrote for its root. With
    /// the seed, it is one of the component's *ports*: inside the component (and below it)
    /// it takes the place of an ancestor's binding of the same key (see ``isPort``).
    public var isComponentRoot: Bool { box.parts.isComponentRoot }

    /// The warnings the binding silences (`.silencing(.unrequestedPropertyInjector)`).
    public var silenced: [DiagnosticID] { box.parts.silenced }

    /// Records that the binding silences warning `id`.
    package mutating func silence(_ id: DiagnosticID) {
        guard !silenced.contains(id) else { return }
        update { $0.silenced.append(id) }
    }

    /// Whether the binding is one of its component's ports, its seed or its root, which in a
    /// subcomponent take the place of an ancestor's binding of the same key, as in Cleanse 4.
    public var isPort: Bool { kind == .seed || isComponentRoot }

    /// Records that `configureRoot` wrote the binding.
    package mutating func markAsComponentRoot() {
        update { $0.isComponentRoot = true }
    }

    /// Records the module that wrote the binding.
    package mutating func setModule(_ module: TypeIdentity) {
        update { $0.module = module }
    }

    /// The same binding with other requests: how the runtime serves a request for `() -> T`
    /// or `T?` from the binding of `T`.
    package func replacingDependencies(_ dependencies: [DependencyRequest]) -> BindingModel {
        var copy = self
        copy.update { $0.dependencies = dependencies }
        return copy
    }

    /// Gives a binding written before its builder knew its key (see the runtime's
    /// `TypedBindingRecord`) its key, scope, kind and entry key, in place when nothing else
    /// holds the model.
    package mutating func place(key: BindingKey, scope: TypeIdentity?, kind: BindingKind, multibindingKey: MultibindingKey?) {
        update { parts in
            parts.key = key
            parts.scope = scope
            parts.kind = kind
            parts.multibindingKey = multibindingKey
        }
    }

    /// The same binding with every type it names passed through `rename`: a front end that
    /// learns two modules name a type alike qualifies the second one's everywhere.
    package func renamingTypes(_ rename: (TypeIdentity) -> TypeIdentity) -> BindingModel {
        func renamed(_ key: BindingKey) -> BindingKey { BindingKey(type: rename(key.type), tag: key.tag.map(rename)) }
        var copy = self
        copy.update { parts in
            parts.key = renamed(parts.key)
            parts.scope = parts.scope.map(rename)
            parts.module = parts.module.map(rename)
            parts.dependencies = parts.dependencies.map { request in
                DependencyRequest(key: renamed(request.key), kind: request.kind, requestedType: rename(request.requestedType), site: request.site)
            }
        }
        return copy
    }

    /// The same binding written at another place: cleansec locates the root of one of
    /// Cleanse's own components where the runtime does, at the component's entry.
    package func relocated(to location: SourceLocation) -> BindingModel {
        var copy = self
        copy.update { $0.location = location }
        return copy
    }

    /// The same binding under another key.
    package func rekeyed(to key: BindingKey) -> BindingModel {
        var copy = self
        copy.update { $0.key = key }
        return copy
    }

    /// Whether making this binding's value needs `await`: an asynchronous factory does, and
    /// a main-actor factory does when a dependency it needs at once does (otherwise it is made
    /// synchronously when requested on the main actor). `dependencyNeedsAwait` answers for the
    /// binding each request names.
    package func needsAwait(dependencyNeedsAwait: (DependencyRequest) -> Bool) -> Bool {
        // An injector or assisted factory is made at once; its requests are met when it is used.
        guard effect.isAsynchronous, !kind.resolvesRequestsWhenUsed else { return false }
        guard effect.actor != nil else { return true }
        return dependencies.contains { $0.kind.isSuppliedByGraph && !$0.kind.isDeferred && dependencyNeedsAwait($0) }
    }

    /// Why this binding needs `await`, by the one rule the linker and the validators share:
    /// `nil` when it needs none; `own()` (the binding itself) when its own factory is
    /// asynchronous off any actor; for a main-actor factory, the cause of the first
    /// dependency it needs at once that has one. `dependencyCause` answers for the binding a
    /// request names, `nil` when that one needs no `await`.
    package func awaitCause<Cause>(own: () -> Cause, dependencyCause: (DependencyRequest) -> Cause?) -> Cause? {
        var first: Cause?
        let needs = needsAwait { request in
            guard let cause = dependencyCause(request) else { return false }
            first = cause
            return true
        }
        guard needs else { return nil }
        return effect.actor == nil ? own() : first
    }

    /// Whether this binding is one of possibly many contributions to a collection.
    public var isContribution: Bool { kind == .collectionElement }

    package init(
        key: BindingKey,
        kind: BindingKind,
        scope: TypeIdentity?,
        location: SourceLocation,
        dependencies: [DependencyRequest],
        multibindingKey: MultibindingKey? = nil,
        module: TypeIdentity? = nil,
        effect: BindingEffect = .synchronous,
        makesValueTypes: Bool = false
    ) {
        box = Box(Parts(
            key: key,
            kind: kind,
            scope: scope,
            location: location,
            dependencies: dependencies,
            multibindingKey: multibindingKey,
            module: module,
            effect: effect,
            makesValueTypes: makesValueTypes
        ))
    }

    public static func == (lhs: BindingModel, rhs: BindingModel) -> Bool {
        lhs.box === rhs.box || lhs.box.parts == rhs.box.parts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.parts)
    }
}

/// How a binding's factory runs, which decides how it may be requested.
public struct BindingEffect: Hashable, Sendable, CustomStringConvertible {
    /// `synchronous`, `asynchronous` or `mainActor`: one byte to copy and compare.
    private enum Code: UInt8 {
        case synchronous, asynchronous, mainActor
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The effect spelled `name` (as ``name`` spells it) with the given properties, or `nil`
    /// when none is.
    package init?(name: String, isAsynchronous: Bool, actor: String? = nil) {
        guard let effect = Self.all.first(where: {
            $0.name == name && $0.isAsynchronous == isAsynchronous && $0.actor == actor
        }) else { return nil }
        self = effect
    }

    /// The effect spelled `name` (as ``name`` spells it), or `nil` when none is.
    package init?(name: String) {
        guard let effect = Self.all.first(where: { $0.name == name }) else { return nil }
        self = effect
    }

    private static var all: [BindingEffect] { [.synchronous, .asynchronous, .mainActor] }

    /// The stable spelling used in exports and diagnostics.
    public var name: String {
        switch code {
        case .synchronous: "synchronous"
        case .asynchronous: "async"
        case .mainActor: "mainActor"
        }
    }

    /// Whether values are made with `await` (the factory is `async`, throws, or is isolated
    /// to a global actor): such a binding is requested as `AsyncProvider<T>`, or directly
    /// by another asynchronous factory.
    public var isAsynchronous: Bool { code != .synchronous }

    /// The global actor the factory is isolated to (`MainActor`), if any.
    public var actor: String? { code == .mainActor ? "MainActor" : nil }

    /// A plain factory, value or provider.
    public static var synchronous: BindingEffect { BindingEffect(.synchronous) }
    /// An `async`, `throws` or `async throws` factory.
    public static var asynchronous: BindingEffect { BindingEffect(.asynchronous) }
    /// A factory isolated to the main actor: made on it, awaited from anywhere else.
    public static var mainActor: BindingEffect { BindingEffect(.mainActor) }

    public var description: String { name }
}
