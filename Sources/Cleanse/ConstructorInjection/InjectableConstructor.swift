/// How the graph constructs a ``ConstructorInjectable`` type: a call of one of its
/// initializers, whose parameters are requests (`T`, `Provider<T>`, `TaggedProvider<Tag>`,
/// `() -> T`, as in `to(factory:)`), the scope its instances are shared in, and where the
/// type is declared, which diagnostics about the binding report.
///
/// ```swift
/// extension CheckoutService: ConstructorInjectable {
///     static var injectableConstructor: InjectableConstructor {
///         InjectableConstructor(CheckoutService.self) { (cart: Cart, payments: Provider<any PaymentGateway>) in
///             CheckoutService(cart: cart, payments: payments)
///         }
///     }
/// }
/// ```
public struct InjectableConstructor: Sendable {
    /// The type constructed: a subclass inherits its superclass's conformance but is not
    /// constructed by its superclass's initializer.
    let constructed: TypeIdentity
    /// The binding, made anew for each component that binds the type; `nil` when the type
    /// is not constructed.
    let makeRecord: (@Sendable () -> BindingRecord)?
    /// Why the type is not constructed, when it is not.
    let unconstructedReason: String?
    /// Where the type is declared.
    let location: SourceLocation

    /// Constructs `type` with `construct`, shared in `scope` (unscoped when `nil`: a new
    /// instance per request). `file` and `line` are the type's declaration.
    public init<Constructed, each Dependency>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (repeat each Dependency) -> Constructed
    ) {
        constructed = TypeIdentity(Constructed.self)
        location = SourceLocation(file: file, line: line, column: column)
        unconstructedReason = nil
        makeRecord = Self.records(construct, filling: [], scope: scope, at: location)
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, then fills its
    /// ``Injected`` properties before anyone receives it.
    public init<Constructed: PropertyInjectable, each Dependency>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (repeat each Dependency) -> Constructed
    ) {
        constructed = TypeIdentity(Constructed.self)
        location = SourceLocation(file: file, line: line, column: column)
        unconstructedReason = nil
        makeRecord = Self.records(construct, filling: Constructed.injectedProperties, scope: scope, at: location)
    }

    /// `type` is not constructed just in time, `because` of what it says: what `@Injectable`
    /// writes for a type whose initializer it cannot call. A request for the type that no
    /// module binds is a missing binding.
    public init(unconstructed type: Any.Type, because reason: String, file: StaticString = #fileID, line: Int = #line, column: Int = #column) {
        constructed = TypeIdentity(type)
        location = SourceLocation(file: file, line: line, column: column)
        unconstructedReason = reason
        makeRecord = nil
    }

    /// Makes the records of a binding that constructs with `construct` and fills
    /// `properties` (none for a type with no `@Injected` ones).
    private static func records<Constructed, each Dependency>(
        _ construct: @escaping @Sendable (repeat each Dependency) -> Constructed,
        filling properties: [InjectedProperty],
        scope: (any Scope.Type)?,
        at location: SourceLocation
    ) -> @Sendable () -> BindingRecord {
        let scope = scope.map { TypeIdentity($0) }
        return {
            TypedBindingRecord<Constructed>.factory(construct, location: location)
                .fillingInjectedProperties(properties)
                .record(key: BindingKey(Constructed.self), scope: scope, kind: .injectableConstructor)
        }
    }
}
