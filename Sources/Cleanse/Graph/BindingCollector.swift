/// Gathers one component's bindings while its `configure(binder:)` and the modules it
/// includes run. Used on one thread, during `ComponentFactory.of`, and dropped after linking.
final class BindingCollector {
    let componentType: TypeIdentity
    let componentScope: TypeIdentity?
    let rootKey: BindingKey
    private(set) var records: [BindingRecord] = []
    private var includedModules: Set<ObjectIdentifier> = []

    init(componentType: TypeIdentity, componentScope: TypeIdentity?, rootKey: BindingKey) {
        self.componentType = componentType
        self.componentScope = componentScope
        self.rootKey = rootKey
    }

    /// Collects the bindings of component `C`: its modules, its root and its seed.
    convenience init<C: ComponentBase>(component: C.Type) {
        self.init(
            componentType: TypeIdentity(C.self),
            componentScope: C.Scope.scopeIdentity,
            rootKey: BindingKey(C.Root.self)
        )
        C.configure(binder: Binder<C.Scope>(collector: self))
        _ = C.configureRoot(binder: ReceiptBinder<C.Root>(collector: self))
        if let seed = SeedBinding.record(for: C.Seed.self, of: componentType) {
            records.append(seed)
        }
    }

    func add(_ record: BindingRecord) {
        records.append(record)
    }

    /// Runs a module's `configure(binder:)` unless this component already included it, so a
    /// module reached through several paths is installed once.
    func include<M: Module>(_ module: M.Type) {
        guard includedModules.insert(ObjectIdentifier(module)).inserted else { return }
        M.configure(binder: Binder<M.Scope>(collector: self))
    }

    /// The component as plain data, for the validators.
    var model: ComponentModel {
        ComponentModel(type: componentType, scope: componentScope, bindings: records.map(\.model), rootKey: rootKey)
    }
}
