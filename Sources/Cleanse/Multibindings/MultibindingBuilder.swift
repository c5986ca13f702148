/// The builder `.intoCollection()`, `.intoSet()` and `.intoDictionary(key:)` return: each
/// binding made with it contributes to one collection, injectable as itself or through a
/// `Provider`.
///
/// A terminating step gives one element or a whole `Collection` of them (an array for
/// `.intoCollection()`, a set for `.intoSet()`), from a value, a provider or a factory with
/// dependencies. Contributions keep the order they were written in; a subcomponent's come
/// after its ancestors'.
///
/// ```swift
/// binder.bind((any Interceptor).self).intoCollection().to(factory: LoggingInterceptor.init)
/// binder.bind(Feature.self).intoSet().to(value: .search)
/// binder.bind((any Handler).self).intoDictionary(key: "/health").to(factory: HealthHandler.init)
/// ```
public struct MultibindingBuilder<Element, Collection, BinderScope: _ScopeBase>: BindToable, CollectorHolding {
    public typealias Input = Collection

    let collector: BindingCollector
    private var tag: TypeIdentity?
    private var isShared: Bool
    private let strategy: MultibindingStrategy<Element, Collection>
    /// For elements of a `PropertyInjectable` class (`bind(_:)` chose it): their `@Injected`
    /// properties, filled in each element a factory makes.
    private let injectedProperties: [InjectedProperty]?

    init(
        collector: BindingCollector,
        tag: TypeIdentity?,
        isShared: Bool,
        strategy: MultibindingStrategy<Element, Collection>,
        injectedProperties: [InjectedProperty]? = nil
    ) {
        self.collector = collector
        self.tag = tag
        self.isShared = isShared
        self.strategy = strategy
        self.injectedProperties = injectedProperties
    }

    /// `recipe`, its elements filled with their class's `@Injected` properties if it has any.
    private func filled(_ recipe: TypedBindingRecord<Element>) -> TypedBindingRecord<Element> {
        guard let injectedProperties else { return recipe }
        return recipe.fillingInjectedProperties(injectedProperties)
    }

    /// Qualifies the collection with a tag whose element is the collection type; request it
    /// as `TaggedProvider<T>`.
    public func tagged<T: Tag>(with tag: T.Type) -> MultibindingBuilder where T.Element == Collection {
        var builder = self
        builder.tag = TypeIdentity(tag)
        return builder
    }

    /// Makes this contribution build its elements once per component instance.
    public func sharedInScope() -> MultibindingBuilder where BinderScope: Cleanse.Scope {
        var builder = self
        builder.isShared = true
        return builder
    }

    /// Registers a whole `Collection` as one contribution (`to(value:)` with an array or a
    /// set). A dictionary multibinding contributes one entry under its key; a whole
    /// dictionary would ignore that key and could hide colliding entries, so it is reported.
    public func _register(_ recipe: TypedBindingRecord<Collection>) -> BindingReceipt<Collection> {
        if let entryKey = strategy.entryKey {
            collector.report(WholeDictionaryContribution(
                dictionary: BindingKey(type: TypeIdentity(Collection.self), tag: tag),
                entryKey: entryKey,
                location: recipe.location
            ))
        }
        return register(recipe, entryKey: nil)
    }

    /// Registers a contribution; `entryKey` is the dictionary key a single-entry
    /// contribution adds.
    /// Adds one element's recipe as a contribution to the collection.
    func contribute(_ recipe: TypedBindingRecord<Element>) -> BindingReceipt<Collection> {
        register(filled(recipe).map(strategy.single), entryKey: strategy.entryKey)
    }

    private func register(_ recipe: TypedBindingRecord<Collection>, entryKey: MultibindingKey?) -> BindingReceipt<Collection> {
        collector.add(BindingRecord.contribution(
            recipe,
            key: BindingKey(type: TypeIdentity(Collection.self), tag: tag),
            scope: isShared ? TypeIdentity(BinderScope.self) : nil,
            multibindingKey: entryKey,
            empty: strategy.empty,
            join: strategy.join
        ))
        return BindingReceipt()
    }

