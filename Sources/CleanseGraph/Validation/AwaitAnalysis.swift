/// Which bindings of a component tree need `await` to be made (see
/// `BindingModel.needsAwait(dependencyNeedsAwait:)`), computed once per binding.
package struct AwaitAnalysis {
    private let tree: ComponentTree
    private var memo: [Int: [BindingKey: Bool]] = [:]

    package init(_ tree: ComponentTree) {
        self.tree = tree
    }

    /// Whether the binding of `key` visible from component `node` needs `await`; a
    /// collection does when any contribution joined into it does.
    package mutating func needsAwait(_ key: BindingKey, from node: Int) -> Bool {
        guard let nearest = tree.visiblePosition(of: key, from: node)?.component else { return false }
        if let known = memo[nearest]?[key] { return known }
        // A cycle is reported by its own validator; counted as not awaiting meanwhile.
        memo[nearest, default: [:]][key] = false
        var answer = false
        for (component, binding) in tree.visibleBindings(of: key, from: nearest) where !answer {
            answer = binding.needsAwait { request in needsAwait(request.key, from: component) }
        }
        memo[nearest, default: [:]][key] = answer
        return answer
    }

    /// The asynchronous binding that makes the binding of `key` visible from `node` need
    /// `await` (itself, or one it needs at once), with the component that binds it; `nil`
    /// when it needs none.
    package mutating func cause(of key: BindingKey, from node: Int) -> BindingModel? {
        var visited = Set<BindingKey>()
        return cause(of: key, from: node, visited: &visited)
    }

    private mutating func cause(of key: BindingKey, from node: Int, visited: inout Set<BindingKey>) -> BindingModel? {
        guard visited.insert(key).inserted, needsAwait(key, from: node),
              let nearest = tree.visibleBinding(of: key, from: node)?.component
        else { return nil }
        for (component, binding) in tree.visibleBindings(of: key, from: nearest) {
            let found = binding.awaitCause(own: { binding }) { request in
                cause(of: request.key, from: component, visited: &visited)
            }
            if let found { return found }
        }
        return nil
    }
}
