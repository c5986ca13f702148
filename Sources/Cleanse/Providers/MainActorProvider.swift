/// Provides a value on the main actor, synchronously: the way to request a binding whose
/// factory is isolated to the main actor (a view model, a controller) without `await`.
///
/// The compiler checks the isolation: ``get()`` can only be called on the main actor.
/// Validation checks the rest: the binding may be made on the main actor without awaiting
/// anything (a main-actor binding that needs an asynchronous one directly is requested as
/// `AsyncProvider<T>` instead).
///
/// ```swift
/// @MainActor final class ProfileViewModel { init(api: APIClient) {} }
///
/// final class Coordinator {
///     let profiles: MainActorProvider<ProfileViewModel>
///     init(profiles: MainActorProvider<ProfileViewModel>) { self.profiles = profiles }
///
///     @MainActor func showProfile() { let model = profiles.get() }
/// }
/// ```
public struct MainActorProvider<Element>: Sendable {
    private enum Source {
        case graph(Resolver<Element>, ComponentInstance)
        case closure(@MainActor () -> Element)
    }

    private let source: Source

    /// A provider that calls `getter` on the main actor each time.
    public init(getter: @escaping @MainActor () -> Element) {
        source = .closure(getter)
    }

    /// A provider of one value, for tests and hand-made graphs.
    public init(value: Element) {
        // Safe: the value is only read by `get()`, which runs on the main actor.
        nonisolated(unsafe) let value = value
        source = .closure { value }
    }

    init(resolver: Resolver<Element>, instance: ComponentInstance) {
        source = .graph(resolver, instance)
    }

    /// The value, made on the main actor if the binding is not shared or not made yet.
    @MainActor
    public func get() -> Element {
        switch source {
        case .graph(let resolver, let instance): return resolver.resolve(instance)
        case .closure(let getter): return getter()
        }
    }
}

extension MainActorProvider: InjectableWrapper {
    static var wrapper: RequestWrapper { .mainActorProvider }

    static var requestRecipe: RequestRecipe {
        let key = BindingKey(Element.self)
        return RequestRecipe(
            model: DependencyRequest(key: key, kind: wrapper.requestKind, requestedType: TypeIdentity(Self.self)),
            resolving: Self.self,
            link: { linker, _ in
                let target = linker.resolver(for: key, as: Element.self, deferred: true)
                return target.handleResolver { resolver, instance in MainActorProvider(resolver: resolver, instance: instance) }
            }
        )
    }
}
