package import CleanseGraph
import SwiftSyntax

/// cleansec's front end: reads Swift files, builds the model of every root component they
/// declare exactly as `ComponentFactory.of` builds it at run time, and runs the runtime's own
/// validators on it.
///
/// ```swift
/// let files = [SourceFile(path: "Sources/Shop/Shop.swift", moduleName: "Shop", text: text)]
/// let report = Analyzer(files: files).analyze()
/// for diagnostic in report.diagnostics { print(diagnostic.message) }
/// ```
public struct Analyzer {
    /// The files whose root components are validated.
    public let files: [SourceFile]
    /// Files of the modules those depend on: read for declarations (modules, components,
    /// initializers), but their own root components are not validated.
    public let contextFiles: [SourceFile]
    /// The partial models of the targets those depend on, read instead of their sources.
    public let models: [PartialModel]
    /// The build's `#if` conditions, as far as they are known.
    public let conditions: BuildConditions

    /// An analyzer of `files`, which may use declarations in `contextFiles` and `models`,
    /// reading `#if` clauses by `conditions`.
    public init(files: [SourceFile], contextFiles: [SourceFile] = [], models: [PartialModel] = [], conditions: BuildConditions = .unknown) {
        self.files = files
        self.contextFiles = contextFiles
        self.models = models
        self.conditions = conditions
    }

    /// Builds and validates every root component declared in `files`.
    public func analyze() -> AnalysisReport {
        let index = DeclarationIndex(files: files + contextFiles, models: models, conditions: conditions)
        let declarations = GraphDeclarations(index: index)
        Self.readInitializersOnEveryCore(of: Array(index.types.values), reader: FactoryReader(resolver: declarations.resolver))
        let primaryPaths = Set(files.map(\.path))
        let assembler = ComponentAssembler(declarations: declarations)
        let constructors = SpelledConstructors(declarations: declarations)
        let (components, unvalidatedGenericRoots) = validateRoots(index: index, declarations: declarations, primaryPaths: primaryPaths, assembler: assembler, constructors: constructors)

        var positions = assembler.positions.merging(constructors.positions) { assembled, _ in assembled }
        let buildErrors = Self.synchronousBuildErrors(index: index, declarations: declarations, components: components, positions: &positions)
        // A subcomponent installed by several roots (or a root validated with and without
        // overrides) reports the same error in each tree: each error once.
        var seen = Set<AnyHashable>()
        var diagnostics: [Diagnostic] = []
        for error in assembler.reported + components.flatMap(\.errors) + buildErrors + components.flatMap(\.warnings) {
            if let hashable = error as Any as? any Hashable, !seen.insert(AnyHashable(hashable)).inserted { continue }
            diagnostics.append(Diagnostic(error, positions: positions, sourceNotes: Self.conformingInjectables(to: error, index: index, resolver: declarations.resolver)))
        }
        let unread = assembler.opaque + unreadSources(index: index, primaryPaths: primaryPaths) + unvalidatedGenericRoots + constructors.unread
        return AnalysisReport(
            diagnostics: diagnostics,
            opaque: unread.sorted { $0.position < $1.position },
            bindingsRead: assembler.bindingsRead,
            roots: components.map(\.model),
            validatedRoots: components.map(\.validated),
            alternativeLocations: assembler.alternativeLocations,
            bindingsFromCompiler: Self.bindingsFromCompiledModules(in: components.map(\.model), index: index)
        )
    }

