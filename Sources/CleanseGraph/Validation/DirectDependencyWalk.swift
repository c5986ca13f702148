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
        var order: [Int] = []
        order.reserveCapacity(count)
        // The path from the walk's start: each frame is a binding and the index in
        // `edgeTargets` of the next successor to look at. Two arrays made once, written in
        // place: a path of tuples made and grown for each start cost more than the walk.
        var pathBinding = [Int](repeating: 0, count: count)
        var pathNext = [Int](repeating: 0, count: count)
        var depth = 0

        for start in 0..<count where marks[start] == .unvisited {
            pathBinding[0] = start
            pathNext[0] = edgeStart[start]
            depth = 1
            marks[start] = .onPath
            while depth > 0 {
                let top = depth - 1
                let binding = pathBinding[top]
                let next = pathNext[top]
                if next == edgeStart[binding + 1] {
                    marks[binding] = .done
                    order.append(binding)
                    depth = top
                    continue
                }
                pathNext[top] = next + 1
                let target = edgeTargets[next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onPath
                    pathBinding[depth] = target
                    pathNext[depth] = edgeStart[target]
                    depth += 1
                case .onPath:
                    let path = pathBinding[0..<depth]
                    cycles.append(Array(path.drop { $0 != target }))
                case .done:
                    break
                }
            }
        }
        postOrder = order
    }
}
