/// Turns a validated component's binding records into a ``ComponentTemplate``.
///
/// Bindings are linked in dependency order, so every direct request is wired straight to
/// the resolver of its target; requests through `Provider` or `WeakProvider` (which may
/// close a cycle) go through a forward cell filled once everything is linked.
///
/// Its mutable properties are `@exclusivity(unchecked)`: a linker is used by one thread,
/// inside `ComponentFactory.of`, and no access to one overlaps another (the dynamic checks
/// cost a twentieth of construction).
final class Linker {
    let collector: BindingCollector
    let parent: ComponentTemplate?
    /// The positions of the records that bind each key (several for a collection).
    let positionsByKey: [BindingKey: BindingPositions]
    /// The positions of each key's collection contributions.
    let contributionPositions: [BindingKey: BindingPositions]
    @exclusivity(unchecked)
    var linked: [BindingKey: AnyResolver] = [:]
    /// The buffer of `dependencies(of:at:targets:)`.
    @exclusivity(unchecked)
    private var scratch: [AnyResolver] = []
    /// The resolver of each record linked so far, by position (a contribution's own, not
    /// its collection's).
    @exclusivity(unchecked)
    var byPosition: [AnyResolver?]
    @exclusivity(unchecked)
    var forwards: [BindingKey: ForwardCell] = [:]
    /// For each binding here whose value needs `await`, the asynchronous binding that is why.
    @exclusivity(unchecked)
    private var awaitCauses: [BindingKey: AwaitCause] = [:]

    /// Why `binding` needs `await`: itself, when its factory is asynchronous, or the cause of
    /// a dependency a main-actor factory needs at once. Dependencies are linked first.
    private func awaitCause(of binding: BindingModel) -> AwaitCause? {
        binding.awaitCause(own: { AwaitCause(key: binding.key, location: binding.location) }) { request in
            positionsByKey[request.key] != nil ? awaitCauses[request.key] : parent?.awaitCause(of: request.key)
        }
    }

    /// Notes why the binding of `record` needs `await`, if it does: `ownCause`, or for a
    /// collection the cause of any part of it, an ancestor's included.
    private func noteAwaitCause(_ ownCause: AwaitCause?, of record: BindingRecord) {
        let key = record.model.key
        let known = awaitCauses[key]
        guard var cause = record.merge == nil ? ownCause : known ?? ownCause ?? parent?.awaitCause(of: key) else { return }
        if known == nil {
            cause.bindingLocation = record.model.location
        }
        awaitCauses[key] = cause
    }

    /// The asynchronous resolvers of this component's asynchronous bindings.
    @exclusivity(unchecked)
    private(set) var asyncLinked: [BindingKey: AnyAsyncResolver] = [:]
    /// Asynchronous requests for keys bound here, each with how to await a synchronous
    /// binding of the key; filled once everything is linked.
    @exclusivity(unchecked)
    var asyncForwards: [BindingKey: (cell: AsyncForwardCell, wrap: (AnyResolver) -> AnyAsyncResolver)] = [:]
    @exclusivity(unchecked)
    private var slotKeys: [BindingKey] = []
    /// While a binding's requests are linked: the binding, and the keys of its lazy requests
    /// that lead back to it through unscoped bindings, whose `get()` must be guarded.
    @exclusivity(unchecked)
    var requester: (key: BindingKey, guardedKeys: Set<BindingKey>)?

    /// `node` is the validated tree's node of `collector`'s component, whose index of keys
    /// and walk over direct requests the linker reuses.
    private init(collector: BindingCollector, parent: ComponentTemplate?, node: ComponentTree.Node) {
        self.collector = collector
        self.parent = parent
        var contributions: [BindingKey: BindingPositions] = [:]
        for (position, record) in collector.records.enumerated() where record.merge != nil {
            contributions[record.model.key, default: []].append(position)
        }
        positionsByKey = node.bindingsByKey
        contributionPositions = contributions
        linked.reserveCapacity(collector.records.count)
        byPosition = [AnyResolver?](repeating: nil, count: collector.records.count)
    }

