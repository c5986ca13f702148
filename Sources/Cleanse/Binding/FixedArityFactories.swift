// Fixed-arity forms of `to(factory:)`. The variadic form in `BindToable.swift` accepts any
// arity; these take the common arities with `consuming` parameters, so that each dependency
// resolved for a factory is handed to it without a copy: no retain and release per
// argument, no parameter-pack indirection. Swift prefers them to the variadic form, so
// existing calls pick them up unchanged.
//
// The form of n parameters carries n - 1 `FactoryOverloadRank` parameters and the variadic
// forms six, so that a reference naming several overloads (`Service.init`) binds the one with
// the fewest parameters, as Cleanse 4 did: Swift ranks an overload with fewer defaulted
// parameters above one with more (see `FactoryOverloadRank`).
//
// Like every `to(factory:)`, they are compiled once, in Cleanse, and never specialised
// where a binding is written (`@inline(never)`, `specialize.generic.never`; without the
// latter, cross-module optimisation would serialise and specialise them anyway). A
// specialisation per binding made resolution a little faster but cost ~20 ms of release
// compile time per binding: 36 s instead of 5 s for the wiring of a random G(1000) (issue
// 25, NOTES "Performance"). The generic code they run is written to need no metadata look-up
// per value (no `Optional<Value>`, no generic class instantiated per call).

extension BindToable {
    /// Completes the binding with a factory of no parameter, called for each value: the same
    /// as the variadic `to(factory:)`. Its own form, so that `Cache.init` naming both
    /// `init()` and `init(size:)` binds `init()`, as in Cleanse 4.
    ///
    /// ```swift
    /// binder.bind(Heater.self).to { ElectricHeater() }
    /// ```
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable () -> Input
    ) -> BindingReceipt<Input> {
        _register(.getter(.factory, location: SourceLocation(file: file, line: line, column: column, function: function), factory))
    }

    /// Completes the binding with a factory of one parameter, its dependency: the same as
    /// the variadic `to(factory:)`, with each resolved dependency moved into the factory
    /// instead of copied. Swift picks these forms for factories of none to six parameters.
    ///
    /// ```swift
    /// binder.bind(Pump.self).to(factory: Thermosiphon.init)
    /// ```
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable (consuming D1) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory of 2 parameters, its dependencies in order,
    /// each moved into the factory once resolved (see the one-parameter form).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory of 3 parameters, its dependencies in order,
    /// each moved into the factory once resolved (see the one-parameter form).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory of 4 parameters, its dependencies in order,
    /// each moved into the factory once resolved (see the one-parameter form).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3, D4>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory of 5 parameters, its dependencies in order,
    /// each moved into the factory once resolved (see the one-parameter form).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3, D4, D5>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory of 6 parameters, its dependencies in order,
    /// each moved into the factory once resolved (see the one-parameter form).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3, D4, D5, D6>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }
}

extension TypedBindingRecord {
    // Recipes are generic over the factory's types only, not over the builder: one
    // specialization per binding, whichever builder it was written on.

    @inlinable
    static func factory<D1>(consuming factory: @escaping (consuming D1) -> Value, location: SourceLocation) -> TypedBindingRecord {
        TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(D1.self)) { resolvers in
            let d1 = ResolverCursor.dependencies(resolvers, as: D1.self)
            return Resolver { instance in factory(d1.resolve(instance)) }
        }
    }

    @inlinable
    static func factory<D1, D2>(consuming factory: @escaping (consuming D1, consuming D2) -> Value, location: SourceLocation) -> TypedBindingRecord {
        TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(D1.self, D2.self)) { resolvers in
            let (d1, d2) = ResolverCursor.dependencies(resolvers, as: D1.self, D2.self)
            return Resolver { instance in factory(d1.resolve(instance), d2.resolve(instance)) }
        }
    }

    @inlinable
    static func factory<D1, D2, D3>(consuming factory: @escaping (consuming D1, consuming D2, consuming D3) -> Value, location: SourceLocation) -> TypedBindingRecord {
        TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(D1.self, D2.self, D3.self)) { resolvers in
            let (d1, d2, d3) = ResolverCursor.dependencies(resolvers, as: D1.self, D2.self, D3.self)
            return Resolver { instance in factory(d1.resolve(instance), d2.resolve(instance), d3.resolve(instance)) }
        }
    }

    @inlinable
    static func factory<D1, D2, D3, D4>(consuming factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4) -> Value, location: SourceLocation) -> TypedBindingRecord {
        TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(D1.self, D2.self, D3.self, D4.self)) { resolvers in
            let (d1, d2, d3, d4) = ResolverCursor.dependencies(resolvers, as: D1.self, D2.self, D3.self, D4.self)
            return Resolver { instance in factory(d1.resolve(instance), d2.resolve(instance), d3.resolve(instance), d4.resolve(instance)) }
        }
    }

    @inlinable
    static func factory<D1, D2, D3, D4, D5>(consuming factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Value, location: SourceLocation) -> TypedBindingRecord {
        TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(D1.self, D2.self, D3.self, D4.self, D5.self)) { resolvers in
            let (d1, d2, d3, d4, d5) = ResolverCursor.dependencies(resolvers, as: D1.self, D2.self, D3.self, D4.self, D5.self)
            return Resolver { instance in factory(d1.resolve(instance), d2.resolve(instance), d3.resolve(instance), d4.resolve(instance), d5.resolve(instance)) }
        }
    }

    @inlinable
    static func factory<D1, D2, D3, D4, D5, D6>(consuming factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Value, location: SourceLocation) -> TypedBindingRecord {
        TypedBindingRecord(kind: .factory, location: location, requests: RequestRecipe.all(D1.self, D2.self, D3.self, D4.self, D5.self, D6.self)) { resolvers in
            let (d1, d2, d3, d4, d5, d6) = ResolverCursor.dependencies(resolvers, as: D1.self, D2.self, D3.self, D4.self, D5.self, D6.self)
            return Resolver { instance in factory(d1.resolve(instance), d2.resolve(instance), d3.resolve(instance), d4.resolve(instance), d5.resolve(instance), d6.resolve(instance)) }
        }
    }
}
