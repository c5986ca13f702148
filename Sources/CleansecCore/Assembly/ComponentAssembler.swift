import CleanseGraph
import SwiftSyntax

/// Builds the `ComponentModel` of a root component from source, step by step as
/// `BindingCollector` builds it at run time: configure, modules once each, subcomponents,
/// the root, the seed and the built-in bindings.
final class ComponentAssembler {
    private let declarations: GraphDeclarations
    private var resolver: TypeResolver { declarations.resolver }

    /// Mistakes the runtime reports while bindings are written.
    private(set) var reported: [any CleanseError] = []
    /// What could not be read.
    private(set) var opaque: [OpaqueConstruct] = []
    /// Components where an unread construct may bind keys the analyzer does not know.
    private(set) var openComponents: Set<TypeIdentity> = []
    /// Where each location the model mentions is, with its column and path.
    private(set) var positions: [CleanseGraph.SourceLocation: SourcePosition] = [:]
    private(set) var bindingsRead = 0
    /// Where each feature component (by its spelling) was first installed with
    /// `install(feature:)`: the runtime validates a feature entered there.
    private(set) var featureInstallations: [String: SourcePosition] = [:]
    /// The places of bindings of one key written in alternative branches (`#if` with an
    /// unknown condition, `if`, `switch`, loops, `do`/`catch`): the model keeps the first,
    /// and which one the program runs is known only at run time.
    private(set) var alternativeLocations: [[CleanseGraph.SourceLocation]] = []

    /// Records that the program enters one root at each of `entries` (several
    /// `ComponentFactory.of` of it), which the model places at the first.
    func noteEntries(_ entries: [SourcePosition]) {
        let locations = Set(entries.map { $0.location })
        if locations.count > 1 { alternativeLocations.append(locations.sorted()) }
    }

    init(declarations: GraphDeclarations) {
        self.declarations = declarations
    }

    /// The model of root component `path` (with `arguments` for a generic one), entering the
    /// program at `entry`.
    func assemble(root path: String, entry: SourcePosition, arguments: [SpelledType] = []) -> ComponentModel? {
        collect(path, lineage: [SpelledType.named(path, arguments).description], entry: entry, arguments: arguments)
    }

    /// The bindings of the `overrides` modules a `ComponentFactory.of(_:overrides:)` of the
    /// root `root` gives at `entry`, in one collection as the runtime's one collector (a
    /// module given twice is included once), and how many of them the first `scoped`
    /// modules (a `ComponentOverrides` scope's) bound. An override the analyzer cannot name
    /// (`nil`) is opaque, and one that cannot be read may bind anything: the root is open,
    /// and with it every component below.
    func overrideBindings(_ overrides: [SpelledType?], scoped: Int, of root: TypeIdentity, entry: SourcePosition) -> (bindings: [BindingModel], scopedCount: Int) {
        let collection = Collection(type: TypeIdentity(spelling: "overrides"))
        func include(_ module: SpelledType?) {
            guard let module else {
                opaque.append(OpaqueConstruct(position: entry, reason: "an override module the analyzer cannot name (not written X.self)", mayBindUnknownKeys: true, kind: .typeName))
                openComponents.insert(collection.type)
                return
            }
            apply(.include(module: module, at: entry), to: collection, lineage: [], inlineDepth: 0)
        }
        overrides.prefix(scoped).forEach(include)
        let scopedCount = collection.bindings.count
        overrides.dropFirst(scoped).forEach(include)
        if openComponents.contains(collection.type) {
            openComponents.insert(root)
        }
        return (collection.bindings, scopedCount)
    }

    /// The spellings of the features `model`'s tree installs (`install(feature:)`), in the
    /// order written.
    static func installedFeatures(of model: ComponentModel) -> [String] {
        model.bindings.compactMap { $0.kind == .featureFactory ? featureSpelling(of: $0.key) : nil }
            + model.subcomponents.flatMap(installedFeatures(of:))
    }

    private func note(_ position: SourcePosition) {
        positions[position.location] = position
    }

    /// Everything one component collects.
    private final class Collection {
        let type: TypeIdentity
        var bindings: [BindingModel] = []
        var subcomponents: [(path: String, model: ComponentModel)] = []
        var installations: [ComponentInstallation] = []
        var included: Set<String> = []
        var inclusions: [ModuleInclusion] = []
        var moduleStack: [TypeIdentity] = []
        init(type: TypeIdentity) { self.type = type }
    }

