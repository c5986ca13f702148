/// Writes the Swift source of one graph shape, one wiring at a time: the types, the same
/// graph wired by hand, with Cleanse and with Swinject, and what the benchmark runs.
///
/// Every part is a list of top-level declarations (`[String]`), so that callers may split
/// them over files as they like.
public struct WiringWriter: Sendable {
    public let shape: GraphShape
    /// Types per Cleanse module and per Swinject registration function.
    public var chunkSize = 100

    public init(shape: GraphShape) { self.shape = shape }

    var p: String { shape.prefix }
    func t(_ i: Int) -> String { "\(p)T\(i)" }

    /// A public final class that keeps what its initializer takes, as real classes do.
    static func declaration(_ name: String, fields: [(name: String, type: String)], conformances: String = "", isAsync: Bool = false) -> String {
        let stored = fields.map { "let \($0.name): \($0.type); " }.joined()
        let parameters = fields.map { "_ \($0.name): \($0.type)" }.joined(separator: ", ")
        let assignments = fields.map { "self.\($0.name) = \($0.name)" }.joined(separator: "; ")
        let body = isAsync ? assignments + "; await Task.yield()" : assignments
        return "public final class \(name)\(conformances) { \(stored)public init(\(parameters))\(isAsync ? " async" : "") { \(body) } }"
    }

    var chunks: [Range<Int>] {
        stride(from: 0, to: shape.count, by: chunkSize).map { $0..<min(shape.count, $0 + chunkSize) }
    }

    /// The child class `Cj`'s dependencies: (field, type, hand-wired value).
    func childFields(_ j: Int) -> [(name: String, type: String, value: String)] {
        let child = shape.children[j]
        var fields: [(String, String, String)] = []
        if child.takesRequest { fields.append(("request", "\(p)Request", "request")) }
        if child.takesPrevious { fields.append(("c\(j - 1)", "\(p)C\(j - 1)", "c\(j - 1)")) }
        if let s = child.singleton { fields.append(("s\(s)", t(s), "get\(s)()")) }
        return fields
    }

    // MARK: Types

    /// The graph's classes alone, `T0` … `T(n-1)`.
    public func classes() -> [String] {
        (0..<shape.count).map { i in
            Self.declaration(t(i), fields: shape.dependencies[i].map { ("d\($0)", t($0)) })
        }
    }

    /// The graph's classes, its root, the counted singleton, the request and the child's classes.
    public func types() -> [String] {
        var lines = classes()
        lines.append(Self.declaration("\(p)Root", fields: shape.rootDependencies.map { ("d\($0)", t($0)) }))
        let s = t(shape.lastSingleton)
        lines.append("/// The singleton the two-thread measure asks for; it counts its constructions.\n"
            + "public final class \(p)Counted { let d: \(s); public init(_ d: \(s)) { self.d = d; countConstruction() } }")
        lines.append("/// The seed of the per-request child component.\n"
            + "public struct \(p)Request { public let id: Int; public init(id: Int) { self.id = id } }")
        for j in shape.children.indices {
            lines.append(Self.declaration("\(p)C\(j)", fields: childFields(j).map { ($0.name, $0.type) }))
        }
        lines.append(Self.declaration("\(p)Handler", fields: shape.children.indices.map { ("c\($0)", "\(p)C\($0)") }))
        return lines
    }

    // MARK: Hand-wired

