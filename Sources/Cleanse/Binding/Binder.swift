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

    /// Includes a module's bindings in the component. A module included more than once, on
    /// any path, is installed once.
    public func include<M: Module>(module: M.Type, file: StaticString = #fileID, line: Int = #line, function: StaticString = #function) {
        collector.include(module, at: SourceLocation(file: file, line: line, function: function))
    }

    /// Installs a subcomponent: `ComponentFactory<C>` becomes injectable here, and each of its
    /// `build(_:)` calls makes a child graph that sees this component's bindings (never the
    /// other way round). The whole tree is validated when the root's factory is made.
    ///
    /// ```swift
    /// binder.install(dependency: LoggedInComponent.self)
    ///
    /// final class LoginFlow {
    ///     init(loggedIn: ComponentFactory<LoggedInComponent>) { … }
    ///     func logIn(as user: User) { let home = loggedIn.build(user) }
    /// }
    /// ```
    public func install<C: Component>(dependency: C.Type, file: StaticString = #fileID, line: Int = #line, function: StaticString = #function) {
        collector.install(dependency, at: SourceLocation(file: file, line: line, function: function))
    }

    /// Installs a root component as a subcomponent of this one, as Cleanse 4 allowed: it
    /// behaves exactly like a ``Component`` installed here, and can still be made into a
    /// factory of its own with `ComponentFactory.of(_:)` elsewhere.
    public func install<C: RootComponent>(dependency: C.Type, file: StaticString = #fileID, line: Int = #line, function: StaticString = #function) {
        collector.install(dependency, at: SourceLocation(file: file, line: line, function: function))
    }
}
