/// Gathers one component's bindings while its `configure(binder:)` and the modules it
/// includes run. Used on one thread, during `ComponentFactory.of`, and dropped after linking;
/// so its mutable properties are `@exclusivity(unchecked)` (no access overlaps another).
final class BindingCollector {
    let componentType: TypeIdentity
    let componentScope: TypeIdentity?
    @exclusivity(unchecked)
    private(set) var rootKey: BindingKey
    /// The type the component's `build(_:)` takes.
    var seedType = TypeIdentity(Void.self)
    /// The component types from the root down to this one, to stop a component that
    /// installs its own ancestor from nesting forever.
    let lineage: [ObjectIdentifier]
    @exclusivity(unchecked)
    private(set) var records: [BindingRecord] = []
    @exclusivity(unchecked)
    private(set) var subcomponents: [(collector: BindingCollector, template: TemplateCell)] = []
    @exclusivity(unchecked)
    private(set) var installations: [ComponentInstallation] = []
    @exclusivity(unchecked)
    private var includedModules: Set<ObjectIdentifier> = []
    /// Where the component enters the program: the `install(dependency:)` of a
    /// subcomponent, or the `ComponentFactory.of` of a root. Its seed is bound there.
    let location: SourceLocation
    /// The modules whose `configure` is running, innermost last.
    @exclusivity(unchecked)
    private var moduleStack: [TypeIdentity] = []
    /// Every module included, with where it was included.
    @exclusivity(unchecked)
    private(set) var moduleInclusions: [ModuleInclusion] = []
    /// What watches the graph being made (see ``GraphObserver``); its subcomponents' too.
    let observer: (any GraphObserver)?
    /// The features installed anywhere in the graph, each validated and linked once.
    let features: FeatureRegistry

    init(
        componentType: TypeIdentity,
        componentScope: TypeIdentity?,
        rootKey: BindingKey,
        lineage: [ObjectIdentifier],
        location: SourceLocation,
        observer: (any GraphObserver)? = nil,
        features: FeatureRegistry? = nil
    ) {
        self.observer = observer
        self.features = features ?? FeatureRegistry(plugins: nil, observer: observer, warnings: .default)
        self.componentType = componentType
        self.componentScope = componentScope
        self.rootKey = rootKey
        self.lineage = lineage
        self.location = location
    }

    /// Collects the bindings of component `C`: its modules, its root, its seed, and its
    /// subcomponents' bindings, recursively.
    convenience init<C: ComponentBase>(
        component: C.Type,
        lineage: [ObjectIdentifier] = [],
        at location: SourceLocation,
        observer: (any GraphObserver)? = nil,
        features: FeatureRegistry? = nil
    ) {
        self.init(
            componentType: TypeIdentity(C.self),
            componentScope: C.Scope.scopeIdentity,
            rootKey: BindingKey(C.Root.self),
            lineage: lineage + [ObjectIdentifier(C.self)],
            location: location,
            observer: observer,
            features: features
        )
        seedType = TypeIdentity(C.Seed.self)
        if let observer {
            observer.observe(GraphEvent(kind: .collect, component: componentType, location: location)) { collect(C.self) }
        } else {
            collect(C.self)
        }
    }

    /// Runs the component's `configure` and `configureRoot` and adds its seed and built-ins.
    private func collect<C: ComponentBase>(_: C.Type) {
        C.configure(binder: Binder<C.Scope>(collector: self))
        _ = C.configureRoot(binder: ReceiptBinder<C.Root>(collector: self))
        exposeBoundRoot()
        if let seed = SeedBinding.record(for: C.Seed.self, at: location) {
            records.append(seed)
            if let problem = SeedBinding.wrapperProblem(for: C.Seed.self, of: componentType, at: location) {
                report(problem)
            }
        }
        // Every component can inject its own dynamic look-up graph.
        records.append(LegacyObjectGraph.builtInRecord(at: location))
    }

    /// The position of the binding `configureRoot` wrote, once it has run.
    @exclusivity(unchecked)
    private var rootPosition: Int?

    /// Records the binding `configureRoot` writes for the component's root.
    func addRoot(_ record: BindingRecord) {
        record.markAsComponentRoot()
        rootPosition = records.count
        records.append(record)
    }

    /// A `configureRoot` that only hands on the root type's own binding
    /// (`bind.to { (root: Root) in root }`) exposes a binding the component's modules make,
    /// typically shared in scope. Such a root binding is re-keyed under a tag of its own, so
    /// that it neither duplicates that binding nor requests itself.
    private func exposeBoundRoot() {
        guard let position = rootPosition,
              let exposed = CollectionRules.exposedRootKey(of: records[position].model, rootKey: rootKey, exposedTag: TypeIdentity(ExposedRoot.self))
        else { return }
        records[position].rekey(to: exposed)
        rootKey = exposed
    }

    func add(_ record: BindingRecord) {
        if let module = moduleStack.last {
            record.setModule(module)
        }
        records.append(record)
    }

    /// Mistakes seen while the bindings were written, before there is a graph to validate.
    @exclusivity(unchecked)
    private(set) var reported: [any CleanseError] = []

