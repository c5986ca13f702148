/// A module whose bindings are shared in a scope of its own, as Cleanse 4 spelled it.
///
/// It adds nothing to ``Module``: a module's scope is the `Scope` its `configure(binder:)`
/// takes. Kept so that modules declared as `ScopedModule` compile unchanged.
///
/// ```swift
/// struct SessionModule: ScopedModule {
///     static func configure(binder: Binder<Singleton>) {
///         binder.bind(Session.self).sharedInScope().to(factory: Session.init)
///     }
/// }
/// ```
public protocol ScopedModule: Module {}
