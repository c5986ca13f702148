/// Reports bindings that need each other to be built. Only direct requests count: a
/// `Provider` or `WeakProvider` request defers construction and so breaks a cycle.
///
/// A parent never sees a child's bindings, so every cycle lies within one component.
struct DependencyCycleValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        tree.nodes.flatMap { node -> [any CleanseError] in
            let bindings = node.model.bindings
            var reported = Set<Set<Int>>()
            return node.directDependencies.cycles.compactMap { cycle in
                guard reported.insert(Set(cycle)).inserted else { return nil }
                let steps = cycle.map { DependencyCycle.Step(key: bindings[$0].key, location: bindings[$0].location) }
                return DependencyCycle(steps: steps, component: node.model.type)
            }
        }
    }
}
