/// How a binding asks for one of its dependencies.
public struct RequestKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's position in `names`: kinds compare and copy as one byte.
    private let code: UInt8

    /// The spellings of the kinds, in code order.
    private static let names = [
        "direct", "provider", "taggedProvider", "weakProvider", "asyncProvider", "mainActorProvider", "assisted",
    ]

    private init(code: UInt8) { self.code = code }

    /// The kind spelled `name` (as ``name`` spells it), or `nil` when no kind is spelled so
    /// with that `isDeferred`.
    package init?(name: String, isDeferred: Bool) {
        guard let position = Self.names.firstIndex(of: name) else { return nil }
        self.init(code: UInt8(position))
        guard self.isDeferred == isDeferred else { return nil }
    }

    /// The stable spelling used in exports and diagnostics (`direct`, `provider`, …).
    public var name: String { Self.names[Int(code)] }

    /// Whether the request defers construction until `get()`, so that it does not take part
    /// in a dependency cycle: every kind but a direct request and a `TaggedProvider`.
    public var isDeferred: Bool { self != .direct && self != .taggedProvider }

    /// The dependency is requested as its own type, `T`, and built before the requester.
    public static var direct: RequestKind { RequestKind(code: 0) }
    /// Requested as `Provider<T>`: built on each `get()`.
    public static var provider: RequestKind { RequestKind(code: 1) }
    /// Requested as `TaggedProvider<Tag>`. Usually read at once with `get()` in an
    /// initializer, so it counts as a direct edge for cycle detection.
    public static var taggedProvider: RequestKind { RequestKind(code: 2) }
    /// Requested as `WeakProvider<T>`: built on each `get()`, without keeping the graph alive.
    public static var weakProvider: RequestKind { RequestKind(code: 3) }

    /// Requested as `AsyncProvider<T>`: resolved on each `try await get()`, so it may name
    /// an asynchronous binding from anywhere.
    public static var asyncProvider: RequestKind { RequestKind(code: 4) }

    /// Requested as `MainActorProvider<T>`: resolved synchronously by `get()`, which only the
    /// main actor may call, so it may name a main-actor binding.
    public static var mainActorProvider: RequestKind { RequestKind(code: 5) }

    /// Requested as `Assisted<Seed>` in an assisted factory: supplied by the caller of
    /// `Factory.build(_:)`, never by a binding, so validation does not look for one.
    public static var assisted: RequestKind { RequestKind(code: 6) }

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
    /// For a request written somewhere of its own (an `@Injected` property): its name and
    /// where it is declared; `nil` for a factory's parameter, which is where its binding is.
    public let site: RequestSite?

    package init(key: BindingKey, kind: RequestKind, requestedType: TypeIdentity, site: RequestSite? = nil) {
        self.key = key
        self.kind = kind
        self.requestedType = requestedType
        self.site = site
    }

    /// The same request, declared at `site`.
    package func declared(at site: RequestSite) -> DependencyRequest {
        DependencyRequest(key: key, kind: kind, requestedType: requestedType, site: site)
    }
}

/// Where a request is declared when it is not a factory's parameter: an `@Injected`
/// property, named with its class (`ProfileViewController.service`).
public struct RequestSite: Hashable, Sendable {
    /// `ProfileViewController.service`.
    public let name: String
    /// Where the property is declared.
    public let location: SourceLocation

    package init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
