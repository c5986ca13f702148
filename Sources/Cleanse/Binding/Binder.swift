/// What `configure(binder:)` receives: it binds types and includes modules.
///
/// The generic parameter is the scope `.sharedInScope()` bindings made with this binder
/// are shared in; a component's own binder has the component's scope.
///
/// ```swift
/// static func configure(binder: Binder<Singleton>) {
///     binder.include(module: PumpModule.self)
///     binder.bind(Heater.self).sharedInScope().to(factory: ElectricHeater.init)
/// }
/// ```
public struct Binder<Scope: _ScopeBase> {
    let collector: BindingCollector

    init(collector: BindingCollector) {
        self.collector = collector
    }

    /// Starts a binding of `Element`; the type may be left out when it can be inferred from
    /// the terminating step.
    public func bind<Element>(_ type: Element.Type = Element.self) -> BaseBindingBuilder<Element, Scope> {
        BaseBindingBuilder(collector: collector)
    }

    /// Starts a binding of a ``PropertyInjectable`` class: each object the binding makes has
    /// its `@Injected` properties filled before anyone receives it (chosen by the compiler
    /// for such a class, so other bindings pay nothing).
    public func bind<Element: PropertyInjectable>(_ type: Element.Type = Element.self) -> BaseBindingBuilder<Element, Scope> {
        BaseBindingBuilder(collector: collector, injecting: Element.injectedProperties)
    }

    /// Starts a binding of a ``MainActorPropertyInjectable`` class: each object the binding
    /// makes (with a main-actor factory) has its `@Injected` properties filled on the main
    /// actor before anyone receives it.
    public func bind<Element: MainActorPropertyInjectable>(_ type: Element.Type = Element.self) -> BaseBindingBuilder<Element, Scope> {
        BaseBindingBuilder(collector: collector, injecting: Element.injectedProperties)
    }

    /// Includes a module's bindings in the component. A module included more than once, on
    /// any path, is installed once.
    public func include<M: Module>(module: M.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) {
        collector.include(module, at: SourceLocation(file: file, line: line, column: column, function: function))
    }

    // `install(dependency:)` of a `Component` or a `RootComponent` is shared with every
    // `BinderBase` (BinderBase.swift).
}
