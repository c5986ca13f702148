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
    public init(injectionFunction inject: @escaping (Element) -> Void) {
        self.inject = inject
    }

    /// Injects the bound dependencies into `instance`.
    public func injectProperties(into instance: Element) {
        inject(instance)
    }
}

// As for `Provider`: the graph behind Cleanse-made injectors is thread-safe.
extension PropertyInjector: @unchecked Sendable where Element: Sendable {}

extension BindingRecipe {
    /// An injector that receives the instance and its resolved dependencies as one tuple.
    static func injector<Target, each Dependency>(
        _ inject: @escaping (Target, (repeat each Dependency)) -> Void,
        location: SourceLocation
    ) -> BindingRecipe where Value == PropertyInjector<Target> {
        BindingRecipe(
            kind: .propertyInjector,
            location: location,
            requests: RequestRecipe.all(repeat (each Dependency).self),
            make: { resolvers in
                let dependencies = ResolverCursor.pack(resolvers, as: repeat (each Dependency).self)
                return Resolver { instance in
                    PropertyInjector { target in inject(target, (repeat (each dependencies).resolve(instance))) }
                }
            }
        )
    }
}
