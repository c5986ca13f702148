/// Which bindings of a component tree need `await` to be made (see
/// `BindingModel.needsAwait(dependencyNeedsAwait:)`), computed once per binding.
package struct AwaitAnalysis {
    private let tree: ComponentTree
    private var memo: [Int: [BindingKey: Bool]] = [:]

    package init(_ tree: ComponentTree) {
        self.tree = tree
    }

    /// Whether the binding of `key` visible from component `node` needs `await`.
    package mutating func needsAwait(_ key: BindingKey, from node: Int) -> Bool {
        guard let (component, binding) = tree.visibleBinding(of: key, from: node) else { return false }
        if let known = memo[component]?[key] { return known }
        // A cycle is reported by its own validator; counted as not awaiting meanwhile.
        memo[component, default: [:]][key] = false
        let answer = binding.needsAwait { request in needsAwait(request.key, from: component) }
        memo[component, default: [:]][key] = answer
        return answer
    }
}