    /// Contributes one element built by a factory of any arity.
    @available(swift, introduced: 6)
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
        factory: @escaping @Sendable (repeat each Dependency) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(TypedBindingRecord.factory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element built by an `async`, throwing or `async throws` factory of
    /// any arity: the collection becomes asynchronous, requested as `AsyncProvider` of the
    /// collection or directly by an asynchronous factory.
    ///
    /// ```swift
    /// binder.bind((any HealthCheck).self).intoCollection().to { (pool: Pool) async throws in
    ///     try await DatabaseCheck(pool: pool)
    /// }
    /// ```
    @available(swift, introduced: 6)
    @discardableResult @_disfavoredOverload
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat each Dependency) async throws -> Element
    ) -> BindingReceipt<Collection> {
        contribute(TypedBindingRecord.asyncFactory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element built by a factory isolated to the main actor: on the main
    /// actor the collection is made synchronously (`MainActorProvider`, a main-actor
    /// factory); from anywhere else it is awaited, and the factory runs on the main actor.
    /// The factory is `sending` (see ``BindToable``'s main-actor form).
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
        factory: sending @escaping @MainActor (repeat each Dependency) -> Element
    ) -> BindingReceipt<Collection> {
        contribute(TypedBindingRecord.mainActorFactory(factory, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Contributes one element.
    ///
    /// Disfavoured, as ``BindToable/to(value:file:line:column:function:)`` is, so that an untyped
    /// `bind().intoCollection().to { Plugin() }` contributes a `Plugin` made by the closure,
    /// not the closure itself as an element of `[() -> Plugin]`.
    @_disfavoredOverload
    @discardableResult
    public func to(value: Element, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) -> BindingReceipt<Collection> {
        let single = strategy.single
        return register(.getter(.value, location: SourceLocation(file: file, line: line, column: column, function: function)) { single(value) }, entryKey: strategy.entryKey)
    }

    /// Contributes the element a provider provides, asked anew each time the collection is built.
    @discardableResult
    public func to<P: ProviderProtocol>(provider: P, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) -> BindingReceipt<Collection> where P.Element == Element {
        let single = strategy.single
        return register(.getter(.provider, location: SourceLocation(file: file, line: line, column: column, function: function)) { single(provider.get()) }, entryKey: strategy.entryKey)
    }
}

/// Contributions to `[Element]`, made with `.intoCollection()`.
public typealias CollectionBindingBuilder<Element, BinderScope: _ScopeBase> = MultibindingBuilder<Element, [Element], BinderScope>

/// How one kind of multibinding wraps a single element and joins contributions.
struct MultibindingStrategy<Element, Collection> {
    let empty: Collection
    let single: (Element) -> Collection
    let join: (inout Collection, Collection) -> Void
    /// The dictionary key of the entry a contribution adds.
    let entryKey: MultibindingKey?
}

extension BaseBindingBuilder {
    /// Turns the binding into a contribution to the array `[Element]`, keeping any tag or
    /// scope step already taken.
    public func intoCollection() -> MultibindingBuilder<Element, [Element], BinderScope> {
        multibinding(MultibindingStrategy(empty: [], single: { [$0] }, join: { $0 += $1 }, entryKey: nil))
    }

    /// Turns the binding into a contribution to the set `Set<Element>`; contributing an
    /// element twice is harmless.
    public func intoSet() -> MultibindingBuilder<Element, Set<Element>, BinderScope> where Element: Hashable {
        multibinding(MultibindingStrategy(empty: [], single: { [$0] }, join: { $0.formUnion($1) }, entryKey: nil))
    }

    /// Turns the binding into the entry `key` of the dictionary `[Key: Element]`. Two
    /// contributions of the same key are a configuration error, reported with both places.
    public func intoDictionary<Key: Hashable & Sendable>(key: Key) -> MultibindingBuilder<Element, [Key: Element], BinderScope> {
        multibinding(MultibindingStrategy(
            empty: [:],
            single: { [key: $0] },
            // Validation rules out two entries with one key, so merging keeps every entry.
            join: { $0.merge($1) { existing, _ in existing } },
            entryKey: MultibindingKey(key)
        ))
    }

    private func multibinding<Collection>(_ strategy: MultibindingStrategy<Element, Collection>) -> MultibindingBuilder<Element, Collection, BinderScope> {
        MultibindingBuilder(collector: collector, tag: tag, isShared: isShared, strategy: strategy, injectedProperties: injectedProperties)
    }
}
