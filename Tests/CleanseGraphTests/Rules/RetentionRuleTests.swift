import CleanseGraph
import Testing

private typealias G = SpelledGraph

private func key(_ type: String) -> BindingKey { G.key(type) }

/// A binding of the request component: `needs` spelled as written (`Provider<X>` is deferred).
private func binding(_ type: String, kind: BindingKind = .factory, shared: Bool = false, needs requests: [String] = []) -> BindingModel {
    G.binding(type, kind: kind, scope: shared ? "RequestScope" : nil, needs: requests)
}

/// The lifetime rule's propagation, which the runtime's linker and the lifetime checks both
/// read: which bindings of a component may keep it alive, and through which handle.
@Suite("Which bindings may keep their component")
struct RetentionRuleTests {
    /// A request component below an app component, as a server builds one per request.
    private static func requestNode(_ bindings: [BindingModel], parentBinds parent: [BindingModel] = []) -> ComponentTree.Node {
        let request = G.component("RequestComponent", scope: "RequestScope", bindings)
        let app = G.component("AppComponent", [binding("App")] + parent, children: [request])
        return ComponentTree(root: app).nodes[1]
    }

    @Test("a provider of the component's own binding keeps it, and so does whatever is given that object directly")
    func providerPropagatesThroughDirectRequests() {
        let node = Self.requestNode([
            binding("Handler", needs: ["UnitOfWork"]),
            binding("UnitOfWork", shared: true, needs: ["Provider<Transaction>"]),
            binding("Transaction"),
        ])
        let handles = RetentionAnalysis.handles(in: node)
        #expect(handles == [TypeIdentity(spelling: "Provider<Transaction>"), TypeIdentity(spelling: "Provider<Transaction>"), nil])
        #expect(RetentionAnalysis.mayRetain(in: node) == [true, true, false])
    }

    @Test("a provider of an ancestor's binding keeps the ancestor, not this component")
    func ancestorsHandleDoesNotRetain() {
        let node = Self.requestNode([binding("Handler", needs: ["Provider<Store>"])], parentBinds: [binding("Store")])
        #expect(RetentionAnalysis.mayRetain(in: node) == [false])
    }

    @Test("a binding that is a handle itself (a factory of a subcomponent) keeps the component, named by its own type")
    func handleBindings() {
        let node = Self.requestNode([
            binding("Router", needs: ["ComponentFactory<Screen>"]),
            binding("ComponentFactory<Screen>", kind: .subcomponentFactory),
        ])
        #expect(RetentionAnalysis.handles(in: node) == [TypeIdentity(spelling: "ComponentFactory<Screen>"), TypeIdentity(spelling: "ComponentFactory<Screen>")])
    }

    @Test("a retaining shared object is reported as such, and an unshared one is not")
    func retainingShared() {
        let node = Self.requestNode([
            binding("Handler", needs: ["Session"]),
            binding("Session", shared: true, needs: ["Provider<Handler>"]),
        ])
        let analysis = RetentionAnalysis(node)
        #expect(!analysis.isRetainingShared(0))
        #expect(analysis.isRetainingShared(1))
    }
}
