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
/// property before the graph filled it stops the program with `[Cleanse/NotInjected]`, naming
/// the type that declares it and the declaration's `file:line`.
@propertyWrapper
public struct Injected<Value> {
    /// The value, once the graph has given it.
    var value: Value?

    /// Where the property is declared, for the message of a read before injection.
    let declaration: Declaration

    /// An empty property, filled when the object's properties are injected.
    ///
    /// Leave the arguments out: `@Injected var service: ProfileService` records the
    /// attribute's place and the type that declares it, which a read before injection names.
    public init(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        declaredIn enclosingType: StaticString = #function
    ) {
        declaration = Declaration(enclosingType: enclosingType, file: file, line: UInt32(clamping: line), column: UInt32(clamping: column))
    }

    /// The injected value.
    public var wrappedValue: Value {
        get {
            guard let value else { RuntimeFailure.notInjected(Value.self, declaredAt: declaration) }
            return value
        }
        set { value = newValue }
    }

    /// The place of an `@Injected` declaration: kept as static strings and two small integers,
    /// so that a property costs its object a few words and no allocation.
    struct Declaration: Sendable {
        /// The name of the type the property is declared in, as `#function` gives it in a
        /// stored property's initializer.
        let enclosingType: StaticString
        let file: StaticString
        let line: UInt32
        let column: UInt32

        var location: SourceLocation {
            SourceLocation(file: file, line: Int(line), column: Int(column))
        }
    }
}

extension Injected: Sendable where Value: Sendable {}

extension RuntimeFailure {
    /// An `@Injected` property read before anything injected it: a mistake in how the
    /// object is made (it is not built by the graph, and nobody called its injector).
    static func notInjected<Value>(_ type: Value.Type, declaredAt declaration: Injected<Value>.Declaration) -> Never {
        let owner = "\(declaration.enclosingType)"
        fatalError("""
            [Cleanse/NotInjected] the @Injected property of type '\(type)' declared in '\(owner)' at \
            \(declaration.location) was read before it was injected. \
            To fix: make the object with bind(\(owner).self).to(factory: \(owner).init) (the graph fills \
            its @Injected properties before handing it out), or bind its injector with \
            bindPropertyInjectionOf(\(owner).self).toInjectedProperties(), request \
            PropertyInjector<\(owner)> where the object is made, and call injectProperties(into:) before \
            reading the property. An object made by a factory bound under a protocol \
            (bind((any P).self).to(factory: \(owner).init)) is not filled, because the graph sees only \
            the protocol: bind \(owner) itself and the protocol to it, \
            bind((any P).self).to { (object: \(owner)) in object }.
            """)
    }
}
