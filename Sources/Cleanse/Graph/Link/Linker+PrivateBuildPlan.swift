import CleanseGraph

/// Planning a component's private build (``PrivateBuildPlan``): which shared bindings a
/// build may make ahead of their requesters, in lazy order, because nothing can reach the
/// instance before `build` returns.
extension Linker {
    /// The plan of a private build of the root (see ``PrivateBuildPlan``): the steps of the
    /// shared bindings the root needs, in the order lazy resolution would make them. `nil`
    /// when a binding the root needs may hand out the component instance (any request but
    /// a direct one, or a binding that holds its component), or when nothing is shared.
    ///
    /// A depth-first walk of direct requests in parameter order, as lazy resolution goes.
    /// A step runs before its requester's factory; what has no step (an unscoped binding, a
    /// collection, a main-actor or inherited binding) is made when the factory requesting it
    /// runs. So once a requester has such a request, what its later requests need must be
    /// made lazily too, to keep the order: the walk stops adding steps below them.
    func privateBuildPlan(resolvers byPosition: [AnyResolver?], targets requestTargets: RequestTargets) -> PrivateBuildPlan? {
        let records = collector.records
        func targets(of position: Int) -> [PlanTarget]? { planTargets(of: position, requestTargets: requestTargets) }
        func step(of position: Int) -> PrivateBuildStep? { planStep(of: position, resolvers: byPosition) }
        var steps: [PrivateBuildStep] = []
        var visited = [Bool](repeating: false, count: records.count)
        var stepped = [Bool](repeating: false, count: records.count)
        // Depth-first, without recursion (graphs may be thousands of bindings deep). A
        // frame adds steps below it while `stepping`.
        var path: [(position: Int, targets: [PlanTarget], next: Int, stepping: Bool)] = []
        for root in positionsByKey[collector.rootKey] ?? [] where !visited[root] {
            visited[root] = true
            guard let rootTargets = targets(of: root) else { return nil }
            path.append((root, rootTargets, 0, true))
            while let top = path.last {
                guard top.next < top.targets.count else {
                    path.removeLast()
                    if stepped[top.position], let step = step(of: top.position) {
                        steps.append(step)
                    }
                    continue
                }
                let index = path.count - 1
                path[index].next += 1
                guard case .binding(let target) = top.targets[top.next] else {
                    path[index].stepping = false
                    continue
                }
                if visited[target] {
                    // Made already, unless it is made anew for each request.
                    if makesWhenRequested(target, madeAlready: true) {
                        path[index].stepping = false
                    }
                    continue
                }
                visited[target] = true
                guard let next = targets(of: target) else { return nil }
                stepped[target] = top.stepping && step(of: target) != nil
                if !stepped[target], makesWhenRequested(target, madeAlready: false) {
                    path[index].stepping = false
                }
                path.append((target, next, 0, top.stepping))
            }
        }
        return PrivateBuildPlan(steps: steps)
    }

    /// A binding's targets in the order its factory resolves them; `nil` when the binding
    /// may hand out the instance. Each request's target comes from validation's
    /// `RequestTargets`; only a collection's contributions are looked up by key.
    private func planTargets(of position: Int, requestTargets: RequestTargets) -> [PlanTarget]? {
        let record = collector.records[position]
        guard !record.model.kind.holdsItsComponent, !record.model.kind.resolvesRequestsWhenUsed,
              !record.linksFromAsyncDependencies else { return nil }
        let dependencies = record.model.dependencies
        var targets: [PlanTarget] = []
        targets.reserveCapacity(dependencies.count)
        for index in dependencies.indices {
            let request = dependencies[index]
            guard request.kind == .direct else { return nil }
            let target = requestTargets.target(binding: position, request: index)
            let inherits = isCollection(request.key) && nearestAncestor(binding: request.key) != nil
            if target == RequestTargets.none || inherits {
                targets.append(.elsewhere)
            }
            if target >= 0 {
                targets.append(.binding(target))
            } else if target == RequestTargets.several, let positions = positionsByKey[request.key] {
                for offset in positions.indices {
                    targets.append(.binding(positions[offset]))
                }
            }
        }
        return targets
    }

    /// The step that makes the binding at `position` ahead of its requester, when it has one:
    /// a shared binding of this component, not a contribution, not bound to an actor.
    private func planStep(of position: Int, resolvers byPosition: [AnyResolver?]) -> PrivateBuildStep? {
        let record = collector.records[position]
        guard record.model.scope != nil, record.merge == nil, record.model.effect.actor == nil else { return nil }
        if record.model.effect.isAsynchronous {
            return asyncLinked[record.model.key]?.privateBuildStep
        }
        return byPosition[position]?.privateBuildStep
    }

    /// Whether requesting the binding at `position` makes something: anything but a seed or
    /// a value, unless it is shared and made already.
    private func makesWhenRequested(_ position: Int, madeAlready: Bool) -> Bool {
        let model = collector.records[position].model
        if model.kind == .seed || model.kind == .value { return false }
        return model.scope == nil || !madeAlready
    }
}

/// What a request reaches, for a private build plan: a binding of this component, or
/// something made elsewhere when the requester runs (an ancestor's binding, an inherited
/// part of a collection).
private enum PlanTarget {
    case binding(Int)
    case elsewhere
}