    /// Links a validated component below `parent` (already linked, or `nil` for a root);
    /// `tree` is the tree validation checked, made from the collector's current model, and
    /// `node` the component's index in it.
    static func link(
        _ collector: BindingCollector, parent: ComponentTemplate?, tree: ComponentTree, node: Int = 0, reuseWord: Int? = nil
    ) -> ComponentTemplate {
        let template: ComponentTemplate
        if let observer = collector.observer {
            let event = GraphEvent(kind: .link, component: collector.componentType, location: collector.location)
            template = observer.observe(event) {
                linkComponent(
                    collector, parent: parent, tree: tree, node: node, reuseWord: reuseWord,
                    observing: GraphObserving(observer: observer, component: collector.componentType)
                )
            }
        } else {
            template = linkComponent(collector, parent: parent, tree: tree, node: node, reuseWord: reuseWord, observing: nil)
        }
        // Each subcomponent's finished instances wait in a word after the scoped slots.
        for (index, ((child, cell), childNode)) in zip(collector.subcomponents, tree.children(of: node)).enumerated() {
            cell.storedTemplate = link(
                child, parent: template, tree: tree, node: childNode, reuseWord: template.scopedSlotCount + index
            )
        }
        return template
    }

    /// Links the component itself; `observing`, when a ``GraphObserver`` watches, wraps
    /// what it should see. Observed, a build makes each shared object when its first
    /// requester needs it, not ahead (no private build plan), so an object's construction
    /// holds the objects made for it.
    private static func linkComponent(
        _ collector: BindingCollector, parent: ComponentTemplate?, tree: ComponentTree, node: Int, reuseWord: Int?,
        observing: GraphObserving?
    ) -> ComponentTemplate {
        let treeNode = tree.nodes[node]
        let linker = Linker(collector: collector, parent: parent, node: treeNode)
        // Which bindings' values may keep this component alive (the lifetime rule's one
        // propagation, in CleanseGraph), and how deep building each recurses.
        let (mayRetain, depth) = RetentionAnalysis.retentionAndDepth(in: treeNode)
        let targets = treeNode.requestTargets
        var slotByPosition = [Int?](repeating: nil, count: collector.records.count)
        // The asynchronous resolvers of collection contributions, joined once all are linked.
        var asyncByPosition = [AnyAsyncResolver?](repeating: nil, count: collector.records.count)
        // Each binding after everything it requests directly (validation ruled out cycles).
        for position in treeNode.directDependencies.postOrder {
            (slotByPosition[position], asyncByPosition[position]) = linker.linkBinding(
                at: position, targets: targets, mayRetain: mayRetain[position], observing: observing
            )
        }
        linker.joinCollections(asyncByPosition: asyncByPosition)
        linker.fillForwardCells()
        return ComponentTemplate(
            componentType: collector.componentType,
            privateBuildPlan: observing == nil ? linker.privateBuildPlan(resolvers: linker.byPosition, targets: targets) : nil,
            parent: parent,
            slotKeys: linker.slotKeys,
            rootDepth: linker.positionsByKey[collector.rootKey].flatMap { $0.map { depth[$0] }.max() } ?? 1,
            resolvers: linker.linked,
            asyncResolvers: linker.asyncLinked,
            awaitCauses: linker.awaitCauses,
            mainActorBindings: linker.mainActorBindings(),
            rootKey: collector.rootKey,
            root: observing.map { linker.observedRoot(by: $0) } ?? linker.linked[collector.rootKey] ?? Resolver<Void> { _ in },
            asyncRoot: observing.map { linker.observedAsyncRoot(by: $0) } ?? linker.asyncLinked[collector.rootKey],
            untypedInjections: linker.untypedInjections(),
            retention: linker.retentionPlan(mayRetain: mayRetain, slots: slotByPosition, node: treeNode),
            subcomponentCount: collector.subcomponents.count,
            offeredReuseWord: reuseWord
        )
    }

