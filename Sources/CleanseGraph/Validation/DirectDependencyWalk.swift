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

    /// Walks the `count` bindings of a component over the direct requests `targets` found.
    package init(count: Int, targets: RequestTargets) {
        let edgeStart = targets.successorStarts
        let edgeTargets = targets.successors
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: count)
        postOrder.reserveCapacity(count)

        for start in 0..<count where marks[start] == .unvisited {
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
