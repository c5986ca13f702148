/// Anything a binding can be completed on with a terminating step: `to(factory:)`,
/// `to(value:)` or `to(provider:)`.
///
/// Each terminating step records the `file` and `line` it was called from, which every
/// diagnostic about the binding reports.
public protocol BindToable {
    /// The type the terminating step must produce.
    associatedtype Input

    /// Registers a completed binding. Called by the terminating steps; not API.
    func _register(_ recipe: TypedBindingRecord<Input>) -> BindingReceipt<Input>
}

// The terminating steps are compiled once, in Cleanse, and not specialised per binding where
// they are written: see the note at the top of `FixedArityFactories.swift`.
extension BindToable {
    /// Completes the binding with a factory of any arity; its parameters are the binding's
    /// dependencies, resolved from the graph each time a value is built.
    ///
    /// ```swift
    /// binder.bind(CoffeeMaker.self).to(factory: CoffeeMaker.init)
    /// binder.bind(Pump.self).to { (heater: Heater) in Thermosiphon(heater: heater) }
    /// binder.bind(Heater.self).to { ElectricHeater() }
    /// ```
    ///
    /// A parameter may be `T`, `Provider<T>`, `TaggedProvider<Tag>` or `WeakProvider<T>`;
    /// there is no limit on the number of parameters.
    @available(swift, introduced: 6)
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
        factory: @escaping @Sendable (repeat each Dependency) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with an `async`, throwing or `async throws` factory of any
    /// arity: an asynchronous binding, requested as `AsyncProvider<Input>` or directly by
    /// another asynchronous factory, and built with `buildAsync(_:)` when the root needs it.
    ///
    /// ```swift
    /// binder.bind(Database.self).sharedInScope().to { (config: Config) async throws in
    ///     try await Database.connect(config.url)
    /// }
    /// ```
    ///
    /// Its parameters are awaited before the call; an error it throws reaches the caller of
    /// `get()` or `buildAsync(_:)` as `FactoryFailed`. A shared one is made once per
    /// component instance even when many tasks await it; after a failure the next request
    /// tries again.
    @available(swift, introduced: 6)
    @discardableResult @_disfavoredOverload @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat each Dependency) async throws -> Input
    ) -> BindingReceipt<Input> {
        _register(.asyncFactory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory isolated to the main actor, such as the
    /// initializer of a `@MainActor` view model: it runs on the main actor, and is awaited
    /// (`AsyncProvider`, an asynchronous factory, or `buildAsync(_:)`) from anywhere.
    ///
    /// ```swift
    /// binder.bind(ProfileViewModel.self).to(factory: ProfileViewModel.init)
    /// ```
    ///
    /// The factory is `sending`: it moves to the main actor, so in Swift 6 mode it may
    /// capture main-actor state, or a non-`Sendable` value the caller does not use again,
    /// but not one the caller keeps. (`sending` also keeps this form apart from the
    /// `@Sendable` one: Swift takes the two function types for the same overload otherwise.)
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
        factory: sending @escaping @MainActor (repeat each Dependency) -> Input
    ) -> BindingReceipt<Input> {
        _register(.mainActorFactory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with a factory isolated to a global actor, such as the
    /// initializer of a class isolated to a database actor: awaited from anywhere
    /// (`AsyncProvider`, an asynchronous factory, or `buildAsync(_:)`), it runs on its actor.
    /// `to(factory:)` takes main-actor factories, but Swift 6 cannot pass it one isolated to
    /// another global actor without losing that isolation; this form keeps it.
    ///
    /// ```swift
    /// binder.bind(Store.self).sharedInScope().to(isolatedFactory: Store.init)
    /// ```
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        isolatedFactory factory: @escaping @isolated(any) @Sendable (repeat each Dependency) -> Input
    ) -> BindingReceipt<Input> where repeat each Dependency: Sendable, Input: Sendable {
        _register(.asyncFactory({ (dependencies: repeat each Dependency) async throws -> Input in
            await factory(repeat each dependencies)
        }, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Completes the binding with one value, returned for every request.
    ///
    /// ```swift
    /// binder.bind(URL.self).tagged(with: PrimaryAPIURL.self).to(value: apiURL)
    /// ```
    ///
    /// Disfavoured, so that `bind().to { Session() }` (type left to inference) binds what
    /// the closure returns rather than the closure itself.
    @_disfavoredOverload @discardableResult
    public func to(value: Input, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) -> BindingReceipt<Input> {
        _register(.getter(.value, location: SourceLocation(file: file, line: line, column: column, function: function)) { value })
    }

    /// Completes the binding with a provider; each request calls its `get()`.
    @discardableResult @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func to<P: ProviderProtocol>(provider: P, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) -> BindingReceipt<Input> where P.Element == Input {
        _register(.getter(.provider, location: SourceLocation(file: file, line: line, column: column, function: function), provider.get))
    }
}
