/// Provides values of `Element` on demand.
///
/// Requesting `Provider<T>` in a factory defers building `T` until `get()`, builds a new `T`
/// on each call (unless `T` is shared in scope), and breaks dependency cycles.
///
/// ```swift
/// final class Coordinator {
///     private let login: Provider<LoginScreen>
///     init(login: Provider<LoginScreen>) { self.login = login }
///     func showLogin() { present(login.get()) }
/// }
/// ```
public struct Provider<Element>: ProviderProtocol {
    @usableFromInline
    let source: ProviderSource<Element>

    /// Creates a provider whose `get()` calls `getter`.
    @available(swift, introduced: 6)
    public init(getter: @escaping @Sendable () -> Element) {
        source = .closure(getter)
    }

    init(source: ProviderSource<Element>) {
        self.source = source
    }

    /// Provides a value.
    @inlinable
    public func get() -> Element {
        source.get()
    }
}

// Safe to share when `Element` is: a provider made by Cleanse resolves through the
// component graph, which is thread-safe, and one made by hand calls a `@Sendable` getter.
extension Provider: @unchecked Sendable where Element: Sendable {}

extension Provider: InjectableWrapper {
    static var wrapper: RequestWrapper { .provider }

    static var requestRecipe: RequestRecipe {
        let inner = RequestRecipe.of(Element.self)
        return RequestRecipe(
            model: DependencyRequest(key: inner.model.key, kind: wrapper.requestKind, requestedType: TypeIdentity(Self.self)),
            resolving: Self.self,
            link: { linker, _ in
                let target = inner.link(linker, true).typed(Element.self)
                return target.handleResolver { resolver, instance in Provider(source: .graph(resolver, instance)) }
            }
        )
    }
}

extension Provider: SeedUnwrapping {
    static var seedKey: BindingKey { BindingKey(Element.self) }
    static var seedResolver: AnyResolver {
        Resolver<Element> { instance in instance.seed(as: Provider<Element>.self).get() }
    }
}
