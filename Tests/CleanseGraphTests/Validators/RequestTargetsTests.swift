import CleanseGraph
import Testing

/// A factory binding of a spelled type requesting `dependencies` directly, or through a
/// provider for those in `deferred`.
private func binding(_ type: String, needs dependencies: [String] = [], deferred: Set<String> = []) -> BindingModel {
    BindingModel(
        key: BindingKey(type: TypeIdentity(spelling: type)),
        kind: .factory,
        scope: nil,
        location: SourceLocation(file: "App/Module.swift", line: 1),
        dependencies: dependencies.map { name in
            DependencyRequest(
                key: BindingKey(type: TypeIdentity(spelling: name)),
                kind: deferred.contains(name) ? .provider : .direct,
                requestedType: TypeIdentity(spelling: name)
            )
        }
    )
}

private func tree(_ bindings: [BindingModel]) -> ComponentTree {
    ComponentTree(root: ComponentModel(
        type: TypeIdentity(spelling: "AppComponent"),
        scope: nil,
        bindings: bindings,
        rootKey: bindings[0].key
    ))
}

@Suite("Where each request lands, found once for validation and linking")
struct RequestTargetsTests {
    @Test("a request reaches its key's only binding, every binding of a key bound several times, or none")
    func targetsOfEachRequest() {
        let node = tree([
            binding("App", needs: ["Store", "Plugin", "Network"]),
            binding("Store"),
            binding("Plugin"),
            binding("Plugin"),
        ]).nodes[0]
        let targets = node.requestTargets
        #expect(Array(node.targets(ofRequest: 0, ofBinding: 0)) == [1])
        #expect(Array(node.targets(ofRequest: 1, ofBinding: 0)) == [2, 3])
        #expect(node.targets(ofRequest: 2, ofBinding: 0).isEmpty)
        #expect(targets.targets == [1, RequestTargets.several, RequestTargets.none])
    }

    @Test("the walk puts every binding after what it requests directly, and skips deferred requests")
    func postOrder() throws {
        let node = tree([
            binding("App", needs: ["Store", "Session"]),
            binding("Session", needs: ["Store", "App"], deferred: ["App"]),
            binding("Store", needs: ["Cache"]),
            binding("Cache"),
        ]).nodes[0]
        let order = node.directDependencies.postOrder
        #expect(order.count == 4)
        #expect(node.directDependencies.cycles.isEmpty)
        let cache = try #require(order.firstIndex(of: 3)), store = try #require(order.firstIndex(of: 2))
        let session = try #require(order.firstIndex(of: 1)), app = try #require(order.firstIndex(of: 0))
        #expect(cache < store && store < session && session < app)
        let targets = node.requestTargets
        // Session's deferred request for App is no edge of the walk.
        #expect(Array(targets.successors[targets.successorStarts[1]..<targets.successorStarts[2]]) == [2])
    }
}