    private func collect(_ path: String, lineage: [String], entry: SourcePosition, arguments: [SpelledType] = []) -> ComponentModel? {
        guard let component = declarations.configurable(path) else { return nil }
        note(entry)
        let type = TypeIdentity(spelling: SpelledType.named(path, arguments).description)
        let collection = Collection(type: type)
        let entryLocation = entry.location
        run(component, into: collection, lineage: lineage, inlineDepth: 0, specialised: arguments.isEmpty ? nil : .named(path, arguments))
        let substitution = SpelledType.substitution(owner: path, parameters: component.declaration.genericParameters, arguments: arguments)

        let rootType = declarations.associated("Root", of: component.declaration, substitution: substitution)?.substituting(substitution)
        var rootKey = BindingKey(type: TypeIdentity(spelling: rootType?.description ?? "\(path).Root"))
        if let configureRoot = component.configureRoot, let rootType {
            var rootPosition: Int?
            for step in declarations.steps(of: configureRoot, in: component, receiptKey: rootType, arguments: arguments) {
                if case .binding(let model, let position) = step {
                    note(position)
                    bindingsRead += 1
                    rootPosition = collection.bindings.count
                    // Cleanse's own component: its root is located at the entry, as at run time.
                    var root = BuiltInComponents.isBuiltIn(position.fileID) ? model.relocated(to: entryLocation) : model
                    root.markAsComponentRoot()
                    collection.bindings.append(root)
                } else {
                    apply(step, to: collection, lineage: lineage, inlineDepth: 0)
                }
            }
            // A root that only hands on the root type's own binding is re-keyed under the
            // runtime's `ExposedRoot` tag.
            if let rootPosition {
                let root = collection.bindings[rootPosition]
                if let exposed = CollectionRules.exposedRootKey(of: root, rootKey: rootKey, exposedTag: TypeIdentity(spelling: BuiltInNames.exposedRoot)) {
                    collection.bindings[rootPosition] = root.rekeyed(to: exposed)
                    rootKey = exposed
                }
            }
        } else if rootType?.description != BuiltInNames.legacyObjectGraph {
            let position = component.declaration.declaration.map { $0.file.position(of: $0.syntax) } ?? component.declaration.imported.position ?? entry
            opaque.append(OpaqueConstruct(position: position, reason: "the root of component '\(path)' cannot be read (no configureRoot(binder:) or Root typealias found)", mayBindUnknownKeys: true, kind: .source))
            openComponents.insert(type)
        }

        let seed = declarations.associated("Seed", of: component.declaration, substitution: substitution)?.substituting(substitution) ?? .void
        if seed != .void {
            var key = BindingKey(type: resolver.identity(of: seed))
            let wrapper = seed.singleArgument.flatMap { wrapper, argument in RequestWrapper(rawValue: TypeResolver.withoutCleanseQualifier(wrapper)).map { ($0, argument) } }
            if let (wrapper, argument) = wrapper, wrapper.isUnwrappedAsSeed {
                if !wrapper.wrapsTag {
                    key = BindingKey(type: resolver.identity(of: argument))
                } else if let tag = argument.path, let element = resolver.associatedType("Element", of: tag) {
                    key = BindingKey(type: TypeIdentity(spelling: element.description), tag: TypeIdentity(spelling: argument.description))
                }
            }
            collection.bindings.append(BindingModel(key: key, kind: .seed, scope: nil, location: entryLocation, dependencies: []))
            if let (wrapper, argument) = wrapper, !wrapper.isUnwrappedAsSeed {
                reported.append(BoundWrapperType(
                    wrapper: TypeIdentity(spelling: seed.description),
                    wrappedKey: BindingKey(type: TypeIdentity(spelling: argument.description)),
                    location: entryLocation,
                    seedOf: type
                ))
            }
        }
        collection.bindings.append(BindingModel(key: BindingKey(type: TypeIdentity(spelling: BuiltInNames.legacyObjectGraph)), kind: .builtIn, scope: nil, location: entryLocation, dependencies: []))

        return ComponentModel(
            type: type,
            scope: scope(of: component, arguments: arguments).map { TypeIdentity(spelling: $0.description) },
            bindings: collection.bindings,
            rootKey: rootKey,
            subcomponents: collection.subcomponents.map(\.model),
            installations: collection.installations,
            seedType: TypeIdentity(spelling: seed.description),
            moduleInclusions: collection.inclusions
        )
    }

