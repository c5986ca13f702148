import SwiftSyntax

/// The modules and components among the declared types, with what the runtime reads from
/// their associated types and `configure` functions.
struct GraphDeclarations {
    let index: DeclarationIndex
    let resolver: TypeResolver

    /// What a module or component declares.
    struct Configurable {
        let declaration: TypeDeclaration
        /// `configure(binder:)`.
        let configure: Body?
        /// `configureRoot(binder:)`, for a component.
        let configureRoot: Body?
        /// The scope its binder shares in, `nil` for `Unscoped`.
        let scope: SpelledType?
    }

    /// A `configure` function: its syntax, or the steps a partial model read from it.
    enum Body {
        /// The function, with the name its binder goes by inside.
        case syntax(FunctionDeclSyntax, binderName: String, file: SourceFile)
        case read([ConfigureStep])
    }

    /// The steps `body` of `configurable` takes; in a `configureRoot`, `receiptKey` is the
    /// root type every `to` binds. `arguments` are those of a generic module
    /// (`ServiceModule<Github>`), substituted wherever its parameters appear; `substitution`,
    /// when given, is the whole specialisation's (``TypeResolver/substitution(of:)``), parents' included.
    func steps(of body: Body, in configurable: Configurable, receiptKey: SpelledType? = nil, arguments: [SpelledType] = [], substitution given: [String: SpelledType]? = nil) -> [ConfigureStep] {
        switch body {
        case .read(let steps):
            return steps
        case .syntax(let function, let binderName, let file):
            let declaration = configurable.declaration
            let substitution = given ?? SpelledType.substitution(owner: declaration.path, parameters: declaration.genericParameters, arguments: arguments)
            let reader = ConfigureReader(resolver: resolver.substituting(substitution).reading(file), file: file, context: declaration.context, binderScope: configurable.scope)
            return reader.steps(of: function.body?.statements ?? [], binderName: binderName, receiptKey: receiptKey)
        }
    }

    init(index: DeclarationIndex) {
        self.index = index
        resolver = TypeResolver(index: index)
    }

    /// Whether the type at `path` conforms, directly or through a protocol declared in the
    /// analysed files, to one of `protocols` (`Module`, `Component`…).
    func conforms(_ path: String, to protocols: Set<String>, depth: Int = 0) -> Bool {
        guard depth < 8, let declaration = index.declaration(path) else { return false }
        if !declaration.imported.roles.isDisjoint(with: protocols) { return true }
        for inherited in declaration.inherited {
            let components = DeclarationIndex.pathComponents(of: inherited)
            let resolved = resolver.resolve(inherited, in: declaration.context).path
            // `Component` is Cleanse's role unless the program declares a type of that name
            // (its own `protocol Component`), or the file that writes it imports a module that
            // does (another DI library's); `Cleanse.Component` always is.
            if let name = components.last, protocols.contains(name),
               components.first == "Cleanse" || !index.declaresRival(resolved ?? name, moduleName: declaration.moduleName, seenFrom: file(writing: inherited, in: declaration)) {
                return true
            }
            if let resolved, index.declaration(resolved)?.kind == .protocol, conforms(resolved, to: protocols, depth: depth + 1) {
                return true
            }
        }
        return false
    }

    /// The analysed file `syntax`, written in `declaration` or one of its extensions, is in.
    private func file(writing syntax: TypeSyntax, in declaration: TypeDeclaration) -> SourceFile? {
        let root = syntax.root.id
        return ([declaration.declaration?.file] + declaration.extensionBodies.map(\.file)).lazy.compactMap { $0 }.first { $0.syntax.id == root }
    }

    func isRootComponent(_ path: String) -> Bool {
        index.declaration(path)?.kind != .protocol && conforms(path, to: ["RootComponent"])
    }

    func isComponent(_ path: String) -> Bool {
        index.declaration(path)?.kind != .protocol && conforms(path, to: ["Component", "RootComponent"])
    }

    func isModule(_ path: String) -> Bool {
        index.declaration(path)?.kind != .protocol && conforms(path, to: ["Module", "ScopedModule", "Component", "RootComponent"])
    }

