/// How a component's bindings are collected, the same whether the runtime runs
/// `configure(binder:)` or cleansec reads it. Each front end names components and modules
/// its own way (metatypes at run time, spellings in cleansec), so the rules are generic
/// over that name.
package enum CollectionRules {
    /// What `install(dependency: C.self)` does.
    package enum Installation: Equatable, Sendable {
        /// Collect `C` below this component and bind its `ComponentFactory` here.
        case collect
        /// Record the installation only: `C` is this component or an ancestor (validation
        /// reports it as `InvalidScopeNesting`; collecting it would never end), or this
        /// component installed it already (once is enough).
        case recordOnly
    }

    /// What installing `component` into the component whose lineage (root first, itself
    /// last) is `lineage`, having installed `installed` already, does.
    package static func installation<Name: Equatable>(of component: Name, lineage: [Name], installed: [Name]) -> Installation {
        lineage.contains(component) || installed.contains(component) ? .recordOnly : .collect
    }

    /// Whether `include(module: M.self)` runs `M`'s `configure(binder:)`: once per
    /// component, however many paths include it. Records the inclusion in `included`.
    package static func includes<Name: Hashable>(_ module: Name, included: inout Set<Name>) -> Bool {
        included.insert(module).inserted
    }

    /// The key a component's root binding takes: the root type tagged `exposedTag` when the
    /// binding only hands on the binding of the root type (`bind.to { (root: Root) in root }`)
    /// that a module makes, so that it neither duplicates that binding nor requests itself;
    /// `nil` when the root binding makes the root itself.
    package static func exposedRootKey(of root: BindingModel, rootKey: BindingKey, exposedTag: TypeIdentity) -> BindingKey? {
        guard handsOn(root.dependencies, rootKey: rootKey) else { return nil }
        return BindingKey(type: rootKey.type, tag: exposedTag)
    }

    /// Whether a root binding requesting `dependencies` only hands on the root type's own
    /// binding (`bind.to { (root: Root) in root }`). Such a root is not filled with the
    /// root class's `@Injected` properties: the binding it hands on filled them.
    package static func handsOn(_ dependencies: [DependencyRequest], rootKey: BindingKey) -> Bool {
        dependencies.count == 1 && dependencies[0].key == rootKey && dependencies[0].kind == .direct
    }

    /// The binding `install(feature: F.self)` writes in the installing component: the
    /// feature's `FeatureFactory`, keyed `factoryKey`, unscoped, at the installation, asking
    /// this component for the feature's seed (the dependencies it declares), or for nothing
    /// when the feature is seeded with `Void`. The feature itself is validated as a root of
    /// its own, once per graph, wherever it is installed.
    package static func featureFactoryBinding(key factoryKey: BindingKey, seedRequest: DependencyRequest?, location: SourceLocation) -> BindingModel {
        BindingModel(key: factoryKey, kind: .featureFactory, scope: nil, location: location, dependencies: seedRequest.map { [$0] } ?? [])
    }
}