    /// Assembles and validates each root component to check, in declaration order; with
    /// the notes of generic roots no call makes concrete.
    private func validateRoots(index: DeclarationIndex, declarations: GraphDeclarations, primaryPaths: Set<String>, assembler: ComponentAssembler, constructors: SpelledConstructors) -> ([ValidatedComponent], [OpaqueConstruct]) {
        // Roots declared in the analysed files (and Cleanse's own), and roots declared
        // elsewhere (context files, other targets' models) that an analysed file builds: an
        // app target's `ComponentFactory.of` of a library's root, a test target's fakes of its
        // app's graph (validated with them only), as the runtime validates each call.
        let entries = RootToValidate.entriesByRoot(index: index, declarations: declarations)
        let builtHere = Set(entries.filter { $0.value.contains { primaryPaths.contains($0.path) } }.keys)
        let roots = index.types.values
            .compactMap { type -> (path: String, declaration: TypeDeclaration.Member<DeclSyntax>?)? in
                let isAnalysed = type.declaration.map { primaryPaths.contains($0.file.path) || BuiltInComponents.isBuiltIn($0.file.fileID) } ?? false
                guard isAnalysed || builtHere.contains(type.path), declarations.isRootComponent(type.path) else { return nil }
                return (type.path, isAnalysed ? type.declaration : nil)
            }
            .sorted { $0.path < $1.path }

        var found: [(order: Int, component: ValidatedComponent)] = []
        var unvalidatedGenericRoots: [OpaqueConstruct] = []
        // Roots no `ComponentFactory.of` names are assembled last: a feature is entered
        // where another root's `install(feature:)` installs it, as the runtime enters it.
        var entered: [(order: Int, root: RootToValidate)] = []
        var unentered: [(order: Int, root: RootToValidate)] = []
        for (order, (root, analysedDeclaration)) in roots.enumerated() {
            let candidate = RootToValidate(path: root, declaration: analysedDeclaration, entries: entries, index: index, declarations: declarations, primaryPaths: primaryPaths)
            if candidate.entries.isEmpty, candidate.declaration != nil, !candidate.isGeneric {
                unentered.append((order, candidate))
            } else {
                entered.append((order, candidate))
            }
        }
        func validate(_ root: RootToValidate, order: Int, entry: SourcePosition?) {
            let (validated, opaque) = root.validate(with: assembler, constructors: constructors, entry: entry)
            found += validated.map { (order, $0) }
            unvalidatedGenericRoots += opaque
        }
        for (order, root) in entered { validate(root, order: order, entry: nil) }
        while !unentered.isEmpty {
            let next = unentered.firstIndex { assembler.featureInstallations[$0.root.path] != nil } ?? 0
            let (order, root) = unentered.remove(at: next)
            validate(root, order: order, entry: assembler.featureInstallations[root.path])
        }
        return (Self.droppingRootsValidatedAsInstalled(found.sorted { $0.order < $1.order }.map(\.component)), unvalidatedGenericRoots)
    }

    /// For a protocol nothing binds, a note at each `@Injectable` type of the sources that
    /// declares the conformance, with the line that binds the protocol to it: what only the
    /// sources show (the runtime cannot list a protocol's conforming types).
    static func conformingInjectables(to error: any CleanseError, index: DeclarationIndex, resolver: TypeResolver) -> [Diagnostic.Note] {
        guard let missing = error as? MissingProvider, missing.requestedKey.tag == nil, missing.requestedKey.type.isExistential,
              let wanted = missing.requestedKey.type.spelling
        else { return [] }
        return index.types.values
            .filter { type in
                guard type.injectableMacro != nil, type.kind == .class || type.kind == .struct, type.genericParameters.isEmpty else { return false }
                let context = type.path.split(separator: ".").dropLast().map(String.init)
                return type.inherited.contains { resolver.resolve($0, in: context).description == wanted }
            }
            .sorted { $0.path < $1.path }
            .map { type in
                let implementation = TypeIdentity(spelling: type.path)
                return Diagnostic.Note(
                    position: type.declaration.map { $0.file.position(of: $0.syntax) },
                    message: "'\(implementation.name)' is @Injectable and conforms to '\(missing.requestedKey.type.name)': bind the protocol to it with "
                        + "binder.bind((any \(missing.requestedKey.type.codeName)).self).to { (implementation: \(implementation.codeName)) in implementation }"
                )
            }
    }

    /// The errors of `build(_:)` calls that need `await` (`AsyncBuildRequired`), each at its
    /// call, whose place is added to `positions`.
    private static func synchronousBuildErrors(index: DeclarationIndex, declarations: GraphDeclarations, components: [ValidatedComponent], positions: inout [CleanseGraph.SourceLocation: SourcePosition]) -> [any CleanseError] {
        var errors: [any CleanseError] = []
        for build in index.synchronousBuilds {
            guard let path = declarations.resolver.resolve(metatype: build.component, in: build.context)?.path,
                  let component = components.first(where: { $0.model.type == TypeIdentity(spelling: path) }),
                  component.errors.isEmpty
            else { continue }
            // The `build` of `….build(seed)`: the finder records only member calls.
            let position = build.file.position(of: build.call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(build.call))
            let location = position.location
            positions[location] = position
            // A root made on the main actor is built on the spot by code isolated to it:
            // reported only where the call provably runs elsewhere.
            if let error = synchronousBuildError(of: component.model, at: location),
               !error.rootIsMainActor || CallerIsolation.isProvablyOffMainActor(build.call) {
                errors.append(error)
            }
        }
        return errors
    }

