/// A stored property the graph fills: declare it in a class that conforms to
/// ``PropertyInjectable`` (what the `@Injectable` macro of `CleanseMacros` writes), instead
/// of passing the dependency through the initializer.
///
/// ```swift
/// final class ProfileViewController: PropertyInjectable {
///     @Injected var service: ProfileService
///     @Injected var analytics: Provider<Analytics>
///
///     static var injectedProperties: [InjectedProperty] {
///         [.property(\ProfileViewController._service, named: "service"),
///          .property(\ProfileViewController._analytics, named: "analytics")]
///     }
/// }
/// ```
///
/// The wrapped type is any request form: `T`, `Provider<T>`, `TaggedProvider<Tag>`,
/// `WeakProvider<T>`, `() -> T`, `T?`. `ComponentFactory.of` validates each property like a
/// factory's parameter, naming the class, the property and where it is declared. Reading a
/// property before the graph filled it stops the program with `[Cleanse/NotInjected]`.
@propertyWrapper
public struct Injected<Value> {
    /// The value, once the graph has given it.
    var value: Value?

    /// An empty property, filled when the object's properties are injected.
    public init() {}

    /// The injected value.
    public var wrappedValue: Value {
        get {
            guard let value else { RuntimeFailure.notInjected(Value.self) }
            return value
        }
        set { value = newValue }
    }
}

extension Injected: Sendable where Value: Sendable {}

extension RuntimeFailure {
    /// An `@Injected` property read before anything injected it: a mistake in how the
    /// object is made (it is not built by the graph, and nobody called its injector).
    static func notInjected(_ type: Any.Type) -> Never {
        fatalError("""
            [Cleanse/NotInjected] an @Injected property of type '\(type)' was read before it was injected. \
            To fix: make the object with bind(T.self).to(factory:) (the graph fills its @Injected \
            properties before handing it out), or bind its injector with \
            bindPropertyInjectionOf(T.self).toInjectedProperties(), request PropertyInjector<T> where \
            the object is made, and call injectProperties(into:) before reading the property.
            """)
    }
}
