/// Configures how dependencies are injected into existing instances of `Element`; returned
/// by `binder.bindPropertyInjectionOf(_:)`, and handed to `propertyInjector(configuredWith:)`.
///
/// ```swift
/// binder
///     .bindPropertyInjectionOf(FreeBeer.self)
///     .to(injector: FreeBeer.injectProperties)   // (FreeBeer) -> (P1, …, Pn) -> ()
///
/// binder
///     .bindPropertyInjectionOf(AClass.self)
///     .to { $0.a = ($1 as TaggedProvider<ATag>).get() }   // (AClass, P1, …, Pn) -> ()
/// ```
///
/// Injectors know nothing of class hierarchies: to inject a superclass's properties too,
/// request `PropertyInjector<Superclass>` as one of the parameters and call it.
public struct PropertyInjectionBuilder<Element> {
    let collector: BindingCollector
    /// The warnings the binding silences.
    private var silenced: [DiagnosticID] = []

    init(collector: BindingCollector) {
        self.collector = collector
    }

    /// Silences warning `id` for this binding: `.unrequestedPropertyInjector` when nothing in
    /// the graph requests the injector because something outside it does (a framework that
    /// looks injectors up by type, say).
    ///
    /// ```swift
    /// binder.bindPropertyInjectionOf(PluginView.self)
    ///     .silencing(.unrequestedPropertyInjector)
    ///     .to(injector: PluginView.injectProperties)
    /// ```
    public func silencing(_ id: DiagnosticID) -> PropertyInjectionBuilder {
        var copy = self
        copy.silenced.append(id)
        return copy
    }

    /// Adds `record`, with the warnings this builder silences.
    private func add(_ record: BindingRecord) {
        record.silence(silenced)
        collector.add(record)
    }

