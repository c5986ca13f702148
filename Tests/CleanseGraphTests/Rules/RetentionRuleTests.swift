import CleanseGraph
import Testing

private func key(_ type: String) -> BindingKey { BindingKey(type: TypeIdentity(spelling: type)) }

private func binding(_ type: String, kind: BindingKind = .factory, shared: Bool = false, needs requests: [(String, RequestKind)] = []) -> BindingModel {
    BindingModel(
        key: key(type),
        kind: kind,
        scope: shared ? TypeIdentity(spelling: "RequestScope") : nil,
        location: SourceLocation(file: "Server/RequestModule.swift", line: 1),
        dependencies: requests.map { name, kind in
            DependencyRequest(key: key(name), kind: kind, requestedType: TypeIdentity(spelling: kind == .provider ? "Provider<\(name)>" : name))
        }
    )
}

/// The lifetime rule's propagation, which the runtime's linker and the lifetime checks both
/// read: which bindings of a component may keep it alive, and through which handle.
@Suite("Which bindings may keep their component")
struct RetentionRuleTests {
    /// A request component below an app component, as a server builds one per request.
    private static func requestNode(_ bindings: [BindingModel], parentBinds parent: [BindingModel] = []) -> ComponentTree.Node {
        let request = ComponentModel(type: TypeIdentity(spelling: "RequestComponent"), scope: TypeIdentity(spelling: "RequestScope"), bindings: bindings, rootKey: bindings[0].key)
        let app = ComponentModel(type: TypeIdentity(spelling: "AppComponent"), scope: nil, bindings: [binding("App")] + parent, rootKey: key("App"), subcomponents: [request])
        return ComponentTree(root: app).nodes[1]
    }

    @Test("a provider of the component's own binding keeps it, and so does whatever is given that object directly")
    func providerPropagatesThroughDirectRequests() {
        let node = Self.requestNode([
            binding("Handler", needs: [("UnitOfWork", .direct)]),
            binding("UnitOfWork", shared: true, needs: [("Transaction", .provider)]),
            binding("Transaction"),
        ])
        let handles = RetentionAnalysis.handles(in: node)
        #expect(handles == [TypeIdentity(spelling: "Provider<Transaction>"), TypeIdentity(spelling: "Provider<Transaction>"), nil])
        #expect(RetentionAnalysis.mayRetain(in: node) == [true, true, false])
    }

    @Test("a provider of an ancestor's binding keeps the ancestor, not this component")
    func ancestorsHandleDoesNotRetain() {
        let node = Self.requestNode([binding("Handler", needs: [("Store", .provider)])], parentBinds: [binding("Store")])
        #expect(RetentionAnalysis.mayRetain(in: node) == [false])
    }

    @Test("a binding that is a handle itself (a factory of a subcomponent) keeps the component, named by its own type")
    func handleBindings() {
        let node = Self.requestNode([
            binding("Router", needs: [("ComponentFactory<Screen>", .direct)]),
            binding("ComponentFactory<Screen>", kind: .subcomponentFactory),
        ])
        #expect(RetentionAnalysis.handles(in: node) == [TypeIdentity(spelling: "ComponentFactory<Screen>"), TypeIdentity(spelling: "ComponentFactory<Screen>")])
    }

    @Test("a retaining shared object is reported as such, and an unshared one is not")
    func retainingShared() {
        let node = Self.requestNode([
            binding("Handler", needs: [("Session", .direct)]),
            binding("Session", shared: true, needs: [("Handler", .provider)]),
        ])
        let analysis = RetentionAnalysis(node)
        #expect(!analysis.isRetainingShared(0))
        #expect(analysis.isRetainingShared(1))
    }
}
