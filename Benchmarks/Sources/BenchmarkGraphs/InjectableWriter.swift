/// Writes one graph shape with every class `@Injectable` (issue 63), wired two ways in the
/// same module: explicitly, a binding line per type in modules, and by constructor
/// injection alone, no line but the root's. A module's binding wins over a type's
/// constructor, so both ways build the same classes and differ only in how they are bound.
public struct InjectableWriter: Sendable {
    public let shape: GraphShape
    /// The same shape's explicit wiring: its names, and its modules, a binding line per type.
    let wiring: WiringWriter

    public init(shape: GraphShape) {
        self.shape = shape
        wiring = WiringWriter(shape: shape)
    }

    var p: String { wiring.p }
    func t(_ i: Int) -> String { wiring.t(i) }
    /// The two ways, by the names the benchmark gives them.
    public static let ways = ["explicit", "injectable"]

    /// `@Injectable` classes that keep what their initializer takes.
    static func declaration(_ name: String, fields: [(name: String, type: String)], scope: String?) -> String {
        let attribute = scope.map { "@Injectable(scope: \($0).self)" } ?? "@Injectable"
        return attribute + "\n" + WiringWriter.declaration(name, fields: fields)
    }

    /// The graph's classes, its root, the request and the child's classes.
    public func types() -> [String] {
        var lines = (0..<shape.count).map { i in
            Self.declaration(t(i), fields: shape.dependencies[i].map { ("d\($0)", t($0)) }, scope: shape.shared[i] ? "Singleton" : nil)
        }
        lines.append(Self.declaration("\(p)Root", fields: shape.rootDependencies.map { ("d\($0)", t($0)) }, scope: nil))
        lines.append("public struct \(p)Request { public let id: Int; public init(id: Int) { self.id = id } }")
        lines.append("public struct \(p)RequestScope: Cleanse.Scope {}")
        for j in shape.children.indices {
            lines.append(Self.declaration("\(p)C\(j)", fields: wiring.childFields(j).map { ($0.name, $0.type) }, scope: "\(p)RequestScope"))
        }
        lines.append(WiringWriter.declaration("\(p)Handler", fields: shape.children.indices.map { ("c\($0)", "\(p)C\($0)") }))
        return lines
    }

    /// Both ways' components, entries and the graph value the benchmark runs.
    public func wirings() -> [String] {
        let chunks = wiring.chunks
        var lines = wiring.cleanseModules()
        for way in Self.ways {
            let name = "\(p)\(way == "explicit" ? "Explicit" : "Injectable")"
            // The root is a constructed type too: the explicit way binds it with the others.
            let includes = way == "explicit"
                ? chunks.map { "        binder.include(module: \(p)Module\($0.lowerBound).self)" } + ["        binder.bind(\(p)Root.self).to(factory: \(p)Root.init)"]
                : []
            let children = way == "explicit"
                ? shape.children.indices.map { "        binder.bind(\(p)C\($0).self).sharedInScope().to(factory: \(p)C\($0).init)" } : []
            lines.append("""
                struct \(name)Entry {
                    let root: Cleanse.Provider<\(p)Root>
                    let requests: ComponentFactory<\(name)Requests>
                }
                """)
            lines.append("""
                struct \(name)Component: RootComponent {
                    typealias Root = \(name)Entry
                    static func configure(binder: Binder<Singleton>) {
                \((includes + ["        binder.install(dependency: \(name)Requests.self)"]).joined(separator: "\n"))
                    }
                    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                        bind.to(factory: \(name)Entry.init)
                    }
                }
                """)
            lines.append("""
                struct \(name)Requests: Cleanse.Component {
                    typealias Root = \(p)Handler
                    typealias Seed = \(p)Request
                    static func configure(binder: Binder<\(p)RequestScope>) {
                \(children.joined(separator: "\n"))
                    }
                    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                        bind.to(factory: \(p)Handler.init)
                    }
                }
                """)
        }
        let way = { (name: String) in
            """
            InjectableGraphWay(
                    construct: { try! ComponentFactory.of(\(p)\(name)Component.self).build(()) },
                    resolver: { let e = try! ComponentFactory.of(\(p)\(name)Component.self).build(()); return { e.root.get() } },
                    request: { let e = try! ComponentFactory.of(\(p)\(name)Component.self).build(()); return { e.requests.build(\(p)Request(id: 7)) } }
                )
            """
        }
        lines.append("""
            let \(p)Graph = InjectableGraph(
                name: "\(p)",
                explicit: \(way("Explicit")),
                injectable: \(way("Injectable"))
            )
            """)
        return lines
    }
}

extension BenchmarkSources {
    /// The shapes written with every class `@Injectable`: the random graph with a request
    /// scope and unscoped types, a plain chain, and a chain of singletons, at 1,000 types.
    public static let injectableGraphs: [GraphShape] = [
        GraphShape.random(1000, seed: randomSeed).prefixed("IR1000"),
        .chain(1000, shared: false),
        .chain(1000, shared: true),
    ]

    /// Every declaration of the `@Injectable` graphs' module.
    public static func injectableDeclarations() -> [String] {
        var declarations = [
            """
            /// One way of wiring a graph: `of` and `build` together, and set-ups of a warm
            /// graph's root resolution and of a request through its child component.
            public struct InjectableGraphWay: Sendable {
                public let construct: @Sendable () -> Any
                public let resolver: @Sendable () -> () -> Any
                public let request: @Sendable () -> () -> Any
            }
            """,
            """
            /// A shape wired with binding lines and by constructor injection alone.
            public struct InjectableGraph: Sendable {
                public let name: String
                public let explicit: InjectableGraphWay
                public let injectable: InjectableGraphWay
            }
            """,
        ]
        for shape in injectableGraphs {
            let writer = InjectableWriter(shape: shape)
            declarations += writer.types() + writer.wirings()
        }
        declarations.append("public let injectableGraphs = [" + injectableGraphs.map { "\($0.prefix)Graph" }.joined(separator: ", ") + "]")
        return declarations
    }
}
