/// A building block of an object graph: a group of bindings a component includes.
///
/// The convention is a nested `Module` in the type it configures; qualify the protocol as
/// `Cleanse.Module` to tell it from the struct being declared.
///
/// ```swift
/// extension CoffeeMaker {
///     struct Module: Cleanse.Module {
///         static func configure(binder: Binder<Unscoped>) {
///             binder.bind(CoffeeMaker.self).to(factory: CoffeeMaker.init)
///         }
///     }
/// }
/// ```
///
/// Like Guice modules, modules should be fast and free of side effects.
public protocol Module: _StaticConfiguration {
    /// The scope of the module's `.sharedInScope()` bindings; inferred from `configure`.
    associatedtype Scope: _ScopeBase = Unscoped

    /// Adds the module's bindings to `binder`.
    static func configure(binder: Binder<Self.Scope>)
}
