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
    public static func dot<C: RootComponent>(of component: C.Type) -> String {
        exporter(for: component).dot
    }

    /// JSON with components, bindings, dependencies, edges and locations, in the stable
    /// schema documented in `Documentation/graph-schema.md`.
    public static func json<C: RootComponent>(of component: C.Type) -> String {
        exporter(for: component).json
    }

    private static func exporter<C: RootComponent>(for component: C.Type) -> GraphExporter {
        GraphExporter(ComponentTree(root: BindingCollector(component: component).model))
    }
}