    /// Notes for source cleansec does not read: a file from its first parse error on, and
    /// components declared inside functions.
    private func unreadSources(index: DeclarationIndex, primaryPaths: Set<String>) -> [OpaqueConstruct] {
        let unparsed = files.compactMap { file in
            file.firstParseError.map { error in
                OpaqueConstruct(
                    position: file.position(of: error),
                    reason: "the file does not parse from here (a syntax error, nesting deeper than \(SourceFile.maximumNestingLevel) levels, or a run of more than \(SourceFile.maximumAngleBracketRun) '<' or '>'): bindings after it may not be read",
                    mayBindUnknownKeys: true,
                    kind: .source
                )
            }
        }
        let local = index.localComponents.filter { primaryPaths.contains($0.position.path) }.map { component in
            OpaqueConstruct(
                position: component.position,
                reason: "component '\(component.name)' is declared inside a function or closure, where cleansec does not read; declare it at file or type level to have it checked",
                mayBindUnknownKeys: false,
                kind: .source
            )
        }
        return local + unparsed
    }

    /// How many bindings of each compiled module's types were read (with what the toolchain
    /// said of them), by module.
    private static func bindingsFromCompiledModules(in models: [ComponentModel], index: DeclarationIndex) -> [String: Int] {
        var counts: [String: Int] = [:]
        func count(_ model: ComponentModel) {
            for binding in model.bindings where binding.kind != .seed && binding.kind != .builtIn {
                // The spelling as indexed (`Feed::Env`), not as printed.
                let spelling = binding.key.type.spellingOrName
                let path = spelling.split(separator: "<", maxSplits: 1).first.map(String.init) ?? spelling
                if let module = index.declaration(path)?.compiledModule { counts[module, default: 0] += 1 }
            }
            model.subcomponents.forEach(count)
        }
        models.forEach(count)
        return counts
    }

    /// Reads every declared type's initializers ahead of assembly, on every core: most of a
    /// large graph's reading time goes to them, and each type's are read independently of
    /// the others'. Each worker fills the cache of the declarations it takes, and nothing
    /// reads the caches until all have finished.
    static func readInitializersOnEveryCore(of declarations: [TypeDeclaration], reader: FactoryReader) {
        guard declarations.count >= 256 else { return }
        // One entry per declaration object, so that no two workers fill the same cache.
        var seen = Set<ObjectIdentifier>()
        let unique = declarations.filter { seen.insert(ObjectIdentifier($0)).inserted }
        let work = InitializerWork(declarations: unique, reader: reader)
        LargeStack.concurrentPerform(iterations: unique.count) { index in
            work.read(index)
        }
    }


    /// `components` without the root components that are only ever installed, as Cleanse 4
    /// allowed (`binder.install(dependency: ReportComponent.self)` of a `RootComponent`):
    /// one that no `ComponentFactory.of` in the files builds, and that another root's tree
    /// (one kept) installs, is validated there, with its parent's bindings in sight, as the
    /// runtime builds it, and not on its own, where it would miss them. A root nothing
    /// installs stays: another target may build it.
    private static func droppingRootsValidatedAsInstalled(_ components: [ValidatedComponent]) -> [ValidatedComponent] {
        func installed(in model: ComponentModel) -> Set<TypeIdentity> {
            model.subcomponents.reduce(into: Set<TypeIdentity>()) { found, child in
                found.insert(child.type)
                found.formUnion(installed(in: child))
            }
        }
        // A tree never holds its own root (an installation of a component inside itself is
        // not followed), so any tree holding a root's type is another root's.
        let trees = components.map { installed(in: $0.model) }
        let candidates = Set(components.indices.filter { index in
            !components[index].isBuiltSomewhere && trees.contains { $0.contains(components[index].model.type) }
        })
        // Dropped only where a kept tree validates it (installations in a circle keep theirs).
        let dropped = candidates.filter { index in
            trees.indices.contains { !candidates.contains($0) && trees[$0].contains(components[index].model.type) }
        }
        return components.indices.filter { !dropped.contains($0) }.map { components[$0] }
    }

