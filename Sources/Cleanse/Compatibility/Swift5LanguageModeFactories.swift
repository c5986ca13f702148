// The binder's factory forms as code in Swift 5 language mode sees them: the same calls,
// taking closures that are not `@Sendable`. In Swift 6 mode each form takes a `@Sendable`
// closure, because the graph may call it from any thread (a `Provider` of a `Sendable`
// value is `Sendable`); Swift 5 mode checks no captures, and Cleanse 4 code compiled in it
// (`X.init` references, closures over local state) keeps compiling without a warning per
// binding. Each form below is the Swift 6 form's twin, hidden from the documentation, and
// registers the same recipe.

extension BindToable {
    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping (repeat each Dependency) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @_disfavoredOverload @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping (repeat each Dependency) async throws -> Input
    ) -> BindingReceipt<Input> {
        _register(.asyncFactory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping () -> Input
    ) -> BindingReceipt<Input> {
        _register(.getter(.factory, location: SourceLocation(file: file, line: line, column: column, function: function), factory))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping (consuming D1) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        factory: @escaping (consuming D1, consuming D2) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping (consuming D1, consuming D2, consuming D3) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3, D4>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
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
        factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
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
        factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }
}

extension MultibindingBuilder {
    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping (repeat each Dependency) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @_disfavoredOverload
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping (repeat each Dependency) async throws -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.asyncFactory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }
}

extension MultibindingBuilder {
    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping () -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.getter(.factory, location: SourceLocation(file: file, line: line, column: column, function: function), factory))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping (consuming D1) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        factory: @escaping (consuming D1, consuming D2) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping (consuming D1, consuming D2, consuming D3) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<D1, D2, D3, D4>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        _: FactoryOverloadRank = .init(),
        factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
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
        factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
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
        factory: @escaping (consuming D1, consuming D2, consuming D3, consuming D4, consuming D5, consuming D6) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(.factory(consuming: factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }
}

extension AssistedFactoryBuilder {
    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping (repeat each Dependency) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        register(factory, location: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// The Swift 5 language mode form of `to(factory:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult
    public func to(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping (Assisted<AF.Seed>) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        register(factory, location: SourceLocation(file: file, line: line, column: column, function: function))
    }
}

extension PropertyInjectionBuilder {
    /// The Swift 5 language mode form of `to(injector:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: @escaping (Element, repeat each Dependency) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        register(uncurried: injector, location: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// The Swift 5 language mode form of `to(injector:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: @escaping (Element) -> (repeat each Dependency) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        register(curried: injector, location: SourceLocation(file: file, line: line, column: column, function: function))
    }
}