    /// The graph wired by hand: initializers called directly, singletons in stored properties.
    public func handWired() -> [String] {
        var lines = ["/// \(p) wired by hand: initializers called directly, singletons in stored properties.\nfinal class \(p)HandWired {"]
        lines += shape.singletons.map { "    var s\($0): \(t($0))?" }
        for i in 0..<shape.count {
            let arguments = shape.dependencies[i].map { "get\($0)()" }.joined(separator: ", ")
            if shape.shared[i] {
                lines.append("    func get\(i)() -> \(t(i)) { if let s = s\(i) { return s }; let v = \(t(i))(\(arguments)); s\(i) = v; return v }")
            } else {
                lines.append("    func get\(i)() -> \(t(i)) { \(t(i))(\(arguments)) }")
            }
        }
        lines.append("    func root() -> \(p)Root { \(p)Root(\(shape.rootDependencies.map { "get\($0)()" }.joined(separator: ", "))) }")
        lines.append("    /// A request's objects, each made once, as a request-scoped child would.")
        lines.append("    func handle(_ request: \(p)Request) -> \(p)Handler {")
        for j in shape.children.indices {
            lines.append("        let c\(j) = \(p)C\(j)(\(childFields(j).map(\.value).joined(separator: ", ")))")
        }
        lines.append("        return \(p)Handler(\(shape.children.indices.map { "c\($0)" }.joined(separator: ", ")))")
        lines += ["    }", "}"]
        return [lines.joined(separator: "\n")]
    }

    // MARK: Cleanse

    /// One module per chunk of types, each binding its types with `to(factory:)`.
    public func cleanseModules() -> [String] {
        chunks.map { chunk in
            var lines = ["struct \(p)Module\(chunk.lowerBound): Cleanse.Module {", "    static func configure(binder: Binder<Singleton>) {"]
            for i in chunk {
                lines.append("        binder.bind(\(t(i)).self)\(shape.shared[i] ? ".sharedInScope()" : "").to(factory: \(t(i)).init)")
            }
            lines += ["    }", "}"]
            return lines.joined(separator: "\n")
        }
    }

    /// The root component, whose root hands out what the benchmark asks for, and the
    /// request-scoped child component.
    public func cleanseComponents() -> [String] {
        let includes = chunks.map { "        binder.include(module: \(p)Module\($0.lowerBound).self)" }
        let children = shape.children.indices.map { "        binder.bind(\(p)C\($0).self).sharedInScope().to(factory: \(p)C\($0).init)" }
        return [
            """
            /// What the benchmarks request from the Cleanse graph.
            struct \(p)Entry {
                let root: Cleanse.Provider<\(p)Root>
                let singleton: Cleanse.Provider<\(t(shape.lastSingleton))>
                let counted: Cleanse.Provider<\(p)Counted>
                let requests: ComponentFactory<\(p)RequestComponent>
            }
            """,
            """
            struct \(p)Component: RootComponent {
                typealias Root = \(p)Entry
                static func configure(binder: Binder<Singleton>) {
            \(includes.joined(separator: "\n"))
                    binder.bind(\(p)Root.self).to(factory: \(p)Root.init)
                    binder.bind(\(p)Counted.self).sharedInScope().to(factory: \(p)Counted.init)
                    binder.install(dependency: \(p)RequestComponent.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                    bind.to(factory: \(p)Entry.init)
                }
            }
            """,
            "struct \(p)RequestScope: Cleanse.Scope {}",
            """
            struct \(p)RequestComponent: Cleanse.Component {
                typealias Root = \(p)Handler
                typealias Seed = \(p)Request
                static func configure(binder: Binder<\(p)RequestScope>) {
            \(children.joined(separator: "\n"))
                }
                static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                    bind.to(factory: \(p)Handler.init)
                }
            }
            """,
        ]
    }

    // MARK: Swinject

    /// One registration function per chunk of types.
    public func swinjectRegistrations() -> [String] {
        chunks.map { chunk in
            var lines = ["func \(p)Register\(chunk.lowerBound)(_ c: Container) {"]
            for i in chunk {
                let arguments = shape.dependencies[i].map { "r.resolve(\(t($0)).self)!" }.joined(separator: ", ")
                let scope = shape.shared[i] ? ".inObjectScope(.container)" : ".inObjectScope(.transient)"
                lines.append("    c.register(\(t(i)).self) { r in \(t(i))(\(arguments)) }\(scope)")
            }
            lines.append("}")
            return lines.joined(separator: "\n")
        }
    }

