/// Provides values that may have to be awaited: the way to request an asynchronous binding
/// (an `async`, throwing or main-actor factory) from anywhere, and any other binding too.
///
/// Each `get()` resolves the value anew, or returns the shared one; a shared asynchronous
/// binding is made once per component instance however many tasks await it together.
/// Errors thrown by factories arrive as `FactoryFailed`, naming the binding that threw.
///
/// ```swift
/// binder.bind(Database.self).sharedInScope().to { (config: Config) async throws in
///     try await Database.connect(config.url)
/// }
///
/// final class HealthCheck {
///     let database: AsyncProvider<Database>
///     init(database: AsyncProvider<Database>) { self.database = database }
///     func run() async throws -> Bool { try await database.get().ping() }
/// }
/// ```
public struct AsyncProvider<Element> {
    private enum Source {
        case graph(AsyncResolver<Element>, ComponentInstance)
        case closure(() async throws -> Element)
    }

    private let source: Source

    /// Creates a provider whose `get()` calls `getter`.
    public init(getter: @escaping @Sendable () async throws -> Element) {
        source = .closure(getter)
    }

    /// Creates a provider that always provides `value`.
    public init(value: Element) {
        source = .closure { value }
    }

    init(resolver: AsyncResolver<Element>, instance: ComponentInstance) {
        source = .graph(resolver, instance)
    }

    /// How many requests of the provider's component are parked, waiting for another task's
    /// construction of a shared value (0 for a provider made by hand). For tests.
    var parkedRequests: Int {
        if case .graph(_, let instance) = source { return instance.parkedAsyncRequests }
        return 0
    }

    /// Provides a value, awaiting whatever its bindings need.
    public func get() async throws -> Element {
        switch source {
        case .graph(let resolver, let instance):
            return try await resolver.resolve(instance)
        case .closure(let getter):
            return try await getter()
        }
    }
}

// Safe to share when the element is, as `Provider`: the graph or a `@Sendable` getter.
extension AsyncProvider: @unchecked Sendable where Element: Sendable {}

extension AsyncProvider: InjectableWrapper {
    static var wrapper: RequestWrapper { .asyncProvider }

    static var requestRecipe: RequestRecipe {
        let key = BindingKey(Element.self)
        return RequestRecipe(
            model: DependencyRequest(key: key, kind: wrapper.requestKind, requestedType: TypeIdentity(Self.self)),
            resolving: Self.self,
            link: { linker, _ in
                let target = linker.asyncProviderResolver(for: key, as: Element.self)
                return target.handleResolver { resolver, instance in AsyncProvider(resolver: resolver, instance: instance) }
            }
        )
    }
}
