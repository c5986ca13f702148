/// Reports every requested key that no binding in the requesting component or its ancestors
/// provides: one error per key, listing every request with the path from the component's
/// root to it, bindings of the key the requester cannot see, and near misses.
struct MissingBindingValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        var requestsByKey: [BindingKey: [MissingProvider.Request]] = [:]
        var requesterNode: [BindingKey: Int] = [:]
        /// The requests made by initializers the graph constructs (what an assisted request's
        /// fix needs): by request, as a key may be constructed in one component and bound by
        /// a line in another.
        var constructedRequests: Set<MissingProvider.Request> = []
        for (index, node) in tree.nodes.enumerated() {
            var paths: RootPaths?
            for (position, binding) in node.model.bindings.enumerated() {
                for (request, dependency) in binding.dependencies.enumerated()
                where Self.isMissing(dependency, request: request, of: position, in: tree, at: index) {
                    if paths == nil {
                        paths = RootPaths(node)
                    }
                    let missing = MissingProvider.Request(
                        requiredBy: binding.key,
                        requestedAs: dependency.requestedType,
                        location: dependency.site?.location ?? binding.location,
                        component: node.model.type,
                        trace: paths?.trace(to: position, in: node),
                        property: dependency.site?.name
                    )
                    requestsByKey[dependency.key, default: []].append(missing)
                    requesterNode[dependency.key] = index
                    if binding.kind == .injectableConstructor {
                        constructedRequests.insert(missing)
                    }
                }
            }
        }
        // `Assisted<T>` is never bound: asked for outside an assisted factory, it is its own
        // error, whose fix is the assisted factory, not a binding.
        var assisted: [AssistedOutsideFactory] = []
        for key in requestsByKey.keys where key.tag == nil && AssistedOutsideFactory.isAssisted(key.type) {
            assisted += (requestsByKey.removeValue(forKey: key) ?? []).map {
                AssistedOutsideFactory(
                    assisted: key.type, requiredBy: $0.requiredBy, location: $0.location, component: $0.component,
                    isConstructed: constructedRequests.contains($0)
                )
            }
        }
        let errors = requestsByKey.map { key, requests -> MissingProvider in
            let node = requesterNode[key] ?? 0
            let suggested = suggestions(for: key, in: tree, from: node, requesters: Set(requests.map(\.requiredBy)))
            let hidden = hiddenBindings(of: key, in: tree, from: node)
            return MissingProvider(
                requestedKey: key,
                requests: requests,
                suggestions: suggested,
                hiddenBindings: hidden,
                seed: suggested.isEmpty && hidden.isEmpty ? seed(of: tree.nodes[node]) : nil
            )
        }
        let sorted: [any CleanseError] = errors.sorted { ($0.requests[0].location, $0.requestedKey.description) < ($1.requests[0].location, $1.requestedKey.description) }
        return sorted + assisted.sorted { ($0.location, $0.requiredBy.description) < ($1.location, $1.requiredBy.description) }
    }

    /// Whether some request of `tree` finds no binding: the question ``ValidationPipeline``
    /// asks before it binds constructed types just in time, answered without building the
    /// diagnostic (near misses, names and traces cost far more than the walk).
    static func hasMissingKey(in tree: ComponentTree) -> Bool {
        tree.nodes.indices.contains { index in
            tree.nodes[index].model.bindings.indices.contains { position in
                tree.nodes[index].model.bindings[position].dependencies.indices.contains { request in
                    isMissing(tree.nodes[index].model.bindings[position].dependencies[request], request: request, of: position, in: tree, at: index)
                }
            }
        }
    }

    /// Whether `dependency`, request `request` of binding `position` in node `index`, is one
    /// the graph supplies and no binding serves: bound here (found when the tree was made),
    /// else looked up in the ancestors.
    private static func isMissing(_ dependency: DependencyRequest, request: Int, of position: Int, in tree: ComponentTree, at index: Int) -> Bool {
        dependency.kind.isSuppliedByGraph
            && !tree.nodes[index].requestTargets.isBoundHere(binding: position, request: request)
            && tree.visiblePosition(of: dependency.key, from: index) == nil
    }

    /// Bindings of `key` in components `node` cannot see: below it, or in other branches.
    private func hiddenBindings(of key: BindingKey, in tree: ComponentTree, from node: Int) -> [MissingProvider.HiddenBinding] {
        let chain = Set(tree.chain(from: node))
        return tree.nodes.indices.filter { !chain.contains($0) }.flatMap { other -> [MissingProvider.HiddenBinding] in
            let below = tree.chain(from: other).contains(node)
            return (tree.nodes[other].bindingsByKey[key] ?? []).map {
                .init(component: tree.nodes[other].model.type, location: tree.nodes[other].model.bindings[$0].location, isBelowRequester: below)
            }
        }
    }

    /// The key of the component's seed, what `build(_:)` is given, unless it is `Void`: a
    /// factory that wants the seed must ask for exactly this type.
    private func seed(of node: ComponentTree.Node) -> BindingKey? {
        node.model.bindings.first { $0.kind == .seed && $0.key.type.name != "()" }?.key
    }

    /// Keys visible from the requester that were probably meant (``NearMisses``).
    private func suggestions(for key: BindingKey, in tree: ComponentTree, from node: Int, requesters: Set<BindingKey>) -> [BindingKey] {
        let visible = tree.chain(from: node).flatMap { tree.nodes[$0].bindingsByKey.keys }.filter { !$0.isExposedRoot }
        return NearMisses.keys(for: key, among: visible, excluding: requesters)
    }
}

/// The shortest request paths from a component's root binding to each of its bindings: a
/// breadth-first walk over every request the graph supplies, lazy ones included.
private struct RootPaths {
    /// For each reached binding, the binding that requests it on the way from the root;
    /// the root maps to itself.
    private var parent: [Int: Int] = [:]

    init(_ node: ComponentTree.Node) {
        let roots = node.bindingsByKey[node.model.rootKey] ?? []
        var queue = roots
        for root in roots { parent[root] = root }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for dependency in node.model.bindings[current].dependencies where dependency.kind.isSuppliedByGraph {
                for target in node.bindingsByKey[dependency.key] ?? [] where parent[target] == nil {
                    parent[target] = current
                    queue.append(target)
                }
            }
        }
    }

    /// The bindings from the one that requests `position` up to the root, or `nil` when the
    /// root does not reach `position`.
    func trace(to position: Int, in node: ComponentTree.Node) -> [MissingProvider.TraceStep]? {
        guard var current = parent[position] else { return nil }
        var steps: [MissingProvider.TraceStep] = []
        var previous = position
        while current != previous {
            let binding = node.model.bindings[current]
            steps.append(.init(key: binding.key, location: binding.location))
            previous = current
            current = parent[current] ?? current
        }
        return steps
    }
}