    /// The container, its warm form and a request handled through a child container.
    public func swinjectContainers() -> [String] {
        let registers = chunks.map { "    \(p)Register\($0.lowerBound)(c)" }
        let rootArguments = shape.rootDependencies.map { "r.resolve(\(t($0)).self)!" }.joined(separator: ", ")
        var child = ["    c.register(\(p)Request.self) { _ in request }"]
        for j in shape.children.indices {
            let arguments = childFields(j).map { "r.resolve(\($0.type).self)!" }.joined(separator: ", ")
            child.append("    c.register(\(p)C\(j).self) { r in \(p)C\(j)(\(arguments)) }.inObjectScope(.container)")
        }
        let handlerArguments = shape.children.indices.map { "r.resolve(\(p)C\($0).self)!" }.joined(separator: ", ")
        child.append("    c.register(\(p)Handler.self) { r in \(p)Handler(\(handlerArguments)) }")
        return [
            """
            func \(p)Swinject() -> Container {
                let c = Container()
            \(registers.joined(separator: "\n"))
                c.register(\(p)Root.self) { r in \(p)Root(\(rootArguments)) }.inObjectScope(.transient)
                c.register(\(p)Counted.self) { r in \(p)Counted(r.resolve(\(t(shape.lastSingleton)).self)!) }.inObjectScope(.container)
                return c
            }
            """,
            """
            /// A registered container whose singletons were resolved bottom-up: Swinject stops at
            /// a resolution depth of 200, which a cold graph may exceed.
            func \(p)SwinjectWarm() -> Container {
                let c = \(p)Swinject()
            \(shape.singletons.map { "    _ = c.resolve(\(t($0)).self)" }.joined(separator: "\n"))
                return c
            }
            """,
            """
            /// A request handled the Swinject way: a child container with the request's registrations.
            func \(p)SwinjectHandle(_ parent: Container, _ request: \(p)Request) -> \(p)Handler {
                let c = Container(parent: parent)
            \(child.joined(separator: "\n"))
                return c.resolve(\(p)Handler.self)!
            }
            """,
        ]
    }

    /// A public function that builds the graph with one wiring and returns its root and a
    /// handled request, as an app's start-up does: what keeps a compiled corpus from being
    /// dropped as unused. `wiring` is `handwired`, `cleanse` or `swinject`.
    public func entryPoint(_ wiring: String) -> String {
        switch wiring {
        case "handwired":
            return "public func \(p)Start() -> Any { let h = \(p)HandWired(); return (h.root(), h.handle(\(p)Request(id: 7))) }"
        case "cleanse":
            return """
                public func \(p)Start() throws -> Any {
                    let entry = try ComponentFactory.of(\(p)Component.self).build(())
                    return (entry.root.get(), entry.requests.build(\(p)Request(id: 7)))
                }
                """
        default:
            return "public func \(p)Start() -> Any { let c = \(p)SwinjectWarm(); return (c.resolve(\(p)Root.self)!, \(p)SwinjectHandle(c, \(p)Request(id: 7))) }"
        }
    }

    /// The longest chain of dependencies from the root, counting the root.
    var depth: Int {
        var depths = [Int](repeating: 1, count: shape.count)
        for i in 0..<shape.count {
            depths[i] = 1 + (shape.dependencies[i].map { depths[$0] }.max() ?? 0)
        }
        return 1 + (shape.rootDependencies.map { depths[$0] }.max() ?? 0)
    }

    // MARK: The benchmark

