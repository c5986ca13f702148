/// Turns a root component's object graph into text for people and tools. Nothing is built
/// or validated: an incomplete graph exports too, with no edge for a missing binding.
///
/// ```swift
/// print(GraphExport.dot(of: AppComponent.self))    // pipe into `dot -Tpng`
/// print(GraphExport.json(of: AppComponent.self))   // schema: Documentation/graph-schema.md
/// ```
public enum GraphExport {
    /// Graphviz DOT text: a cluster per component (subcomponents nested), a node per binding
    /// with its scope and `file:line`, dashed edges for `Provider` and `WeakProvider` requests.
    public static func dot<C: RootComponent>(of component: C.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column) -> String {
        exporter(for: component, at: SourceLocation(file: file, line: line, column: column)).dot
    }

    /// JSON with components, bindings, dependencies, edges and locations, in the stable
    /// schema documented in `Documentation/graph-schema.md`.
    public static func json<C: RootComponent>(of component: C.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column) -> String {
        exporter(for: component, at: SourceLocation(file: file, line: line, column: column)).json
    }

    /// The graph of `component` as the runtime collects it, with the types it constructs
    /// just in time; its seed is located at the caller, as `ComponentFactory.of` locates it.
    private static func exporter<C: RootComponent>(for component: C.Type, at location: SourceLocation) -> GraphExporter {
        let collected = BindingCollector(component: component, at: location).model
        let additions = JustInTimeBindingRule.additions(in: collected, constructor: JustInTimeBindings().construction(of:))
        return GraphExporter(ComponentTree(root: JustInTimeBindingRule.applying(additions, to: collected)))
    }
}