    /// What a synchronous `build(_:)` of `model`, written at `call`, stops with at run time:
    /// a root that must be awaited (naming the asynchronous binding why) or made on the main
    /// actor. `nil` when `build(_:)` can make it.
    static func synchronousBuildError(of model: ComponentModel, at call: CleanseGraph.SourceLocation) -> AsyncBuildRequired? {
        let tree = ComponentTree(root: model)
        if let root = model.bindings.first(where: { $0.key == model.rootKey }), root.effect.actor != nil, !root.kind.resolvesRequestsWhenUsed {
            return AsyncBuildRequired(key: root.key, location: root.location, component: model.type, buildCall: call, rootIsMainActor: true)
        }
        var analysis = AwaitAnalysis(tree)
        guard let cause = analysis.cause(of: model.rootKey, from: 0) else { return nil }
        return AsyncBuildRequired(key: cause.key, location: cause.location, component: model.type, buildCall: call)
    }

    /// The modules a `ComponentFactory.of(C.self, overrides: A.self, B.self)` call passes as
    /// overrides, or `nil` when it passes none; an element is `nil` where the module is not
    /// written `X.self` (the analyzer cannot name it). Inside a
    /// `ComponentOverrides.with(A.self) { … }` scope, the scope's modules come first
    /// (outermost scope first), as the runtime adds them to every `of` in it; `scoped` is
    /// how many there are.
    static func overrideModules(of call: FunctionCallExprSyntax, in context: [String], resolver: TypeResolver) -> (modules: [SpelledType?], scoped: Int)? {
        let scoped = scopeOverrideModules(around: call, in: context, resolver: resolver)
        let arguments = Array(call.arguments)
        guard let start = arguments.firstIndex(where: { $0.label?.text == "overrides" }) else {
            return scoped.isEmpty ? nil : (scoped, scoped.count)
        }
        var modules: [SpelledType?] = []
        for (offset, argument) in arguments[start...].enumerated() {
            if offset > 0, argument.label != nil { break }
            modules.append(resolver.resolve(metatype: argument.expression, in: context))
        }
        return (scoped + modules, scoped.count)
    }