    /// The module or component at `path`, if it is declared in the analysed files.
    func configurable(_ path: String) -> Configurable? {
        guard let declaration = index.declaration(path), declaration.kind != .extensionOnly else { return nil }
        if let imported = declaration.imported.configurable {
            // A generic module's functions are read again with each include's arguments.
            // Every component's `configureRoot` is kept for other components that call it;
            // a non-generic one's own steps, read in its target, stay the answer for itself.
            let kept = { (name: String) in Self.function(among: declaration.imported.readAtCall[name] ?? []) }
            let keptRoot: Body? = kept("configureRoot").map { .syntax($0.function, binderName: $0.binderName, file: $0.file) }
            let readRoot: Body? = imported.configureRoot.map { .read($0) }
            return Configurable(
                declaration: declaration,
                configure: kept("configure").map { .syntax($0.function, binderName: $0.binderName, file: $0.file) } ?? imported.configure.map { .read($0) },
                configureRoot: index.isGenericOrNestedInGeneric(declaration.path) ? keptRoot ?? readRoot : readRoot ?? keptRoot,
                scope: imported.scope
            )
        }
        var configure = Self.function("configure", in: declaration)
        var configureRoot = Self.function("configureRoot", in: declaration)
        if declaration.declaration == nil, configure == nil, configureRoot == nil {
            // Another target's type that is no module (a screen's spec, called as
            // `Spec.configure(binder:)`): its functions as its model keeps them; none kept,
            // nothing known, which the caller notes as unread rather than read as empty.
            configure = Self.function(among: declaration.imported.readAtCall["configure"] ?? [])
            configureRoot = Self.function(among: declaration.imported.readAtCall["configureRoot"] ?? [])
            guard configure != nil || configureRoot != nil else { return nil }
        }
        var scope = associated("Scope", of: declaration)
        if let binderType = configure?.function.signature.parameterClause.parameters.first?.type {
            scope = binderScope(binderType, in: declaration) ?? scope
        }
        if scope?.description == "Unscoped" { scope = nil }
        return Configurable(
            declaration: declaration,
            configure: configure.map { .syntax($0.function, binderName: $0.binderName, file: $0.file) },
            configureRoot: configureRoot.map { .syntax($0.function, binderName: $0.binderName, file: $0.file) },
            scope: scope
        )
    }

    /// The type a component's associated type names (`Root`, `Seed`, `Scope`), its generic
    /// parameters given `substitution` (`typealias Root = S.Root` read for `Feature<HomeSpec>`
    /// is `HomeSpec.Root`, resolved).
    func associated(_ name: String, of declaration: TypeDeclaration, substitution: [String: SpelledType] = [:]) -> SpelledType? {
        if let alias = declaration.typealiases[name] {
            return resolver.reading(alias.file).substituting(substitution).resolve(alias.syntax, in: declaration.context)
        }
        if let alias = declaration.imported.genericTypealiases[name] {
            return resolver.substituting(substitution).resolve(alias, in: declaration.context)
        }
        if let imported = declaration.imported.configurable?.associatedTypes[name] ?? declaration.imported.typealiases[name] {
            return imported
        }
        if name == "Root", let root = Self.function("configureRoot", in: declaration),
           let parameter = root.function.signature.parameterClause.parameters.first?.type,
           case .named(_, let arguments) = resolver.resolve(parameter, in: declaration.context), arguments.count == 1 {
            return arguments[0]
        }
        return nil
    }

    /// The scope of `Binder<S>`, or of Cleanse's `SingletonBinder` and `UnscopedBinder`, as
    /// the type resolves (an app's `typealias AppBinder = Binder<Singleton>` included).
    private func binderScope(_ type: TypeSyntax, in declaration: TypeDeclaration) -> SpelledType? {
        guard case .named(let path, let arguments) = resolver.resolve(type, in: declaration.context),
              let name = TypeResolver.cleanseBinderName(path),
              path != name || !index.declaresOwnType(path, inModule: declaration.moduleName) else { return nil }
        switch name {
        case "SingletonBinder" where arguments.isEmpty: return .named("Singleton", [])
        case "UnscopedBinder" where arguments.isEmpty: return .named("Unscoped", [])
        case "Binder" where arguments.count == 1 && arguments[0].isKnown: return arguments[0]
        default: return nil
        }
    }

    private static func function(_ name: String, in declaration: TypeDeclaration) -> (function: FunctionDeclSyntax, binderName: String, file: SourceFile)? {
        function(among: declaration.functions[name] ?? [])
    }

    /// The one among `members` that is a `configure(binder:)`-shaped function, with the name
    /// its binder goes by inside.
    private static func function(among members: [TypeDeclaration.Member<FunctionDeclSyntax>]) -> (function: FunctionDeclSyntax, binderName: String, file: SourceFile)? {
        for member in members {
            let parameters = member.syntax.signature.parameterClause.parameters
            guard parameters.count == 1, let parameter = parameters.first, parameter.firstName.text == "binder",
                  member.syntax.body != nil
            else { continue }
            return (member.syntax, (parameter.secondName ?? parameter.firstName).text, member.file)
        }
        return nil
    }
}
