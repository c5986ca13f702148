/// Where each request of a component's bindings lands in that component: the positions of
/// the bindings of its key there, none when only an ancestor (or nobody) binds it.
///
/// Found once, when the ``ComponentTree`` is made, for the walk over direct requests, the
/// validators and the runtime's linker, which each looked every request's key up again.
/// A request's entry is one number: most keys have one binding.
package struct RequestTargets: Sendable {
    /// Where each binding's requests start in `targets`, plus the end of the last one's.
    package let starts: [Int]
    /// Each request's target, binding after binding, in parameter order: the position of
    /// the only binding of its key here, ``none`` or ``several`` (the node's `bindingsByKey`
    /// has those). Package: the runtime's linker reads it in a loop of its own, where a
    /// call into this module per request cost more than the read.
    package let targets: [Int]
    /// The bindings each binding needs made before it, by position: the targets of its
    /// direct requests (not those through a `Provider`, nor any of a binding that resolves
    /// its requests only when used). Those of binding `b` are
    /// `successors[successorStarts[b]..<successorStarts[b + 1]]`.
    package let successorStarts: [Int]
    package let successors: [Int]

    /// The entry of a request whose key no binding here has.
    package static let none = -1
    /// The entry of a request whose key several bindings here have (a collection).
    package static let several = -2

    /// The targets of the requests of `bindings`, from the positions of each key bound here.
    init(_ bindings: [BindingModel], positions: [BindingKey: BindingPositions]) {
        var starts: [Int] = []
        starts.reserveCapacity(bindings.count + 1)
        var targets: [Int] = []
        targets.reserveCapacity(bindings.count * 2)
        var successorStarts: [Int] = []
        successorStarts.reserveCapacity(bindings.count + 1)
        var successors: [Int] = []
        successors.reserveCapacity(bindings.count * 2)
        for binding in bindings {
            starts.append(targets.count)
            successorStarts.append(successors.count)
            // An assisted factory or a property injector resolves its requests when it is
            // used, not when it is made: its requests are lazy too.
            let madeFirst = !binding.kind.resolvesRequestsWhenUsed
            for dependency in binding.dependencies {
                guard let found = positions[dependency.key] else {
                    targets.append(Self.none)
                    continue
                }
                let isEdge = madeFirst && !dependency.kind.isDeferred
                if found.count == 1 {
                    targets.append(found.firstPosition)
                    if isEdge { successors.append(found.firstPosition) }
                } else {
                    targets.append(Self.several)
                    if isEdge { successors += found }
                }
            }
        }
        starts.append(targets.count)
        successorStarts.append(successors.count)
        self.successorStarts = successorStarts
        self.successors = successors
        self.starts = starts
        self.targets = targets
    }

    /// Whether request `request` (a parameter position) of the binding at `binding` has its
    /// key bound in this component.
    package func isBoundHere(binding: Int, request: Int) -> Bool {
        targets[starts[binding] + request] != Self.none
    }
}