    /// Completes the binding with a function of the instance followed by any number of
    /// dependencies.
    @available(swift, introduced: 6)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: @escaping @Sendable (Element, repeat each Dependency) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        register(uncurried: injector, location: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// Completes the binding with an instance method taking any number of dependencies, as
    /// `Element.injectProperties` spells it.
    @available(swift, introduced: 6)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: @escaping @Sendable (Element) -> (repeat each Dependency) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        register(curried: injector, location: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// Binds a `MainActorPropertyInjector<Element>` whose injector is isolated to the main
    /// actor, as the methods of a `@MainActor` class are:
    /// `bindPropertyInjectionOf(ProfileViewController.self).to(injector: ProfileViewController.injectProperties)`.
    /// Its dependencies are resolved on the main actor when `injectProperties(into:)` runs, so
    /// they may be main-actor bindings. The injector is `sending` (see ``BindToable``'s
    /// main-actor form).
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: sending @escaping @MainActor (Element, repeat each Dependency) -> Void
    ) -> BindingReceipt<MainActorPropertyInjector<Element>> {
        let apply = { @MainActor (target: Element, dependencies: (repeat each Dependency)) in
            injector(target, repeat each dependencies)
        }
        return registerOnMainActor(.mainActorInjector(apply, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// The curried form of the main-actor injector above, for a main-actor class's
    /// `injectProperties` method.
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: @escaping (Element) -> @MainActor (repeat each Dependency) -> Void
    ) -> BindingReceipt<MainActorPropertyInjector<Element>> {
        // Safe: handed to the main actor, where it is only ever called.
        nonisolated(unsafe) let curried = injector
        let apply = { @MainActor (target: Element, dependencies: (repeat each Dependency)) in
            curried(target)(repeat each dependencies)
        }
        return registerOnMainActor(.mainActorInjector(apply, location: SourceLocation(file: file, line: line, column: column, function: function)))
    }

    /// Binds an `AsyncPropertyInjector<Element>` whose injector is `async` or throws: its
    /// dependencies are awaited each time it injects, so they may be asynchronous bindings,
    /// requested directly. For `Sendable` targets (actors, main-actor classes).
    ///
    /// ```swift
    /// binder.bindPropertyInjectionOf(ReportJob.self).to { (job: ReportJob, database: Database) async in
    ///     await job.injectProperties(database)
    /// }
    /// ```
    @discardableResult @_disfavoredOverload
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        injector: @escaping @Sendable (Element, repeat each Dependency) async throws -> Void
    ) -> BindingReceipt<AsyncPropertyInjector<Element>> where Element: Sendable {
        let apply = { @Sendable (target: Element, dependencies: (repeat each Dependency)) async throws in
            try await injector(target, repeat each dependencies)
        }
        let recipe = TypedBindingRecord.asyncInjector(apply, location: SourceLocation(file: file, line: line, column: column, function: function))
        add(recipe.record(key: BindingKey(AsyncPropertyInjector<Element>.self), scope: nil))
        return BindingReceipt()
    }

    /// Binds `PropertyInjector<Element>` to an injector taking the instance and its dependencies.
    func register<each Dependency>(
        uncurried injector: @escaping (Element, repeat each Dependency) -> Void,
        location: SourceLocation
    ) -> BindingReceipt<PropertyInjector<Element>> {
        let apply = { (target: Element, dependencies: (repeat each Dependency)) in
            injector(target, repeat each dependencies)
        }
        return register(TypedBindingRecord.injector(apply, location: location))
    }

    /// Binds `PropertyInjector<Element>` to an instance method taking the dependencies.
    func register<each Dependency>(
        curried injector: @escaping (Element) -> (repeat each Dependency) -> Void,
        location: SourceLocation
    ) -> BindingReceipt<PropertyInjector<Element>> {
        let apply = { (target: Element, dependencies: (repeat each Dependency)) in
            injector(target)(repeat each dependencies)
        }
        return register(TypedBindingRecord.injector(apply, location: location))
    }

    func registerOnMainActor(_ recipe: TypedBindingRecord<MainActorPropertyInjector<Element>>) -> BindingReceipt<MainActorPropertyInjector<Element>> {
        add(recipe.record(key: BindingKey(MainActorPropertyInjector<Element>.self), scope: nil))
        return BindingReceipt()
    }

    func register(_ recipe: TypedBindingRecord<PropertyInjector<Element>>) -> BindingReceipt<PropertyInjector<Element>> {
        let record = recipe.record(key: BindingKey(PropertyInjector<Element>.self), scope: nil)
        record.untypedInjection = (ObjectIdentifier(Element.self), { resolver in
            let injector = resolver.typed(PropertyInjector<Element>.self)
            return { instance, object in
                guard let target = object as? Element else { return }
                injector.resolve(instance).injectProperties(into: target)
            }
        })
        add(record)
        return BindingReceipt()
    }
}

/// The original API's name for the builder `propertyInjector(configuredWith:)` hands out.
public typealias PropertyInjectionReceiptBinder<Element> = PropertyInjectionBuilder<Element>

extension Binder {
    /// Starts configuring property injection into instances of `Element`, which makes
    /// `PropertyInjector<Element>` injectable.
    public func bindPropertyInjectionOf<Element>(_ type: Element.Type = Element.self) -> PropertyInjectionBuilder<Element> {
        PropertyInjectionBuilder(collector: collector)
    }
}

extension ReceiptBinder {
    /// Binds a component's root as a `PropertyInjector`, for a root object the component
    /// does not build (an app delegate):
    ///
    /// ```swift
    /// typealias Root = PropertyInjector<AppDelegate>
    /// static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
    ///     bind.propertyInjector(configuredWith: { bind in
    ///         bind.to(injector: AppDelegate.injectProperties)
    ///     })
    /// }
    /// ```
    public func propertyInjector<Target>(
        configuredWith configure: (PropertyInjectionReceiptBinder<Target>) -> BindingReceipt<PropertyInjector<Target>>
    ) -> BindingReceipt<Element> where Element == PropertyInjector<Target> {
        _ = configure(PropertyInjectionBuilder(collector: collector))
        return BindingReceipt()
    }
}
