/// How a binding asks for one of its dependencies.
public struct RequestKind: Hashable, Sendable, CustomStringConvertible {
    /// The stable spelling used in exports and diagnostics (`direct`, `provider`, …).
    public let name: String
    /// Whether the request defers construction until `get()`, so that it does not take part
    /// in a dependency cycle.
    public let isDeferred: Bool

    /// Creates a kind; Cleanse's own kinds are the static members.
    package init(name: String, isDeferred: Bool) {
        self.name = name
        self.isDeferred = isDeferred
    }

    /// The dependency is requested as its own type, `T`, and built before the requester.
    public static let direct = RequestKind(name: "direct", isDeferred: false)
    /// Requested as `Provider<T>`: built on each `get()`.
    public static let provider = RequestKind(name: "provider", isDeferred: true)
    /// Requested as `TaggedProvider<Tag>`. Usually read at once with `get()` in an
    /// initializer, so it counts as a direct edge for cycle detection.
    public static let taggedProvider = RequestKind(name: "taggedProvider", isDeferred: false)
    /// Requested as `WeakProvider<T>`: built on each `get()`, without keeping the graph alive.
    public static let weakProvider = RequestKind(name: "weakProvider", isDeferred: true)

    /// Requested as `AsyncProvider<T>`: resolved on each `try await get()`, so it may name
    /// an asynchronous binding from anywhere.
    public static let asyncProvider = RequestKind(name: "asyncProvider", isDeferred: true)

    /// Requested as `MainActorProvider<T>`: resolved synchronously by `get()`, which only the
    /// main actor may call, so it may name a main-actor binding.
    public static let mainActorProvider = RequestKind(name: "mainActorProvider", isDeferred: true)

    /// Requested as `Assisted<Seed>` in an assisted factory: supplied by the caller of
    /// `Factory.build(_:)`, never by a binding, so validation does not look for one.
    public static let assisted = RequestKind(name: "assisted", isDeferred: true)

    /// Whether a value that keeps what this request hands it keeps a handle on the
    /// component that binds the requested key (the requester's own, or the ancestor whose
    /// binding it sees): `Provider`, `TaggedProvider`, `AsyncProvider` and
    /// `MainActorProvider` do; `WeakProvider`, a direct value and an assisted seed do not.
    /// The one list the lifetime analysis (``RetentionAnalysis``), the linker and
    /// `SelfRetainingValue` read, so a handle kind added later is counted everywhere.
    public var keepsItsComponent: Bool {
        self == .provider || self == .taggedProvider || self == .asyncProvider || self == .mainActorProvider
    }

    /// Whether the graph must provide the request (every kind but ``assisted``).
    public var isSuppliedByGraph: Bool { self != .assisted }

    public var description: String { name }
}

/// One dependency a binding requests: the key it needs and how it asks for it.
public struct DependencyRequest: Hashable, Sendable {
    /// The binding the request needs.
    public let key: BindingKey
    /// How it is requested.
    public let kind: RequestKind
    /// The type exactly as written in the factory's signature (`Provider<Heater>`).
    public let requestedType: TypeIdentity

    package init(key: BindingKey, kind: RequestKind, requestedType: TypeIdentity) {
        self.key = key
        self.kind = kind
        self.requestedType = requestedType
    }
}
