/// Groups one component's bindings into strongly connected components over all their
/// requests, lazy ones included: two bindings share a group when each can reach the other.
///
/// Validation rules out cycles of direct requests, so a group of several bindings is a
/// cycle broken by a `Provider` (or `() -> T`) request. The runtime guards such requests:
/// a factory that calls `get()` on one while it runs would recurse without end.
package struct StronglyConnectedBindings {
    /// The group of each binding, by position; equal numbers mean the same group.
    package private(set) var group: [Int]
    /// How many bindings each group holds, by group number.
    package private(set) var size: [Int] = []

    /// Groups `bindings`, where `positions(of:)` gives the positions of the bindings that
    /// provide a key in this component. Iterative Tarjan, for graphs thousands deep.
    package init(_ bindings: [BindingModel], positions: (BindingKey) -> [Int]) {
        let count = bindings.count
        var edgeStart: [Int] = []
        var edgeTargets: [Int] = []
        edgeStart.reserveCapacity(count + 1)
        for binding in bindings {
            edgeStart.append(edgeTargets.count)
            for dependency in binding.dependencies where dependency.kind.isSuppliedByGraph {
                edgeTargets.append(contentsOf: positions(dependency.key))
            }
        }
        edgeStart.append(edgeTargets.count)

        group = [Int](repeating: -1, count: count)
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var nextIndex = 0
        for start in 0..<count where index[start] == -1 {
            var path: [(binding: Int, next: Int)] = [(start, 0)]
            index[start] = nextIndex
            lowLink[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack[start] = true
            while let top = path.last {
                let edges = edgeStart[top.binding]..<edgeStart[top.binding + 1]
                if top.next < edges.count {
                    path[path.count - 1].next += 1
                    let target = edgeTargets[edges.lowerBound + top.next]
                    if index[target] == -1 {
                        index[target] = nextIndex
                        lowLink[target] = nextIndex
                        nextIndex += 1
                        stack.append(target)
                        onStack[target] = true
                        path.append((target, 0))
                    } else if onStack[target] {
                        lowLink[top.binding] = min(lowLink[top.binding], index[target])
                    }
                    continue
                }
                path.removeLast()
                if let parent = path.last {
                    lowLink[parent.binding] = min(lowLink[parent.binding], lowLink[top.binding])
                }
                if lowLink[top.binding] == index[top.binding] {
                    let number = size.count
                    var members = 0
                    while let member = stack.popLast() {
                        onStack[member] = false
                        group[member] = number
                        members += 1
                        if member == top.binding { break }
                    }
                    size.append(members)
                }
            }
        }
    }

    /// Whether the bindings at `a` and `b` can each reach the other.
    package func sameCycle(_ a: Int, _ b: Int) -> Bool {
        group[a] == group[b] && size[group[a]] > 1 || a == b && size[group[a]] > 1
    }
}
