/// What every component declares: the root object it builds, the seed `build(_:)` takes,
/// its scope, and its bindings.
public protocol ComponentBase: _StaticConfiguration {
    /// The value passed to `build(_:)`, injectable inside the component. `Void` by default.
    /// A `TaggedProvider<Tag>` seed is injectable as that tagged key, and `build` then also
    /// takes the bare value.
    associatedtype Seed = Void

    /// The type of object `build(_:)` returns.
    associatedtype Root

    /// The component's scope, inferred from `configure(binder:)`. `Unscoped` by default.
    associatedtype Scope: Cleanse._ScopeBase = Unscoped

    /// Adds the component's bindings, usually by including modules.
    static func configure(binder: Binder<Self.Scope>)

    /// Binds the root object, with a terminating step on `bind`.
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root>
}