    /// The scope of `component` given its generic `arguments`: a scope spelled through a
    /// parameter (`typealias Scope = M.Scope`, `Binder<M.Scope>`, as a component made of
    /// whatever module it is given declares) is the scope of the module passed for it.
    private func scope(of component: GraphDeclarations.Configurable, arguments: [SpelledType]) -> SpelledType? {
        guard case .unknown(let text)? = component.scope else { return component.scope }
        let parts = text.split(separator: ".").map(String.init)
        guard parts.count == 2, parts[1] == "Scope",
              let position = component.declaration.genericParameters.firstIndex(of: parts[0]), position < arguments.count,
              let module = arguments[position].path.flatMap(declarations.configurable)
        else { return component.scope }
        return module.scope
    }

    /// Runs the `configure` of `configurable`, as the type `specialised` when it is generic
    /// or nested in a generic type (`Logging<Int>`, `GamesTransformer<GameTransformer>.Module`).
    private func run(_ configurable: GraphDeclarations.Configurable, into collection: Collection, lineage: [String], inlineDepth: Int, specialised: SpelledType? = nil) {
        guard let configure = configurable.configure else { return }
        // A generic module or component is read once per argument list: its notes say which.
        let substitution = specialised.map(declarations.resolver.substitution(of:)) ?? [:]
        let specialisation = substitution.isEmpty ? nil : specialised?.description
        for step in declarations.steps(of: configure, in: configurable, substitution: substitution) {
            apply(specialisation.map(step.naming(specialisation:)) ?? step, to: collection, lineage: lineage, inlineDepth: inlineDepth)
        }
    }

    private func apply(_ step: ConfigureStep, to collection: Collection, lineage: [String], inlineDepth: Int) {
        switch step {
        case .binding(var model, let position):
            note(position)
            bindingsRead += 1
            if let module = collection.moduleStack.last { model.setModule(module) }
            if model.kind == .featureFactory, let feature = Self.featureSpelling(of: model.key), featureInstallations[feature] == nil {
                featureInstallations[feature] = position
            }
            collection.bindings.append(model)
        case .include(let module, let position):
            note(position)
            include(module, at: position, into: collection, lineage: lineage, inlineDepth: inlineDepth)
        case .inline(let module, let position):
            guard inlineDepth < 16, let path = module.path, let configurable = declarations.configurable(path) else {
                unknown(position, "module '\(module)' is not declared in the analysed files", in: collection)
                return
            }
            run(configurable, into: collection, lineage: lineage, inlineDepth: inlineDepth + 1, specialised: module)
        case .install(let component, let position):
            note(position)
            install(component, at: position, into: collection, lineage: lineage)
        case .reported(let error, let position):
            note(position)
            reported.append(error)
        case .place(let position):
            note(position)
        case .opaque(let construct):
            opaque.append(construct)
            if construct.mayBindUnknownKeys { openComponents.insert(collection.type) }
        case .alternatives(let clauses):
            applyAlternatives(clauses, to: collection, lineage: lineage, inlineDepth: inlineDepth)
        }
    }

    /// `include(module:)`: the module's bindings, once per component, as the runtime's
    /// `BindingCollector` includes it.
    private func include(_ module: SpelledType, at position: SourcePosition, into collection: Collection, lineage: [String], inlineDepth: Int) {
        // `ServiceModule<Github>` and `ServiceModule<Gitlab>` are two modules, as at run time.
        let spelling = module.description
        guard CollectionRules.includes(spelling, included: &collection.included) else { return }
        let identity = TypeIdentity(spelling: spelling)
        collection.inclusions.append(ModuleInclusion(module: identity, location: position.location, includedBy: collection.moduleStack.last))
        guard let path = module.path, let configurable = declarations.configurable(path) else {
            unknown(position, "module '\(module)' is not declared in the analysed files", in: collection)
            return
        }
        collection.moduleStack.append(identity)
        run(configurable, into: collection, lineage: lineage, inlineDepth: inlineDepth, specialised: module)
        collection.moduleStack.removeLast()
    }