    /// The modules of the `ComponentOverrides.with(A.self, B.self) { … }` scopes whose
    /// closure holds `call` in the same function, outermost first: what the runtime's
    /// task-local scope holds when `call` runs there. A scope entered in another function
    /// (the test calls a launcher that calls `of`) is not seen; nor one outside a closure
    /// that runs where task-locals do not reach (`Task.detached`, a dispatch queue, a
    /// thread). A `Task { }` inherits them.
    private static func scopeOverrideModules(around call: FunctionCallExprSyntax, in context: [String], resolver: TypeResolver) -> [SpelledType?] {
        var scopes: [[SpelledType?]] = []
        var node = Syntax(call).parent
        while let current = node {
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) || current.is(AccessorDeclSyntax.self)
                || current.isProtocol((any DeclGroupSyntax).self) {
                break
            }
            if let closure = current.as(ClosureExprSyntax.self), let (given, label) = callGiven(closure) {
                let called = given.calledExpression.trimmedDescription.split(separator: ".").map(String.init)
                if called.last == "with", called.dropLast().last == "ComponentOverrides", label == nil || label == "operation" {
                    scopes.append(given.arguments.filter { $0.label == nil }.map { resolver.resolve(metatype: $0.expression, in: context) })
                } else if let name = called.last, tasklocalBoundaries.contains(name) {
                    break
                }
            }
            node = current.parent
        }
        return scopes.reversed().flatMap { $0 }
    }

    /// The last names of calls that run a closure where the caller's task-locals do not
    /// reach: `Task.detached`, `DispatchQueue.async`/`asyncAfter`/`concurrentPerform`,
    /// `Thread(block:)`, `Thread.detachNewThread`.
    private static let tasklocalBoundaries: Set<String> = ["detached", "async", "asyncAfter", "concurrentPerform", "detachNewThread", "Thread"]

    /// The call `closure` is given to, as its trailing closure or as an argument, with the
    /// argument's label.
    private static func callGiven(_ closure: ClosureExprSyntax) -> (call: FunctionCallExprSyntax, label: String?)? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id {
            return (call, nil)
        }
        guard let argument = closure.parent?.as(LabeledExprSyntax.self),
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return nil }
        return (call, argument.label?.text)
    }

    /// The runtime's validation (``ValidationPipeline``), without what cleansec cannot prove:
    /// its errors, then its warnings.
    /// `overrides`: those of a `ComponentFactory.of(_:overrides:)`, which replace constructions.
    static func validate(
        _ model: ComponentModel, openComponents: Set<TypeIdentity>, constructors: SpelledConstructors, overrides: SpelledOverrides? = nil
    ) -> (errors: [any CleanseError], warnings: [any CleanseError], validated: ComponentModel) {
        var current = model
        let outcome = ValidationPipeline.validate(
            model,
            constructor: { key in overrides.map { $0.construction(of: key, by: constructors) } ?? constructors.construction(of: key) },
            bind: { additions in
                current = JustInTimeBindingRule.applying(additions, to: model)
                return current
            },
            forms: SpelledImplicitRequests.forms(of:)
        ) { rewrites in
            SpelledImplicitRequests.applying(rewrites, to: current)
        }
        let errors = outcome.errors
        // A component given a just-in-time binding whose requests are unread may request an
        // injector the analyzer did not see requested. It binds no key it did not see: its
        // unread requests are served by bindings of their own, so they hide no missing key.
        var requestsMayBeUnseen = openComponents
        var hasUnreadConstructor = false
        if !constructors.unreadKeys.isEmpty {
            for node in outcome.tree.nodes where node.model.bindings.contains(where: { $0.kind == .injectableConstructor && constructors.unreadKeys.contains($0.key) }) {
                requestsMayBeUnseen.insert(node.model.type)
                hasUnreadConstructor = true
            }
        }
        guard !requestsMayBeUnseen.isEmpty else { return (errors, outcome.warnings, outcome.model) }
        let tree = outcome.tree
        // A component with an unread construct below it (a subcomponent sees its bindings)
        // may request an injector the analyzer did not see requested.
        var requestsUnseen = Set<TypeIdentity>()
        for node in tree.nodes where requestsMayBeUnseen.contains(node.model.type) {
            var current: Int? = tree.nodes.firstIndex { $0.model.type == node.model.type }
            while let index = current {
                requestsUnseen.insert(tree.nodes[index].model.type)
                current = tree.nodes[index].parent
            }
        }
        let warnings = outcome.warnings.filter { warning in
            guard let unrequested = warning as? UnrequestedPropertyInjector else { return true }
            return !requestsUnseen.contains(unrequested.component)
        }
        // A binding reported missing where something unread may bind it (in the requesting
        // component or any ancestor, whose bindings it sees) is not reported: the analyzer
        // never reports what it cannot prove.
        guard errors.contains(where: { $0 is MissingProvider }) else { return (errors, warnings, outcome.model) }
        var maybeBound = Set<TypeIdentity>()
        for node in tree.nodes {
            let inheritsOpen = node.parent.map { maybeBound.contains(tree.nodes[$0].model.type) } ?? false
            if inheritsOpen || openComponents.contains(node.model.type) {
                maybeBound.insert(node.model.type)
            }
        }
        let provable = errors.filter { error in
            guard let missing = error as? MissingProvider else { return true }
            // An unread constructed type may request a constructed `T`, bound just in time
            // (in its component, or its scope's), which then serves a `T?` or `() -> T`
            // (``ImplicitRequestRule``) that cleansec finds missing.
            if hasUnreadConstructor, missing.requestedKey.tag == nil, let served = SpelledImplicitRequests.servingKey(of: missing.requestedKey),
               constructors.construction(of: served)?.binding != nil {
                return false
            }
            return !missing.requests.contains { maybeBound.contains($0.component) }
        }
        return (provable, warnings, outcome.model)
    }
}