    /// The `GraphUnderTest` value the benchmark runs, named `<prefix>Graph`.
    public func graphUnderTest(name: String) -> String {
        let s = shape.lastSingleton
        // Swinject traps past a resolution depth of 200; a cold graph may go deeper.
        let swinjectCold = depth <= 150
            ? "{ let c = \(p)Swinject(); return { c.resetObjectScope(.container); blackHole(c.resolve(\(p)Root.self)!) } }"
            : "nil"
        return """
            let \(p)Graph = GraphUnderTest(
                name: "\(name)",
                n: \(shape.count),
                construct: { blackHole(try! ComponentFactory.of(\(p)Component.self)) },
                constructObserved: { observer in blackHole(try! ComponentFactory.of(\(p)Component.self, observer: observer)) },
                register: { blackHole(\(p)Swinject()) },
                resolve: Variants(
                    handWired: { let h = \(p)HandWired(); return { blackHole(h.root()) } },
                    cleanse: { let e = try! ComponentFactory.of(\(p)Component.self).build(()); return { blackHole(e.root.get()) } },
                    swinject: { let c = \(p)SwinjectWarm(); return { blackHole(c.resolve(\(p)Root.self)!) } }
                ),
                resolveCold: Variants(
                    handWired: { { blackHole(\(p)HandWired().root()) } },
                    cleanse: { let f = try! ComponentFactory.of(\(p)Component.self); return { blackHole(f.build(()).root.get()) } },
                    swinject: \(swinjectCold)
                ),
                singleton: Variants(
                    handWired: { let h = \(p)HandWired(); _ = h.get\(s)(); return { blackHole(h.get\(s)()) } },
                    cleanse: { let e = try! ComponentFactory.of(\(p)Component.self).build(()); _ = e.singleton.get(); return { blackHole(e.singleton.get()) } },
                    swinject: { let c = \(p)SwinjectWarm(); _ = c.resolve(\(t(s)).self)!; return { blackHole(c.resolve(\(t(s)).self)!) } }
                ),
                contended: Variants(
                    // Hand-wired: the singleton made before the threads start, read from a `let`.
                    handWired: { let h = \(p)HandWired(); let counted = \(p)Counted(h.get\(s)()); return { blackHole(counted) } },
                    // Cleanse: the counted singleton's dependency is made first, so only it is contended.
                    cleanse: { let e = try! ComponentFactory.of(\(p)Component.self).build(()); _ = e.singleton.get(); return { blackHole(e.counted.get()) } },
                    swinject: { let r = \(p)SwinjectWarm().synchronize(); return { blackHole(r.resolve(\(p)Counted.self)!) } }
                ),
                child: Variants(
                    handWired: { let h = \(p)HandWired(); return { blackHole(h.handle(\(p)Request(id: 7))) } },
                    cleanse: { let e = try! ComponentFactory.of(\(p)Component.self).build(()); return { blackHole(e.requests.build(\(p)Request(id: 7))) } },
                    swinject: { let c = \(p)SwinjectWarm(); return { blackHole(\(p)SwinjectHandle(c, \(p)Request(id: 7))) } }
                ),
                warmGraph: Variants(
                    handWired: { let h = \(p)HandWired(); let root = h.root(); return { blackHole((h, root)) } },
                    cleanse: { let e = try! ComponentFactory.of(\(p)Component.self).build(()); let root = e.root.get(); return { blackHole((e, root)) } },
                    swinject: { let c = \(p)SwinjectWarm(); let root = c.resolve(\(p)Root.self)!; return { blackHole((c, root)) } }
                )
            )
            """
    }

    /// For a graph measured for construction only: its component and registrations, and the
    /// two public functions the benchmark times.
    public func constructionEntryPoints() -> [String] {
        let includes = chunks.map { "        binder.include(module: \(p)Module\($0.lowerBound).self)" }
        let registers = chunks.map { "    \(p)Register\($0.lowerBound)(c)" }
        return [
            "struct \(p)ConstructEntry { let last: \(t(shape.count - 1)) }",
            """
            struct \(p)ConstructComponent: RootComponent {
                typealias Root = \(p)ConstructEntry
                static func configure(binder: Binder<Singleton>) {
            \(includes.joined(separator: "\n"))
                }
                static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                    bind.to(factory: \(p)ConstructEntry.init)
                }
            }
            """,
            """
            /// Validates and links \(p) with Cleanse; returns the factory, kept opaque.
            public func \(p)ConstructCleanse() -> Any { try! ComponentFactory.of(\(p)ConstructComponent.self) }
            """,
            """
            /// Registers \(p) with Swinject; returns the container, kept opaque.
            public func \(p)RegisterSwinject() -> Any {
                let c = Container()
            \(registers.joined(separator: "\n"))
                return c
            }
            """,
        ]
    }
}
