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
    /// What makes the binding (once per process: each graph gets a copy, see
    /// `KnownConstructors`); `nil` when the type is not constructed.
    let makeRecord: (@Sendable () -> BindingRecord)?
    /// Why the type is not constructed, when it is not.
    let unconstructedReason: String?
    /// Where the type is declared.
    let location: SourceLocation
    /// The requests the compiler knew to be constructed types, where the type is declared
    /// (see ``constructing(_:)``).
    var constructedDependencies: [ConstructedDependency] = []

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
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(construct, at: place), filling: [], scope: scope))
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
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// Constructs `type`, isolated to the main actor, with `construct`, which runs there: made
    /// on the spot where it is requested on the main actor (another main-actor factory,
    /// `MainActorProvider.get()`, a build from main-actor code), awaited from anywhere
    /// else, as a binding to a `@MainActor` factory is.
    ///
    /// ```swift
    /// extension FeedViewModel: ConstructorInjectable {
    ///     nonisolated static var injectableConstructor: InjectableConstructor {
    ///         InjectableConstructor(mainActor: FeedViewModel.self) { @MainActor (api: APIClient) in
    ///             FeedViewModel(api: api)
    ///         }
    ///     }
    /// }
    /// ```
    public init<Constructed, each Dependency>(
        mainActor type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @MainActor @Sendable (repeat each Dependency) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.callingOnMainActor(construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``MainActorPropertyInjectable`` class `type` with `construct` on the
    /// main actor, then fills its ``Injected`` properties there before anyone receives it:
    /// what `@Injectable(mainActor: true)` writes.
    public init<Constructed: MainActorPropertyInjectable, each Dependency>(
        mainActor type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @MainActor @Sendable (repeat each Dependency) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.callingOnMainActor(construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// A constructor of `type`, declared at `place`, whose binding `makeRecord` makes.
    init(constructing type: Any.Type, at place: SourceLocation, makeRecord: @escaping @Sendable () -> BindingRecord) {
        constructed = TypeIdentity(type)
        location = place
        unconstructedReason = nil
        self.makeRecord = makeRecord
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

    /// What makes a binding that calls `construct`. (Written apart from the initializers, so
    /// that the closure does not capture a metatype constrained to a protocol.)
    private static func calling<Constructed, each Dependency>(
        _ construct: @escaping @Sendable (repeat each Dependency) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(construct, location: place) }
    }

    /// What makes a binding that calls `construct` on the main actor.
    private static func callingOnMainActor<Constructed, each Dependency>(
        _ construct: @escaping @MainActor @Sendable (repeat each Dependency) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .mainActorFactory(construct, location: place) }
    }

    /// Makes the records of the binding `made` makes, filling `properties` (none for a type
    /// with no `@Injected` ones).
    static func records<Constructed>(
        _ made: @escaping @Sendable () -> TypedBindingRecord<Constructed>,
        filling properties: [InjectedProperty],
        scope: (any Scope.Type)?
    ) -> @Sendable () -> BindingRecord {
        let scope = scope.map { TypeIdentity($0) }
        return {
            made()
                .fillingInjectedProperties(properties)
                .record(key: BindingKey(Constructed.self), scope: scope, kind: .injectableConstructor)
        }
    }

}