/// What one run of the analyzer found.
public struct AnalysisReport: Sendable {
    /// The errors, each once, in the order the runtime reports them.
    public let diagnostics: [Diagnostic]
    /// What the analyzer could not read, with why.
    public let opaque: [OpaqueConstruct]
    /// How many bindings were read into the model.
    public let bindingsRead: Int
    /// The model of each root component, for graph export.
    package let roots: [ComponentModel]
    /// The model of each root component as validated (implicit requests rewritten), as
    /// the runtime's plugins see it: what the parity tests compare key by key.
    package let validatedRoots: [ComponentModel]
    /// The places of bindings of one key written in alternative branches, of which the
    /// models keep the first: which one runs is known only at run time.
    package let alternativeLocations: [[CleanseGraph.SourceLocation]]
    /// For each compiled module the toolchain described (``CompiledModules``), how many
    /// bindings of its types were read with what it said.
    public let bindingsFromCompiler: [String: Int]

    /// How many root components were validated (each generic instance and each set of
    /// overrides counts).
    public var rootComponentCount: Int { roots.count }

    /// How many of the unread constructs are bindings (or may hide some).
    public var bindingsOpaque: Int { opaque.count }

    /// `cleansec: 1 root component, 41 bindings understood, 2 opaque`.
    public var coverage: String {
        "cleansec: \(roots.count) root component\(roots.count == 1 ? "" : "s"), \(bindingsRead) binding\(bindingsRead == 1 ? "" : "s") understood, \(bindingsOpaque) opaque"
    }

    /// `  3 bindings read with declarations from compiled modules: Foundation (1), VendorSDK (2)`,
    /// or nothing when no compiled module was needed.
    public var compilerAnswers: [String] {
        guard !bindingsFromCompiler.isEmpty else { return [] }
        let total = bindingsFromCompiler.values.reduce(0, +)
        let modules = bindingsFromCompiler.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
        return ["  \(total) binding\(total == 1 ? "" : "s") read with declarations from compiled modules: \(modules.joined(separator: ", "))"]
    }

    /// The unread constructs by sort, most common first, each with its count and where
    /// they are (the first `limit`), so that a user sees what to change:
    ///
    /// ```text
    ///   2 declared outside the analysed files: Sources/App/App.swift:8:9, Sources/App/Wiring.swift:12:5
    /// ```
    public func coverageByKind(limit: Int = 10) -> [String] {
        let groups = Dictionary(grouping: opaque, by: \.kind)
        return OpaqueKind.allCases
            .compactMap { kind in groups[kind].map { (kind, $0) } }
            .sorted { $0.1.count > $1.1.count }
            .map { kind, constructs in
                let positions = constructs.prefix(limit).map { "\($0.position.path):\($0.position.line):\($0.position.column)" }
                let more = constructs.count > limit ? ", and \(constructs.count - limit) more" : ""
                return "  \(constructs.count) \(kind.summary): \(positions.joined(separator: ", "))\(more)"
            }
    }

    /// The graph of every root component in the runtime's export format (`dot` or `json`).
    public func graph(format: GraphFormat) -> String {
        roots.map { root in
            let exporter = GraphExporter(ComponentTree(root: root))
            return format == .dot ? exporter.dot : exporter.json
        }.joined(separator: "\n")
    }
}

/// The formats `--graph` prints.
public enum GraphFormat: String, Sendable, CaseIterable {
    case dot, json
}

/// The declarations whose initializers `Analyzer.readInitializersOnEveryCore` reads.
private final class InitializerWork: @unchecked Sendable {
    // Safe to share: the declaration index, the resolver and the syntax trees are only read;
    // each declaration's `readInitializers` is written by the one worker that takes its
    // index (`concurrentPerform` hands each index out once) and read after all return.
    let declarations: [TypeDeclaration]
    let reader: FactoryReader

    init(declarations: [TypeDeclaration], reader: FactoryReader) {
        self.declarations = declarations
        self.reader = reader
    }

    func read(_ index: Int) {
        let declaration = declarations[index]
        guard declaration.kind != .protocol else { return }
        _ = reader.allInitializers(of: declaration)
    }
}
