/// Provides values without keeping their component alive: the way to hold a back
/// reference.
///
/// Requesting `WeakProvider<T>` defers building `T` (so it breaks dependency cycles, like
/// `Provider`) and holds the component weakly (so it breaks retain cycles). While the
/// component is alive, `get()` resolves `T` like a provider; afterwards it still returns a
/// shared `T` for as long as anything else holds that object, and `nil` once nothing does
/// (or, for a `T` that is not shared or not a class, once the component is gone).
///
/// ```swift
/// final class LoginScreen {
///     private let coordinator: WeakProvider<Coordinator>
///     init(coordinator: WeakProvider<Coordinator>) { self.coordinator = coordinator }
///     func done() { coordinator.get()?.routeHome() }
/// }
/// ```
public struct WeakProvider<E>: ProviderProtocol {
    /// A value, or `nil` once there is none to give.
    public typealias Element = E?

    private let getter: () -> Element

    /// Creates a weak provider whose `get()` calls `getter`.
    @available(swift, introduced: 6)
    public init(getter: @escaping @Sendable () -> Element) {
        self.getter = getter
    }

    /// Provides a value, or `nil` once the component is gone and nothing holds the shared one.
    public func get() -> Element {
        getter()
    }
}

// Safe to share when the element is, as `Provider`: the graph or a `@Sendable` getter.
extension WeakProvider: @unchecked Sendable where E: Sendable {}

extension WeakProvider: InjectableWrapper {
    static var wrapper: RequestWrapper { .weakProvider }

    static var requestRecipe: RequestRecipe {
        let inner = RequestRecipe.of(E.self)
        return RequestRecipe(
            model: DependencyRequest(key: inner.model.key, kind: wrapper.requestKind, requestedType: TypeIdentity(Self.self)),
            resolving: Self.self,
            link: { linker, _ in
                let target = inner.link(linker, true).typed(E.self)
                return Resolver<WeakProvider<E>> { instance in
                    let target = target.settled
                    let owner = instance.owner
                    let cell = target.sharedSlot.map { owner.ancestor($0.levels).owner.weakCell(for: $0.slot) }
                    return WeakProvider { [weak owner] in
                        if let owner {
                            return target.resolve(owner)
                        }
                        return cell?.object as? E
                    }
                }
            }
        )
    }
}
