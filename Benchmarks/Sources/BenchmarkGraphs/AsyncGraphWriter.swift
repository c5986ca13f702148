/// GA(n), the resolve measure with asynchronous bindings: classes `S0` … `S(n-1)` with the
/// dependencies of the layered shape, each made once per graph (shared in scope in Cleanse,
/// one `let` by hand); one type in ten (`i % 10 == 5`) is asynchronous instead (its
/// initializer is `async` and takes the synchronous types among its dependencies). Only the
/// root takes the asynchronous types, as a synchronous binding cannot; it takes the last 8
/// synchronous types and every asynchronous one.
public struct AsyncGraphWriter: Sendable {
    public let count: Int

    public init(count: Int) { self.count = count }

    func isAsync(_ i: Int) -> Bool { i % 10 == 5 }
    func name(_ i: Int) -> String { "GA\(isAsync(i) ? "A" : "S")\(i)" }
    func synchronousDependencies(_ i: Int) -> [Int] { GraphShape.layeredDependencies(i).filter { !isAsync($0) } }

    var rootDependencies: [Int] {
        let synchronous = (0..<count).filter { !isAsync($0) }
        return Array(synchronous.suffix(8)) + (0..<count).filter(isAsync)
    }

    /// The classes and the root, all `Sendable`.
    public func types() -> [String] {
        var lines = (0..<count).map { i in
            WiringWriter.declaration(name(i), fields: synchronousDependencies(i).map { ("d\($0)", name($0)) }, conformances: ": Sendable", isAsync: isAsync(i))
        }
        lines.append(WiringWriter.declaration("GARoot", fields: rootDependencies.map { ("d\($0)", name($0)) }, conformances: ": Sendable"))
        return lines
    }

    /// The graph wired by hand, awaiting the asynchronous initializers in order.
    public func handWired() -> [String] {
        var lines = ["/// GA(\(count)) wired by hand, awaiting the asynchronous initializers in order.", "func gaHandWired() async -> GARoot {"]
        for i in 0..<count {
            let arguments = synchronousDependencies(i).map { "v\($0)" }.joined(separator: ", ")
            lines.append("    let v\(i) = \(isAsync(i) ? "await " : "")\(name(i))(\(arguments))")
        }
        lines.append("    return GARoot(\(rootDependencies.map { "v\($0)" }.joined(separator: ", ")))")
        lines.append("}")
        return [lines.joined(separator: "\n")]
    }

    /// The module and the component, whose root is made by an asynchronous closure.
    public func cleanse() -> [String] {
        var module = ["struct GAModule: Cleanse.Module {", "    static func configure(binder: Binder<Singleton>) {"]
        for i in 0..<count {
            if isAsync(i) {
                let parameters = synchronousDependencies(i).map { "d\($0): \(name($0))" }.joined(separator: ", ")
                let arguments = synchronousDependencies(i).map { "d\($0)" }.joined(separator: ", ")
                module.append("        binder.bind(\(name(i)).self).sharedInScope().to { (\(parameters)) async -> \(name(i)) in await \(name(i))(\(arguments)) }")
            } else {
                module.append("        binder.bind(\(name(i)).self).sharedInScope().to(factory: \(name(i)).init)")
            }
        }
        module += ["    }", "}"]
        let parameters = rootDependencies.map { "d\($0): \(name($0))" }.joined(separator: ", ")
        let arguments = rootDependencies.map { "d\($0)" }.joined(separator: ", ")
        return [
            module.joined(separator: "\n"),
            """
            struct GAComponent: RootComponent {
                typealias Root = GARoot
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: GAModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<GARoot>) -> BindingReceipt<GARoot> {
                    bind.to { (\(parameters)) async -> GARoot in
                        GARoot(\(arguments))
                    }
                }
            }
            """,
        ]
    }
}
