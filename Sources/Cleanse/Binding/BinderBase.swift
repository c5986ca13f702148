/// Anything that adds bindings to a component: ``Binder`` and the wrappers Cleanse 4 code
/// builds around it. Write helpers over `BinderBase` to share binding code between
/// binders of any scope.
///
/// ```swift
/// func bindClock(in binder: some BinderBase) {
///     binder.bind(Clock.self).to(value: SystemClock())
/// }
/// ```
public protocol BinderBase {
    /// The component the binder adds to; Cleanse's own, not API.
    var _target: BinderTarget { get }
}

/// The component a ``BinderBase`` adds bindings to. Only Cleanse makes one.
public struct BinderTarget {
    let collector: BindingCollector
}

/// A binder built around another one, as Cleanse 4 spelled binder decorators: it adds to
/// the same component as the binder it wraps.
public protocol WrappedBinder: BinderBase {
    /// The binder this one wraps.
    var binder: any BinderBase { get }

    /// Wraps `binder`.
    init(binder: any BinderBase)
}

extension WrappedBinder {
    public var _target: BinderTarget { binder._target }
}

/// A binder whose scope is forgotten: it binds unscoped, includes modules and installs
/// subcomponents in the component of the binder it wraps.
public struct AnyBinder: WrappedBinder {
    public let binder: any BinderBase

    public init(binder: any BinderBase) {
        self.binder = (binder as? any WrappedBinder)?.binder ?? binder
    }
}

extension BinderBase {
    /// Starts an unscoped binding of `Element` in the binder's component.
    public func bind<Element>(_ type: Element.Type = Element.self) -> BaseBindingBuilder<Element, Unscoped> {
        BaseBindingBuilder(collector: _target.collector)
    }

    /// Starts an unscoped binding of a ``PropertyInjectable`` class, whose `@Injected`
    /// properties are filled in each object it makes.
    public func bind<Element: PropertyInjectable>(_ type: Element.Type = Element.self) -> BaseBindingBuilder<Element, Unscoped> {
        BaseBindingBuilder(collector: _target.collector, injecting: Element.injectedProperties)
    }

    /// Starts a binding of a ``MainActorPropertyInjectable`` class: each object the binding
    /// makes (with a main-actor factory) has its `@Injected` properties filled on the main
    /// actor before anyone receives it.
    public func bind<Element: MainActorPropertyInjectable>(_ type: Element.Type = Element.self) -> BaseBindingBuilder<Element, Unscoped> {
        BaseBindingBuilder(collector: _target.collector, injecting: Element.injectedProperties)
    }

    /// Includes an unscoped module's bindings in the binder's component.
    public func include<M: Module>(module: M.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) where M.Scope == Unscoped {
        _target.collector.include(module, at: SourceLocation(file: file, line: line, column: column, function: function))
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
    public func install<C: Component>(dependency: C.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) {
        _target.collector.install(dependency, at: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// Installs a feature module's root component: `FeatureFactory<F>` becomes injectable
    /// here, and each of its `build()` calls makes a new instance of the feature's own graph,
    /// seeded with this component's binding of `F.Seed` (the dependencies the feature
    /// declares, typically a protocol the app conforms to). The feature does not see this
    /// component's bindings, only what its seed gives it, so it never has to import the app.
    ///
    /// The feature's root is validated when this graph is (its errors are thrown with this
    /// graph's; a missing binding of `F.Seed` here is a `MissingBinding`), and its factory is
    /// made then, once for the whole graph.
    ///
    /// ```swift
    /// binder.bind(ProfileDependencies.self).to(factory: AppProfileDependencies.init)
    /// binder.install(feature: ProfileComponent.self)
    /// ```
    public func install<F: RootComponent>(feature: F.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) {
        _target.collector.install(feature: feature, at: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// Installs a root component as a subcomponent of this one, as Cleanse 4 allowed: it
    /// behaves exactly like a ``Component`` installed here, and can still be made into a
    /// factory of its own with `ComponentFactory.of(_:)` elsewhere.
    public func install<C: RootComponent>(dependency: C.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column, function: StaticString = #function) {
        _target.collector.install(dependency, at: SourceLocation(file: file, line: line, column: column, function: function))
    }
}

extension Binder: WrappedBinder {
    /// The binder itself: a `Binder` wraps nothing.
    public var binder: any BinderBase { self }

    public var _target: BinderTarget { BinderTarget(collector: collector) }

    /// A binder of this scope that adds to the component of `binder`.
    public init(binder: any BinderBase) {
        self.init(collector: binder._target.collector)
    }
}
