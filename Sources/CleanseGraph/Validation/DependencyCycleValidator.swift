/// Reports bindings that need each other to be built. Only direct requests count: a
/// `Provider` or `WeakProvider` request defers construction and so breaks a cycle.
///
/// A parent never sees a child's bindings, so every cycle lies within one component; each
/// component is searched on its own, iteratively (graphs can be thousands deep).
struct DependencyCycleValidator: GraphValidator {
    func validate(_ tree: ComponentTree) -> [any CleanseError] {
        tree.nodes.flatMap { cycles(in: $0) }
    }

    private func cycles(in node: ComponentTree.Node) -> [any CleanseError] {
        let bindings = node.model.bindings
        // Successors of each binding within this component, over direct edges.
        let successors: [[Int]] = bindings.map { binding in
            binding.dependencies.compactMap { dependency in
                dependency.kind.isDeferred ? nil : node.bindingsByKey[dependency.key]?.first
            }
        }
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: bindings.count)
        var errors: [any CleanseError] = []
        var reported = Set<Set<Int>>()

        for start in bindings.indices where marks[start] == .unvisited {
            // Each frame is a binding and the position of the next successor to look at.
            var path: [(binding: Int, next: Int)] = [(start, 0)]
            marks[start] = .onPath
            while let top = path.last {
                let edges = successors[top.binding]
                if top.next == edges.count {
                    marks[top.binding] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = edges[top.next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onPath
                    path.append((target, 0))
                case .onPath:
                    let loop = path.map(\.binding).drop { $0 != target }
                    if reported.insert(Set(loop)).inserted {
                        let steps = loop.map { DependencyCycle.Step(key: bindings[$0].key, location: bindings[$0].location) }
                        errors.append(DependencyCycle(steps: Array(steps), component: node.model.type))
                    }
                case .done:
                    break
                }
            }
        }
        return errors
    }
}
