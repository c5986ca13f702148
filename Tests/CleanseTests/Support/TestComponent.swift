import Cleanse

/// The root object of ``TestComponent``: the value a test asked for.
struct Resolved<Value> {
    let value: Value
}

/// A root component that resolves whatever `Value` a test needs, configured by one module.
struct TestComponent<M: Cleanse.Module, Value>: RootComponent where M.Scope == Unscoped {
    typealias Root = Resolved<Value>
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: M.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Resolved<Value>>) -> BindingReceipt<Resolved<Value>> {
        bind.to { (value: Value) in Resolved(value: value) }
    }
}

/// Validates `TestComponent<M, Value>` and resolves `Value` from a new instance of it.
func build<M: Cleanse.Module, Value>(_ module: M.Type, _ value: Value.Type) throws -> Value where M.Scope == Unscoped {
    try ComponentFactory.of(TestComponent<M, Value>.self).build(()).value
}