    /// `install(dependency:)`: the subcomponent's model, collected once per component, and
    /// the binding of its `ComponentFactory`.
    private func install(_ component: SpelledType, at position: SourcePosition, into collection: Collection, lineage: [String]) {
        let location = position.location
        // A generic subcomponent is one component per argument list, as at run time:
        // `install(dependency: ScreenComponent<S>.self)` in a helper given `Home.self`.
        let spelled = component.description
        collection.installations.append(ComponentInstallation(component: TypeIdentity(spelling: spelled), location: location))
        guard CollectionRules.installation(of: spelled, lineage: lineage, installed: collection.subcomponents.map(\.path)) == .collect else { return }
        // A component nested in a specialised generic type is not collected with its
        // parent's arguments: unread rather than named without them.
        if case .member = component {
            unknown(position, "component '\(spelled)' is nested in a generic type", in: collection)
            return
        }
        var arguments: [SpelledType] = []
        if case .named(_, let written) = component { arguments = written }
        guard let path = component.path, declarations.isComponent(path),
              arguments.allSatisfy(\.isKnown),
              let model = collect(path, lineage: lineage + [spelled], entry: position, arguments: arguments)
        else {
            unknown(position, "component '\(spelled)' is not declared in the analysed files", in: collection)
            return
        }
        collection.subcomponents.append((spelled, model))
        collection.bindings.append(BindingModel(
            key: BindingKey(type: TypeIdentity(spelling: BuiltInNames.generic(BuiltInNames.componentFactory, of: spelled))),
            kind: .subcomponentFactory,
            scope: nil,
            location: location,
            dependencies: []
        ))
    }

    /// Clauses of which the running program takes one (`#if` not known, `if`, `switch`):
    /// each is read, and a key an earlier clause bound is not bound again, so that a
    /// `#if DEBUG` fake and the real binding are one binding, not two; their places are
    /// recorded as alternatives.
    private func applyAlternatives(_ clauses: [[ConfigureStep]], to collection: Collection, lineage: [String], inlineDepth: Int) {
        var boundByEarlierClauses: Set<BindingKey> = []
        var locationsByKey: [BindingKey: [CleanseGraph.SourceLocation]] = [:]
        for clause in clauses {
            let start = collection.bindings.count
            for step in clause {
                apply(step, to: collection, lineage: lineage, inlineDepth: inlineDepth)
            }
            var kept: [BindingModel] = []
            var boundHere: Set<BindingKey> = []
            for binding in collection.bindings[start...] {
                if binding.kind != .collectionElement { locationsByKey[binding.key, default: []].append(binding.location) }
                if binding.kind == .collectionElement {
                    kept.append(binding)
                } else if !boundByEarlierClauses.contains(binding.key) {
                    boundHere.insert(binding.key)
                    kept.append(binding)
                }
            }
            collection.bindings.replaceSubrange(start..., with: kept)
            boundByEarlierClauses.formUnion(boundHere)
        }
        let groups = locationsByKey.values.filter { Set($0).count > 1 }
        alternativeLocations += groups.sorted { (first: [CleanseGraph.SourceLocation], second: [CleanseGraph.SourceLocation]) in first[0] < second[0] }
    }

    private func unknown(_ position: SourcePosition, _ reason: String, in collection: Collection) {
        // Read in a generic module or component: the note says which specialisation, as
        // `ConfigureStep.naming(specialisation:)` does for the steps it reads.
        let reader = (collection.moduleStack.last ?? collection.type).spellingOrName
        let named = reader.contains("<") ? "\(reason), in \(reader)" : reason
        opaque.append(OpaqueConstruct(position: position, reason: named, mayBindUnknownKeys: true, kind: .declaredElsewhere))
        openComponents.insert(collection.type)
    }

    /// `F` of the key `FeatureFactory<F>`.
    private static func featureSpelling(of key: BindingKey) -> String? {
        let spelling = key.type.spellingOrName
        let prefix = BuiltInNames.featureFactory + "<"
        guard spelling.hasPrefix(prefix), spelling.hasSuffix(">") else { return nil }
        return String(spelling.dropFirst(prefix.count).dropLast())
    }
}
