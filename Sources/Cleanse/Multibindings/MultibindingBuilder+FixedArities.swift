// Fixed-arity forms of a collection contribution's `to(factory:)`, as `FixedArityFactories.swift`
// gives a binder's: none to six parameters, each dependency moved into the factory, and the
// `FactoryOverloadRank` parameters (n - 1 for n parameters, six on the variadic forms) that
// make an overloaded reference (`intoCollection().to(factory: Plugin.init)`) bind the overload
// with the fewest parameters. The Swift 5 language mode twins are in
// `Compatibility/Swift5LanguageModeFactories.swift`.

extension MultibindingBuilder {
    /// Contributes one element made by a factory of no parameter: the same as the variadic
    /// form, with a form of its own so that an overloaded reference (`Plugin.init`) binds
    /// the overload with the fewest parameters, as `to(factory:)` on a binder does.
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable () -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.getter(.factory, location: SourceLocation(file: file, line: line, column: column, function: function), factory))
    }

    /// Contributes one element made by a factory of 1 parameter, each dependency moved into
    /// it once resolved (see the form of no parameter).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable (consuming D1) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element made by a factory of 2 parameters, each dependency moved into
    /// it once resolved (see the form of no parameter).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element made by a factory of 3 parameters, each dependency moved into
    /// it once resolved (see the form of no parameter).
    @available(swift, introduced: 6)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element made by a factory of 4 parameters, each dependency moved into
    /// it once resolved (see the form of no parameter).
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
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element made by a factory of 5 parameters, each dependency moved into
    /// it once resolved (see the form of no parameter).
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
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element made by a factory of 6 parameters, each dependency moved into
    /// it once resolved (see the form of no parameter).
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
        factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }
}
