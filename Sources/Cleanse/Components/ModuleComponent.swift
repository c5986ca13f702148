// cleansec reads a mirror of this declaration (`CleansecCore/Declarations/BuiltInComponents`):
// keep the two in step.

/// A root component made of one module, whose root is whatever that module binds for
/// `RootObject`: the quickest way to validate and use a module on its own, in tests.
///
/// ```swift
/// let client = try ComponentFactory.of(ModuleComponent<NetworkModule, APIClient>.self).build(())
/// ```
public struct ModuleComponent<M: Module, RootObject>: RootComponent {
    public typealias Root = RootObject
    public typealias Scope = M.Scope

    public static func configure(binder: Binder<M.Scope>) {
        binder.include(module: M.self)
    }

    /// Resolves the module's binding of `RootObject` (or the component's
    /// `LegacyObjectGraph`) rather than binding the root a second time.
    public static func configureRoot(binder bind: ReceiptBinder<RootObject>) -> BindingReceipt<RootObject> {
        bind.resolvingBoundRoot()
    }
}

extension ReceiptBinder {
    /// Makes the component's root the binding of `Element` that the component's modules
    /// provide (see `BindingCollector.exposeBoundRoot()`). The request is located where the
    /// component comes in (its `ComponentFactory.of` call or `install`), which a trace
    /// then names, rather than this line of Cleanse.
    func resolvingBoundRoot() -> BindingReceipt<Element> {
        _register(.factory(consuming: { (root: consuming Element) in root }, location: collector.location))
    }
}

extension Module {
    /// This module as a ``ModuleComponent`` whose root is its binding of `rootObjectType`.
    public static func asComponent<RootObject>(rootObjectType: RootObject.Type) -> ModuleComponent<Self, RootObject>.Type {
        ModuleComponent.self
    }

    /// This module as a ``ModuleComponent`` whose root is its property injector of
    /// `targetClass`.
    public static func asPropertyInjectorComponent<Element: AnyObject>(targetClass: Element.Type) -> ModuleComponent<Self, PropertyInjector<Element>>.Type {
        ModuleComponent.self
    }
}
