// How a request finds the resolver it is linked to: a binding of this component linked
// already, a follower (a forward cell) for one not linked yet or a collection still being
// joined, or the nearest ancestor's, hopped up to its instance.

extension Linker {
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
}