    /// Links the record at `position`, whose direct requests are linked already: its
    /// synchronous resolver, and its asynchronous one when it has or needs one. Returns its
    /// scoped slot, and a contribution's asynchronous resolver (joined with the others of its
    /// collection afterwards).
    private func linkBinding(
        at position: Int, targets: RequestTargets, mayRetain: Bool, observing: GraphObserving?
    ) -> (slot: Int?, contributionAsync: AnyAsyncResolver?) {
        let record = collector.records[position]
        let key = record.model.key
        let slot: Int? = record.model.scope == nil ? nil : takeSlot(for: key)
        // The lazy requests whose `get()` is guarded, for both forms of the binding.
        let guardedKeys = lazyKeysToUnscopedBindings(of: record)
        let resolver: AnyResolver
        if record.linksFromAsyncDependencies,
           // Its requests are awaited when it is used, never resolved synchronously.
           let fromAsync = record.linkFromAsync(asyncDependencies(of: record, at: position, targets: targets)) {
            resolver = fromAsync
        } else {
            requester = (key, guardedKeys)
            let dependencies = dependencies(of: record, at: position, targets: targets)
            requester = nil
            resolver = record.link(dependencies, key: key, slot: slot, mayRetain: mayRetain, observer: observing)
        }
        // A collection needs `await` when any part of it does, an ancestor's included.
        // Only an asynchronous or main-actor binding can need `await` of its own.
        let ownCause = record.model.effect.isAsynchronous ? awaitCause(of: record.model) : nil
        // Most bindings are synchronous and no collection: nothing to note, nor to copy.
        if ownCause != nil || record.merge != nil {
            noteAwaitCause(ownCause, of: record)
        }
        var asyncResolver: AnyAsyncResolver?
        if ownCause == nil, record.hopsToMainActor {
            // A main-actor binding that awaits nothing is made by its synchronous resolver,
            // on the main actor, whoever asks: one slot, one way of filling it.
            asyncResolver = record.hopToMainActor(resolver)
        } else if record.linksAsync {
            requester = (key, guardedKeys)
            let asyncDependencies = asyncDependencies(of: record, at: position, targets: targets)
            requester = nil
            asyncResolver = record.linkAsync(asyncDependencies, key: key, slot: slot, mayRetain: mayRetain, observer: observing)
        }
        byPosition[position] = resolver
        guard record.merge == nil else { return (slot, asyncResolver) }
        if let asyncResolver {
            asyncLinked[key] = asyncResolver
        }
        linked[key] = resolver
        return (slot, nil)
    }

    /// Joins each collection from its contributions, in the order they were written, after
    /// the elements its nearest ancestor's collection of the same key provides.
    private func joinCollections(asyncByPosition: [AnyAsyncResolver?]) {
        for (key, positions) in contributionPositions {
            let first = collector.records[positions[0]]
            let inherited = nearestAncestor(binding: key).map { ancestor, levels in
                ContributionResolvers(
                    synchronous: ancestor.resolvers[key].unsafelyUnwrapped.hop(levels),
                    asynchronous: ancestor.asyncResolvers[key]?.hop(levels)
                )
            }
            linked[key] = first.merge?(positions.compactMap { byPosition[$0] }, inherited?.synchronous)
            // Awaited, a collection with an asynchronous or main-actor part awaits each part
            // in turn (a main-actor one on the main actor).
            if let mergeAsync = first.mergeAsync,
               inherited?.asynchronous != nil || positions.contains(where: { asyncByPosition[$0] != nil }) {
                let parts = positions.compactMap { position in
                    byPosition[position].map { ContributionResolvers(synchronous: $0, asynchronous: asyncByPosition[position]) }
                }
                asyncLinked[key] = mergeAsync(parts, inherited)
            }
        }
    }

    /// Points every forward cell at its target, now that everything is linked.
    private func fillForwardCells() {
        for (key, cell) in forwards {
            cell.target = linked[key]
        }
        for (key, forward) in asyncForwards {
            forward.cell.target = asyncLinked[key] ?? linked[key].map(forward.wrap)
        }
    }

    /// The property injectors bound in this component, by the type they inject into.
    private func untypedInjections() -> [ObjectIdentifier: UntypedInjection] {
        var injections: [ObjectIdentifier: UntypedInjection] = [:]
        for record in collector.records {
            if let (target, inject) = record.untypedInjection, let resolver = linked[record.model.key] {
                injections[target] = inject(resolver)
            }
        }
        return injections
    }

