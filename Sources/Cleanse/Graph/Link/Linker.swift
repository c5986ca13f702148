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
    private let parent: ComponentTemplate?
    /// The positions of the records that bind each key (several for a collection).
    let positionsByKey: [BindingKey: BindingPositions]
    /// The positions of each key's collection contributions.
    private let contributionPositions: [BindingKey: BindingPositions]
    @exclusivity(unchecked)
    private var linked: [BindingKey: AnyResolver] = [:]
    /// The buffer of `dependencies(of:at:targets:)`.
    @exclusivity(unchecked)
    private var scratch: [AnyResolver] = []
    /// The resolver of each record linked so far, by position (a contribution's own, not
    /// its collection's).
    @exclusivity(unchecked)
    private var byPosition: [AnyResolver?]
    @exclusivity(unchecked)
    private var forwards: [BindingKey: ForwardCell] = [:]
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
    private var asyncForwards: [BindingKey: (cell: AsyncForwardCell, wrap: (AnyResolver) -> AnyAsyncResolver)] = [:]
    @exclusivity(unchecked)
    private var slotKeys: [BindingKey] = []
    /// While a binding's requests are linked: the binding, and the keys of its lazy requests
    /// that lead back to it through unscoped bindings, whose `get()` must be guarded.
    @exclusivity(unchecked)
    private var requester: (key: BindingKey, guardedKeys: Set<BindingKey>)?

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
        let linker = Linker(collector: collector, parent: parent, node: tree.nodes[node])
        // The asynchronous resolvers of collection contributions, joined once all are linked.
        var asyncByPosition = [AnyAsyncResolver?](repeating: nil, count: collector.records.count)
        // Which bindings' values may keep this component alive (the lifetime rule's one
        // propagation, in CleanseGraph), and how deep building each recurses.
        let (mayRetain, depth) = RetentionAnalysis.retentionAndDepth(in: tree.nodes[node])
        var slotByPosition = [Int?](repeating: nil, count: collector.records.count)
        let targets = tree.nodes[node].requestTargets
        // Each binding after everything it requests directly (validation ruled out cycles).
        for position in tree.nodes[node].directDependencies.postOrder {
            let record = collector.records[position]
            let slot: Int? = record.model.scope == nil ? nil : linker.takeSlot(for: record.model.key)
            slotByPosition[position] = slot
            let resolver: AnyResolver
            // The lazy requests whose `get()` is guarded, for both forms of the binding.
            let guardedKeys = linker.lazyKeysToUnscopedBindings(of: record)
            if record.linksFromAsyncDependencies,
               // Its requests are awaited when it is used, never resolved synchronously.
               let fromAsync = record.linkFromAsync(linker.asyncDependencies(of: record, at: position, targets: targets)) {
                resolver = fromAsync
            } else {
                linker.requester = (record.model.key, guardedKeys)
                let dependencies = linker.dependencies(of: record, at: position, targets: targets)
                linker.requester = nil
                resolver = record.link(dependencies, key: record.model.key, slot: slot, mayRetain: mayRetain[position], observer: observing)
            }
            let key = record.model.key
            // A collection needs `await` when any part of it does, an ancestor's included.
            // Only an asynchronous or main-actor binding can need `await` of its own.
            let ownCause = record.model.effect.isAsynchronous ? linker.awaitCause(of: record.model) : nil
            // Most bindings are synchronous and no collection: nothing to note, nor to copy.
            if ownCause != nil || record.merge != nil {
                linker.noteAwaitCause(ownCause, of: record)
            }
            var asyncResolver: AnyAsyncResolver?
            if ownCause == nil, record.hopsToMainActor {
                // A main-actor binding that awaits nothing is made by its synchronous resolver,
                // on the main actor, whoever asks: one slot, one way of filling it.
                asyncResolver = record.hopToMainActor(resolver)
            } else if record.linksAsync {
                linker.requester = (record.model.key, guardedKeys)
                let asyncDependencies = linker.asyncDependencies(of: record, at: position, targets: targets)
                linker.requester = nil
                asyncResolver = record.linkAsync(
                    asyncDependencies, key: record.model.key, slot: slot, mayRetain: mayRetain[position], observer: observing
                )
            }
            if record.merge != nil {
                asyncByPosition[position] = asyncResolver
            } else if let asyncResolver {
                linker.asyncLinked[key] = asyncResolver
            }
            linker.byPosition[position] = resolver
            if record.merge == nil {
                linker.linked[record.model.key] = resolver
            }
        }
        // Each collection joins its contributions in the order they were written, after the
        // elements its nearest ancestor's collection of the same key provides.
        for (key, positions) in linker.contributionPositions {
            let first = collector.records[positions[0]]
            let inherited = linker.nearestAncestor(binding: key).map { ancestor, levels in
                ContributionResolvers(
                    synchronous: ancestor.resolvers[key].unsafelyUnwrapped.hop(levels),
                    asynchronous: ancestor.asyncResolvers[key]?.hop(levels)
                )
            }
            linker.linked[key] = first.merge?(positions.compactMap { linker.byPosition[$0] }, inherited?.synchronous)
            // Awaited, a collection with an asynchronous or main-actor part awaits each part
            // in turn (a main-actor one on the main actor).
            if let mergeAsync = first.mergeAsync,
               inherited?.asynchronous != nil || positions.contains(where: { asyncByPosition[$0] != nil }) {
                let parts = positions.compactMap { position in
                    linker.byPosition[position].map { ContributionResolvers(synchronous: $0, asynchronous: asyncByPosition[position]) }
                }
                linker.asyncLinked[key] = mergeAsync(parts, inherited)
            }
        }
        for (key, cell) in linker.forwards {
            cell.target = linker.linked[key]
        }
        for (key, forward) in linker.asyncForwards {
            forward.cell.target = linker.asyncLinked[key] ?? linker.linked[key].map(forward.wrap)
        }
        var injections: [ObjectIdentifier: UntypedInjection] = [:]
        for record in collector.records {
            if let (target, inject) = record.untypedInjection, let resolver = linker.linked[record.model.key] {
                injections[target] = inject(resolver)
            }
        }
        let template = ComponentTemplate(
            componentType: collector.componentType,
            privateBuildPlan: observing == nil ? linker.privateBuildPlan(resolvers: linker.byPosition, targets: targets) : nil,
            parent: parent,
            slotKeys: linker.slotKeys,
            rootDepth: linker.positionsByKey[collector.rootKey].flatMap { $0.map { depth[$0] }.max() } ?? 1,
            resolvers: linker.linked,
            asyncResolvers: linker.asyncLinked,
            awaitCauses: linker.awaitCauses,
            mainActorBindings: Dictionary(
                collector.records.lazy
                    .filter { $0.model.effect.actor != nil && !$0.model.kind.resolvesRequestsWhenUsed }
                    .map { ($0.model.key, $0.model.location) },
                uniquingKeysWith: { first, _ in first }
            ),
            rootKey: collector.rootKey,
            root: observing.map { linker.observedRoot(by: $0) } ?? linker.linked[collector.rootKey] ?? Resolver<Void> { _ in },
            asyncRoot: observing.map { linker.observedAsyncRoot(by: $0) } ?? linker.asyncLinked[collector.rootKey],
            untypedInjections: injections,
            retention: linker.retentionPlan(mayRetain: mayRetain, slots: slotByPosition, node: tree.nodes[node]),
            subcomponentCount: collector.subcomponents.count,
            offeredReuseWord: reuseWord
        )
        return template
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

    /// Whether `key` is a collection joined from contributions here.
    func isCollection(_ key: BindingKey) -> Bool {
        !contributionPositions.isEmpty && contributionPositions[key] != nil
    }

    /// The resolver of a direct request (a parameter of the bound type itself), as seen from
    /// this component: the binding's own resolver when it is linked already or an
    /// ancestor's, so the request's type is needed only for a follower. `target`: the
    /// request's entry in the component's ``RequestTargets``, when the caller knows it.
    func directResolver(for request: DependencyRequest, deferred: Bool, target: Int? = nil) -> AnyResolver {
        let key = request.key
        if let resolver = linkedResolver(for: key, target: target ?? self.target(of: key), deferred: deferred) {
            return resolver
        }
        guard let type = request.requestedType.metatype else { RuntimeFailure.unlinkedKey(key) }
        return typedResolver(for: key, as: type, deferred: deferred)
    }

    private func typedResolver<Value>(for key: BindingKey, as _: Value.Type, deferred: Bool) -> AnyResolver {
        resolver(for: key, as: Value.self, deferred: deferred)
    }

    /// The asynchronous resolver of a direct request, as seen from this component; like
    /// `directResolver(for:deferred:target:)`, typed only when it must be made anew.
    func directAsyncResolver(for request: DependencyRequest, target: Int? = nil) -> AnyAsyncResolver {
        let key = request.key
        if let resolver = linkedAsyncResolver(for: key, target: target ?? self.target(of: key)) {
            return resolver
        }
        guard let type = request.requestedType.metatype else { RuntimeFailure.unlinkedKey(key) }
        return typedAsyncResolver(for: key, as: type)
    }

    private func typedAsyncResolver<Value>(for key: BindingKey, as _: Value.Type) -> AnyAsyncResolver {
        asyncResolver(for: key, as: Value.self)
    }

    /// What a request for `key` reaches here, encoded as in ``RequestTargets``: the
    /// position of the key's only binding, `RequestTargets.none`, or
    /// `RequestTargets.several`.
    private func target(of key: BindingKey) -> Int {
        guard let positions = positionsByKey[key] else { return RequestTargets.none }
        return positions.count == 1 ? positions[0] : RequestTargets.several
    }

    /// The resolver of `key` when no follower is needed, so its type is not: the binding's
    /// own when it is linked already (and the request is not deferred), or an ancestor's.
    /// `target` is what a request for the key reaches here (see `target(of:)`).
    private func linkedResolver(for key: BindingKey, target: Int, deferred: Bool) -> AnyResolver? {
        if target == RequestTargets.none {
            return ancestorResolver(for: key)
        }
        // A collection is joined only once all its contributions are linked.
        if deferred || isCollection(key) {
            return nil
        }
        // A key bound once here: its record's resolver, read by position.
        return target >= 0 ? byPosition[target] : linked[key]
    }

    /// The asynchronous resolver of `key` when no follower is needed: a synchronous binding
    /// linked already, awaited through its own resolver; an asynchronous binding linked
    /// already (bindings are linked after what they need), without a follower's extra
    /// asynchronous call; or an ancestor's.
    private func linkedAsyncResolver(for key: BindingKey, target: Int) -> AnyAsyncResolver? {
        if target == RequestTargets.none {
            guard let (ancestor, levels) = nearestAncestor(binding: key) else { return nil }
            if let target = ancestor.asyncResolvers[key] {
                return target.hop(levels)
            }
            return ancestor.resolvers[key].unsafelyUnwrapped.hop(levels).awaited()
        }
        guard !isCollection(key) else { return nil }
        let records = collector.records
        let isAsynchronous = target >= 0
            ? records[target].model.effect.isAsynchronous
            : (positionsByKey[key] ?? BindingPositions()).contains { records[$0].model.effect.isAsynchronous }
        if !isAsynchronous, let resolver = linked[key] {
            return resolver.awaited()
        }
        return asyncLinked[key]
    }

    /// The resolver for `key` as seen from this component, typed as the binding's value.
    /// A collection is joined only once all its contributions are linked, so requests for it
    /// always go through a forward cell.
    func resolver<Value>(for key: BindingKey, as _: Value.Type, deferred: Bool) -> Resolver<Value> {
        let target = target(of: key)
        if let resolver = linkedResolver(for: key, target: target, deferred: deferred) {
            return resolver.typed(Value.self)
        }
        guard target != RequestTargets.none else {
            return Resolver { _ in RuntimeFailure.unlinkedKey(key) }
        }
        let cell = forwards[key] ?? ForwardCell()
        forwards[key] = cell
        if deferred, let requester, requester.guardedKeys.contains(key) {
            let requesterKey = requester.key
            let follower = Resolver<Value>(following: cell)
            return Resolver { instance in
                StackGuard.check(resolving: key, requestedBy: requesterKey)
                return follower.resolve(instance)
            }
        }
        return Resolver(following: cell)
    }

    /// The asynchronous resolver for `key` as seen from this component: an asynchronous
    /// binding's own, or a synchronous binding's resolver, awaited.
    func asyncResolver<Value>(for key: BindingKey, as _: Value.Type) -> AsyncResolver<Value> {
        let target = target(of: key)
        if let resolver = linkedAsyncResolver(for: key, target: target) {
            return resolver.typed(Value.self)
        }
        guard target != RequestTargets.none else {
            return AsyncResolver { _ in RuntimeFailure.unlinkedKey(key) }
        }
        let forward = asyncForwards[key] ?? (AsyncForwardCell(), { AsyncResolver(wrapping: $0.typed(Value.self)) })
        asyncForwards[key] = forward
        return AsyncResolver(following: forward.cell)
    }

    /// The resolver an `AsyncProvider` request of `key` awaits: `asyncResolver(for:as:)`,
    /// guarded against unbounded recursion when the target is an unscoped binding that may
    /// make the requester again.
    func asyncProviderResolver<Value>(for key: BindingKey, as _: Value.Type) -> AsyncResolver<Value> {
        let target = asyncResolver(for: key, as: Value.self)
        guard let requester, requester.guardedKeys.contains(key) else { return target }
        let requesterKey = requester.key
        return AsyncResolver { instance in
            try await AsyncRecursionGuard.descend(resolving: key, requestedBy: requesterKey) {
                try await target.resolve(instance)
            }
        }
    }

    /// The nearest ancestor's resolver for `key`, resolved in that ancestor's instance.
    private func ancestorResolver(for key: BindingKey) -> AnyResolver? {
        nearestAncestor(binding: key).map { ancestor, levels in ancestor.resolvers[key].unsafelyUnwrapped.hop(levels) }
    }

    /// The nearest ancestor that binds `key`, and how many components up it is.
    func nearestAncestor(binding key: BindingKey) -> (ComponentTemplate, levels: Int)? {
        var levels = 1
        var template = parent
        while let current = template {
            if current.resolvers[key] != nil {
                return (current, levels)
            }
            levels += 1
            template = current.parent
        }
        return nil
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
