/// A depth-first walk of one component's bindings over their direct requests (the ones built
/// before the requester; `Provider` and `WeakProvider` requests, and the requests of assisted
/// factories and property injectors, are skipped).
///
/// Iterative, because real graphs are thousands of bindings deep. The cycle validator uses
/// the cycles it meets; the runtime linker uses the post-order, in which every binding comes
/// after everything it requests directly.
package struct DirectDependencyWalk {
    /// Binding positions, each after all the bindings it requests directly (when acyclic).
    package private(set) var postOrder: [Int] = []
    /// Each cycle met, as the positions along it; the last requests the first.
    package private(set) var cycles: [[Int]] = []

    /// Walks `bindings`, where `positions(of:)` gives the positions of the bindings that
    /// provide a key in this component (several for a collection).
    package init(_ bindings: [BindingModel], positions: (BindingKey) -> BindingPositions) {
        // Successors in one flat array: those of binding `b` are at `edgeStart[b]..<edgeStart[b + 1]`.
        var edgeStart: [Int] = []
        var edgeTargets: [Int] = []
        edgeStart.reserveCapacity(bindings.count + 1)
        for binding in bindings {
            edgeStart.append(edgeTargets.count)
            // An assisted factory or a property injector resolves its requests when it is
            // used, not when it is made: its requests are lazy too.
            guard !binding.kind.resolvesRequestsWhenUsed else { continue }
            for dependency in binding.dependencies where !dependency.kind.isDeferred {
                for target in positions(dependency.key) {
                    edgeTargets.append(target)
                }
            }
        }
        edgeStart.append(edgeTargets.count)
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: bindings.count)
        postOrder.reserveCapacity(bindings.count)

        for start in bindings.indices where marks[start] == .unvisited {
            // Each frame is a binding and the position of the next successor to look at.
            var path: [(binding: Int, next: Int)] = [(start, 0)]
            marks[start] = .onPath
            while let top = path.last {
                let edges = edgeStart[top.binding]..<edgeStart[top.binding + 1]
                if top.next == edges.count {
                    marks[top.binding] = .done
                    postOrder.append(top.binding)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = edgeTargets[edges.lowerBound + top.next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onPath
                    path.append((target, 0))
                case .onPath:
                    cycles.append(Array(path.map(\.binding).drop { $0 != target }))
                case .done:
                    break
                }
            }
        }
    }
}