    /// Where each main-actor binding that makes its value when asked is written.
    private func mainActorBindings() -> [BindingKey: SourceLocation] {
        Dictionary(
            collector.records.lazy
                .filter { $0.model.effect.actor != nil && !$0.model.kind.resolvesRequestsWhenUsed }
                .map { ($0.model.key, $0.model.location) },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// The root's resolver, each build wrapped in `observing`'s `build` event.
    private func observedRoot(by observing: GraphObserving) -> AnyResolver {
        let root = linked[collector.rootKey] ?? Resolver<Void> { _ in }
        return root.observed(by: observing.observer, as: buildEvent)
    }

    /// The root's asynchronous resolver, when it has one, wrapped like `observedRoot`.
    private func observedAsyncRoot(by observing: GraphObserving) -> AnyAsyncResolver? {
        asyncLinked[collector.rootKey]?.observed(by: observing.observer, as: buildEvent)
    }

    private var buildEvent: GraphEvent {
        GraphEvent(kind: .build, component: collector.componentType, key: collector.rootKey, location: collector.location)
    }

    /// Who keeps which retaining shared object alive (``RetentionPlan``), or `nil` when no
    /// shared binding here may keep a handle on the component (most components).
    private func retentionPlan(mayRetain: [Bool], slots: [Int?], node: ComponentTree.Node) -> RetentionPlan? {
        guard collector.records.indices.contains(where: { slots[$0] != nil && mayRetain[$0] }) else { return nil }
        let analysis = RetentionAnalysis(node, mayRetain: mayRetain)
        var anchorReach = [[Int]](repeating: [], count: slotKeys.count)
        for position in collector.records.indices where analysis.isRetainingShared(position) {
            guard let slot = slots[position] else { continue }
            anchorReach[slot] = analysis.reach(from: position).compactMap { slots[$0] }
        }
        var rootReach = Set<Int>()
        for position in positionsByKey[collector.rootKey] ?? [] {
            rootReach.formUnion(analysis.reach(from: position).compactMap { slots[$0] })
            if analysis.isRetainingShared(position), let slot = slots[position] {
                rootReach.insert(slot)
            }
        }
        return RetentionPlan(anchorReach: anchorReach, rootReach: rootReach.sorted())
    }

    private func takeSlot(for key: BindingKey) -> Int {
        slotKeys.append(key)
        return slotKeys.count - 1
    }

    /// The resolvers of the requests of the record at `position`, in parameter order.
    ///
    /// Gathered in one buffer the linker reuses: a factory of fixed arity reads them and lets
    /// the array go, so most bindings need no array of their own; one that keeps them (a
    /// parameter pack's) keeps this one, and the next binding gets a new buffer.
    private func dependencies(of record: BindingRecord, at position: Int, targets: RequestTargets) -> [AnyResolver] {
        scratch.removeAll(keepingCapacity: true)
        let requests = record.requests
        for index in 0..<requests.count {
            scratch.append(requests[index].link(self, false, target: targets.target(binding: position, request: index)))
        }
        return scratch
    }

    /// The asynchronous resolvers of the requests of the record at `position`, in order.
    private func asyncDependencies(of record: BindingRecord, at position: Int, targets: RequestTargets) -> [AnyAsyncResolver] {
        var resolvers: [AnyAsyncResolver] = []
        let requests = record.requests
        resolvers.reserveCapacity(requests.count)
        for index in 0..<requests.count {
            resolvers.append(requests[index].linkAsync(self, target: targets.target(binding: position, request: index)))
        }
        return resolvers
    }

    /// The keys of the lazy requests of `record` whose target is an unscoped binding of this
    /// component: if the target needs `record` again, calling `get()` on one while `record`
    /// is built never ends, so their `get()` is guarded (see ``StackGuard``, and
    /// ``AsyncRecursionGuard`` for `AsyncProvider`). A shared target is caught by its slot
    /// instead.
    private func lazyKeysToUnscopedBindings(of record: BindingRecord) -> Set<BindingKey> {
        var keys = Set<BindingKey>()
        for request in record.model.dependencies where request.kind == .provider || request.kind == .asyncProvider {
            if let targets = positionsByKey[request.key], targets.contains(where: { collector.records[$0].model.scope == nil }) {
                keys.insert(request.key)
            }
        }
        return keys
    }
}

/// Where the linker publishes the binding of a key that was not linked yet when a deferred
/// request for it (through `Provider` or `WeakProvider`, or for a collection) was.
final class ForwardCell: @unchecked Sendable {
    // Safe to share: `target` is set by the linker before the template is published, and
    // only read afterwards.
    @exclusivity(unchecked)
    var target: AnyResolver?
}

/// The template of a subcomponent, linked after its parent's; the parent's
/// `ComponentFactory<Sub>` binding reads it when it is resolved.
final class TemplateCell: @unchecked Sendable {
    // Safe to share: `storedTemplate` is set by the linker before the root template is
    // published to a `ComponentFactory`.
    var storedTemplate: ComponentTemplate?

    var template: ComponentTemplate {
        guard let storedTemplate else { RuntimeFailure.unlinkedKey(nil) }
        return storedTemplate
    }
}

extension RuntimeFailure {
    /// A resolver asked for a key the linker never linked: validation prevents this, so it
    /// is a bug in Cleanse itself.
    static func unlinkedKey(_ key: BindingKey?) -> Never {
        fatalError("[Cleanse/InternalError] no resolver was linked for '\(key?.description ?? "a deferred request")'. Please report this bug.")
    }
}

extension RequestTargets {
    /// The entry of request `request` (a parameter position) of the binding at `binding`:
    /// its only binding's position, ``none`` or ``several``. Written here, read
    /// in place: CleanseGraph's inlinable package code is not inlined into this module.
    @inline(__always)
    func target(binding: Int, request: Int) -> Int {
        targets[starts[binding] &+ request]
    }
}
