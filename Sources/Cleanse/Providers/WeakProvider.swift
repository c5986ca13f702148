/// Provides instances without keeping their component alive.
///
/// Requesting `WeakProvider<T>` defers building `T` (so it breaks dependency cycles, like
/// `Provider`) and holds the component weakly, so it also breaks retain cycles: `get()`
/// returns `nil` once nothing else keeps the component alive.
///
/// ```swift
/// final class LoginScreen {
///     private let coordinator: WeakProvider<Coordinator>
///     init(coordinator: WeakProvider<Coordinator>) { self.coordinator = coordinator }
///     func done() { coordinator.get()?.routeHome() }
/// }
/// ```
public struct WeakProvider<E>: ProviderProtocol {
    /// An instance, or `nil` once the component is gone.
    public typealias Element = E?

    private let getter: () -> Element

    /// Creates a weak provider whose `get()` calls `getter`.
    public init(getter: @escaping () -> Element) {
        self.getter = getter
    }

    /// Provides an instance, or `nil` once the component that would build it is gone.
    public func get() -> Element {
        getter()
    }
}

// As for `Provider`: the graph behind Cleanse-made providers is thread-safe.
extension WeakProvider: @unchecked Sendable where E: Sendable {}

extension WeakProvider: InjectableWrapper {
    static var requestRecipe: RequestRecipe {
        let inner = RequestRecipe.of(E.self)
        return RequestRecipe(
            model: DependencyRequest(key: inner.model.key, kind: .weakProvider, requestedType: TypeIdentity(Self.self)),
            link: { linker, _ in
                let target = inner.link(linker, true).typed(E.self)
                return Resolver<WeakProvider<E>> { instance in
                    let target = target.settled
                    return WeakProvider { [weak instance] in instance.map { target.resolve($0) } }
                }
            }
        )
    }
}
