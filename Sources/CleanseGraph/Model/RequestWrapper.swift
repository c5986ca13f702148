/// The wrapper types a factory may request a dependency through (`Provider<Heater>`), each
/// with the request it makes and what it means as a component's seed: the one table both
/// front ends read. Each of the runtime's wrapper types names its case; cleansec finds the
/// case by the wrapper's name as written.
package enum RequestWrapper: String, CaseIterable, Sendable {
    /// `Provider<T>`: `T`, made on each `get()`.
    case provider = "Provider"
    /// `WeakProvider<T>`: `T`, without keeping its component alive.
    case weakProvider = "WeakProvider"
    /// `AsyncProvider<T>`: `T`, awaited.
    case asyncProvider = "AsyncProvider"
    /// `MainActorProvider<T>`: `T`, made on the main actor.
    case mainActorProvider = "MainActorProvider"
    /// `TaggedProvider<Tag>`: `Tag.Element` tagged `Tag`.
    case taggedProvider = "TaggedProvider"

    /// The request a parameter of this wrapper makes.
    package var requestKind: RequestKind {
        switch self {
        case .provider: .provider
        case .weakProvider: .weakProvider
        case .asyncProvider: .asyncProvider
        case .mainActorProvider: .mainActorProvider
        case .taggedProvider: .taggedProvider
        }
    }

    /// Whether the wrapped type is a tag: the key is its `Element`, tagged with it.
    package var wrapsTag: Bool { self == .taggedProvider }

    /// The request of a parameter of type `W?` or `W!` where `W` is a wrapper (how a
    /// storyboard-era class declares an injected property, `var titles: Provider<String>!`,
    /// which an injector closure `{ $0.titles = $1 }` then requests): served as the wrapper
    /// itself, always present, so it is `wrapped`'s request, requested as the optional.
    package static func optional(of wrapped: DependencyRequest, requestedAs optional: TypeIdentity) -> DependencyRequest {
        DependencyRequest(key: wrapped.key, kind: wrapped.kind, requestedType: optional)
    }

    /// Whether a component whose seed is this wrapper binds the key it provides (a value
    /// handed to `build(_:)` behind a provider). Otherwise nothing inside could request it,
    /// and the seed is `BoundWrapperType`.
    package var isUnwrappedAsSeed: Bool { self == .provider || self == .taggedProvider }
}
