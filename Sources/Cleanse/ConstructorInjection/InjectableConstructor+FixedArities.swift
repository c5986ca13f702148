// Fixed-arity forms of `InjectableConstructor`'s initializers, for constructors of none to six
// parameters (what `@Injectable` writes for most types): each resolved dependency is moved
// into the initializer's call, as the fixed-arity forms of `to(factory:)` move it, instead
// of going through the parameter pack. Swift prefers them to the variadic forms, so the
// closures the macro writes pick them up unchanged; the variadic forms serve other arities
// and main-actor types.

extension InjectableConstructor {
    /// Constructs `type` with `construct`, a function of no parameter, shared in `scope`:
    /// the variadic form's fixed-arity twin.
    public init<Constructed>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable () -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of no
    /// parameter, then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable () -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// What makes a binding that calls `construct`, which takes nothing.
    private static func calling<Constructed>(
        _ construct: @escaping @Sendable () -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .getter(.factory, location: place, construct) }
    }

    /// Constructs `type` with `construct`, a function of one parameter, shared in `scope`: the
    /// variadic form's fixed-arity twin, which moves each dependency into the call.
    public init<Constructed, D1>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of one parameter,
    /// then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable, D1>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// Constructs `type` with `construct`, a function of 2 parameters, shared in `scope`: the
    /// variadic form's fixed-arity twin, which moves each dependency into the call.
    public init<Constructed, D1, D2>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of 2 parameters,
    /// then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable, D1, D2>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// Constructs `type` with `construct`, a function of 3 parameters, shared in `scope`: the
    /// variadic form's fixed-arity twin, which moves each dependency into the call.
    public init<Constructed, D1, D2, D3>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of 3 parameters,
    /// then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable, D1, D2, D3>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// Constructs `type` with `construct`, a function of 4 parameters, shared in `scope`: the
    /// variadic form's fixed-arity twin, which moves each dependency into the call.
    public init<Constructed, D1, D2, D3, D4>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of 4 parameters,
    /// then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable, D1, D2, D3, D4>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// Constructs `type` with `construct`, a function of 5 parameters, shared in `scope`: the
    /// variadic form's fixed-arity twin, which moves each dependency into the call.
    public init<Constructed, D1, D2, D3, D4, D5>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of 5 parameters,
    /// then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable, D1, D2, D3, D4, D5>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// Constructs `type` with `construct`, a function of 6 parameters, shared in `scope`: the
    /// variadic form's fixed-arity twin, which moves each dependency into the call.
    public init<Constructed, D1, D2, D3, D4, D5, D6>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: [], scope: scope))
    }

    /// Constructs the ``PropertyInjectable`` class `type` with `construct`, a function of 6 parameters,
    /// then fills its ``Injected`` properties: the variadic form's fixed-arity twin.
    public init<Constructed: PropertyInjectable, D1, D2, D3, D4, D5, D6>(
        _ type: Constructed.Type,
        scope: (any Scope.Type)? = nil,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Constructed
    ) {
        let place = SourceLocation(file: file, line: line, column: column)
        self.init(constructing: Constructed.self, at: place, makeRecord: Self.records(Self.calling(consuming: construct, at: place), filling: Constructed.injectedProperties, scope: scope))
    }

    /// What makes a binding that moves each of its 1 dependency into `construct`.
    private static func calling<Constructed, D1>(
        consuming construct: @escaping @Sendable (consuming D1) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(consuming: construct, location: place) }
    }

    /// What makes a binding that moves each of its 2 dependencies into `construct`.
    private static func calling<Constructed, D1, D2>(
        consuming construct: @escaping @Sendable (consuming D1, consuming D2) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(consuming: construct, location: place) }
    }

    /// What makes a binding that moves each of its 3 dependencies into `construct`.
    private static func calling<Constructed, D1, D2, D3>(
        consuming construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(consuming: construct, location: place) }
    }

    /// What makes a binding that moves each of its 4 dependencies into `construct`.
    private static func calling<Constructed, D1, D2, D3, D4>(
        consuming construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(consuming: construct, location: place) }
    }

    /// What makes a binding that moves each of its 5 dependencies into `construct`.
    private static func calling<Constructed, D1, D2, D3, D4, D5>(
        consuming construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(consuming: construct, location: place) }
    }

    /// What makes a binding that moves each of its 6 dependencies into `construct`.
    private static func calling<Constructed, D1, D2, D3, D4, D5, D6>(
        consuming construct: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Constructed,
        at place: SourceLocation
    ) -> @Sendable () -> TypedBindingRecord<Constructed> {
        { .factory(consuming: construct, location: place) }
    }
}