    /// Records a mistake seen while a binding was written; `ComponentFactory.of` throws it
    /// with everything validation finds.
    func report(_ error: any CleanseError) {
        reported.append(error)
    }

    /// The mistakes reported in this component and its subcomponents.
    var reportedInTree: [any CleanseError] {
        reported + subcomponents.flatMap(\.collector.reportedInTree)
    }

    func replaceRequest(at index: Int, ofRecordAt position: Int, with request: RequestRecipe) {
        records[position].replaceRequest(at: index, with: request)
    }

    /// Runs a module's `configure(binder:)` unless this component already included it, so a
    /// module reached through several paths is installed once.
    func include<M: Module>(_ module: M.Type, at location: SourceLocation) {
        guard CollectionRules.includes(ObjectIdentifier(module), included: &includedModules) else { return }
        let identity = TypeIdentity(M.self)
        moduleInclusions.append(ModuleInclusion(module: identity, location: location, includedBy: moduleStack.last))
        moduleStack.append(identity)
        M.configure(binder: Binder<M.Scope>(collector: self))
        moduleStack.removeLast()
    }

    /// Installs subcomponent `C`: collects its bindings below this component and binds its
    /// `ComponentFactory` here. Installing the same subcomponent twice installs it once; an
    /// ancestor is recorded but not collected, and validation reports it.
    func install<C: ComponentBase>(_ component: C.Type, at location: SourceLocation) {
        installations.append(ComponentInstallation(component: TypeIdentity(C.self), location: location))
        let installed = subcomponents.compactMap { $0.collector.lineage.last }
        guard CollectionRules.installation(of: ObjectIdentifier(C.self), lineage: lineage, installed: installed) == .collect else { return }
        let cell = TemplateCell()
        subcomponents.append((BindingCollector(component: C.self, lineage: lineage, at: location, observer: observer, features: features), cell))
        let factoryKey = BindingKey(ComponentFactory<C>.self)
        let model = BindingModel(key: factoryKey, kind: .subcomponentFactory, scope: nil, location: location, dependencies: [])
        records.append(BindingRecord(model: model, resolver: Resolver<ComponentFactory<C>> { instance in
            ComponentFactory(template: cell.template, parent: instance)
        }))
    }

    /// Installs feature `F`: binds its `FeatureFactory` here, asking this component for the
    /// feature's seed (see `CollectionRules.featureFactoryBinding`). The feature's own root is
    /// validated and linked once for the whole graph (`FeatureRegistry`).
    func install<F: RootComponent>(feature: F.Type, at location: SourceLocation) {
        let cell = features.cell(for: F.self, at: location)
        let requests: RequestList
        let make: ([AnyResolver]) -> AnyResolver
        // Exactly `Void` (a seed of `Any` would take `()` too, but the app must give it).
        if F.Seed.self == Void.self, let noSeed = () as Any as? F.Seed {
            requests = []
            make = { _ in Resolver<FeatureFactory<F>> { _ in FeatureFactory(factory: cell.factory, dependencies: noSeed) } }
        } else {
            requests = [RequestRecipe.of(F.Seed.self)]
            make = { resolvers in
                let seed = resolvers[0].typed(F.Seed.self)
                return Resolver<FeatureFactory<F>> { instance in FeatureFactory(factory: cell.factory, dependencies: seed.resolve(instance)) }
            }
        }
        let key = BindingKey(FeatureFactory<F>.self)
        let record = TypedBindingRecord<FeatureFactory<F>>(kind: .featureFactory, location: location, requests: requests, make: make).record(key: key, scope: nil)
        record.adopt(CollectionRules.featureFactoryBinding(key: key, seedRequest: requests.models.first, location: location))
        add(record)
    }

    /// Replaces, in this component and every subcomponent, each binding whose key
    /// `overrides` has (all contributions of a collection at once) with the override's
    /// bindings; in a feature, bindings reading `handedIn` (its seed) stay. Returns the keys
    /// that replaced something.
    func applyOverrides(_ overrides: [BindingKey: [BindingRecord]], handedIn seed: BindingKey? = nil) -> Set<BindingKey> {
        var used = Set<BindingKey>()
        // Each component gets records of its own: implicit requests rewrite them.
        records = Overrides.replace(records, model: \.model, with: overrides, copy: { $0.copy() }, used: &used, handedIn: seed)
        for (child, _) in subcomponents {
            used.formUnion(child.applyOverrides(overrides, handedIn: seed))
        }
        return used
    }

    /// Every key bound in this component and its subcomponents.
    var keysInTree: Set<BindingKey> {
        subcomponents.reduce(into: Set(records.map(\.model.key))) { $0.formUnion($1.collector.keysInTree) }
    }

    /// The component and its subcomponents as plain data, for the validators.
    var model: ComponentModel {
        ComponentModel(
            type: componentType,
            scope: componentScope,
            bindings: records.map(\.model),
            rootKey: rootKey,
            subcomponents: subcomponents.map(\.collector.model),
            installations: installations,
            seedType: seedType,
            moduleInclusions: moduleInclusions
        )
    }
}

/// The tag of a component's root binding that hands on a binding of the root type made
/// elsewhere in the component.
package enum ExposedRoot {}
