/// Injects dependencies into instances Cleanse did not build: an app delegate, a view
/// controller made by a storyboard, a test case.
///
/// Request `PropertyInjector<T>` once `binder.bindPropertyInjectionOf(T.self)` is
/// configured; each `injectProperties(into:)` resolves the injector's dependencies anew.
///
/// ```swift
/// let injector = try ComponentFactory.of(AppDelegate.Component.self).build(())
/// injector.injectProperties(into: self)
/// ```
public struct PropertyInjector<Element> {
    private let inject: (Element) -> Void

    /// Creates an injector that runs `inject` on each instance.
    ///
    /// `inject` is `@Sendable`: an injector of a `Sendable` class may be used from any
    /// thread. (Cleanse 4 code in the Swift 5 language mode compiles as before.)
    public init(injectionFunction inject: @escaping @Sendable (Element) -> Void) {
        self.inject = inject
    }

    /// An injector the graph makes: `inject` calls the binder's injector closure with
    /// dependencies resolved through the thread-safe graph, as every factory is called.
    init(resolving inject: @escaping (Element) -> Void) {
        self.inject = inject
    }

    /// Injects the bound dependencies into `instance`.
    public func injectProperties(into instance: Element) {
        inject(instance)
    }
}

// Safe to share when `Element` is: a hand-made injector's closure is `@Sendable`, and a
// graph-made one resolves through the thread-safe graph, as factories do.
extension PropertyInjector: @unchecked Sendable where Element: Sendable {}

extension TypedBindingRecord {
    /// An injector that receives the instance and its resolved dependencies as one tuple.
    static func injector<Target, each Dependency>(
        _ inject: @escaping (Target, (repeat each Dependency)) -> Void,
        location: SourceLocation
    ) -> TypedBindingRecord where Value == PropertyInjector<Target> {
        TypedBindingRecord(
            kind: .propertyInjector,
            location: location,
            requests: RequestRecipe.all(repeat (each Dependency).self),
            make: { resolvers in
                let dependencies = ResolverCursor.pack(resolvers, as: repeat (each Dependency).self)
                return Resolver { instance in
                    PropertyInjector(resolving: { target in inject(target, (repeat (each dependencies).resolve(instance))) })
                }
            }
        )
    }
}
