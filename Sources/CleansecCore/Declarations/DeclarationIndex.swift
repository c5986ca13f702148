import CleanseGraph
import SwiftParser
import SwiftSyntax

/// Every type, typealias and function declared in the analysed files, by nesting path, with
/// extensions merged into the types they extend.
final class DeclarationIndex {
    private(set) var types: [String: TypeDeclaration] = [:]
    /// The macros the sources declare (`@attached(member) macro Tracked()`).
    private(set) var macroNames: Set<String> = []
    /// Top-level typealiases and functions live in the declaration with the empty path.
    let topLevel = TypeDeclaration(path: "", kind: .extensionOnly, moduleName: "")
    /// The names of the modules whose files were read, which may qualify a type.
    private(set) var moduleNames: Set<String> = ["Swift", "Foundation", "Cleanse", "Dispatch", "_Concurrency", "Glibc", "Darwin"]
    /// The names protocols in the analysed files declare `associatedtype`: a member type of
    /// another name is never one a witness fixes (``TypeResolver/witnessedAssociatedType``).
    private(set) var associatedTypeNames: Set<String> = []
    /// Top-level names that several modules (imported or analysed) or files declare: for
    /// each, the module (or `file:<path>` for a private type) and the path its type is
    /// indexed under (the first one's plain, the others' `Module::Name` or `F<path>::Name`).
    private(set) var alternatives: [String: [String: String]] = [:]
    /// Whether a partial model gave any type (only then can a file's type shadow one).
    private var hasImportedTypes = false
    /// For each file (by path), the top-level types it declares under a name another file
    /// declared first, one of them `private` or `fileprivate`: name → the path its own is
    /// indexed under (`F<path>::Window`), so that two test files' `private final class
    /// Window` stay two types, each seen by its own file. Empty in most programs.
    private var fileScoped: [String: [String: String]] = [:]
    /// ``visibleModules(of:)`` by the path of each analysed file, made with the index (it is
    /// read from every core afterwards, never written).
    private var visibleByFile: [String: Set<String>] = [:]
    /// Cleanse's binder types and the program's top-level aliases of one
    /// (``TypeResolver/binderTypeNames``), resolved once the index is made.
    private(set) var binderTypeNames: [String] = []
    /// ``imports(of:)`` by the path of each analysed file, made with the index: a file's own
    /// imports with the re-exports of its module's files and of the modules it imports,
    /// analysed or described by a partial model (`@_exported import Kit` in one file of Core
    /// is seen wherever Core is).
    private var importsByFile: [String: FileImports] = [:]
    /// For each top-level type name, the analysed modules that declare it (not privately), in
    /// file order: where there are several, the first keeps the plain path and each later
    /// one's type is indexed under `Module::Name` (``alternatives``), as a partial model's is.
    private var topLevelDeclarers: [String: [String]] = [:]
    /// For each file (by path), the top-level types it declares `private` or `fileprivate`.
    private var filePrivateTypeNames: [String: Set<String>] = [:]
    /// What each module re-exports (`@_exported import Kit`): its analysed files', or what
    /// its partial model records.
    private var exportsByModule: [String: FileImports] = [:]
    /// Each `ComponentFactory.of(C.self)` call, by component spelling, with where it is.
    private(set) var rootEntries: [(component: ExprSyntax, file: SourceFile, context: [String], call: FunctionCallExprSyntax)] = []
    /// Each synchronous `build(_:)` of a factory `ComponentFactory.of(C.self)` made, directly
    /// (`ComponentFactory.of(C.self).build(seed)`) or through a name of the same file that
    /// holds one (`let factory = try ComponentFactory.of(C.self)`, a stored property
    /// `let factory: ComponentFactory<C>`; then `factory.build(seed)`).
    private(set) var synchronousBuilds: [(component: ExprSyntax, file: SourceFile, context: [String], call: FunctionCallExprSyntax)] = []
    /// Components declared inside a function or closure body, which the analyzer does not
    /// read (it reads types at file or type level): each with its name and position. A type
    /// whose `Component` is another module's its file imports (Needle's) is none.
    var localComponents: [(name: String, position: SourcePosition)] {
        localTypesNamingRoles.compactMap { local in
            let isCleanses = local.roles.contains { written in
                let components = written.split(separator: ".").map(String.init)
                return components.first == BuiltInComponents.moduleName
                    || !declaresRival(components.last ?? written, moduleName: local.file.moduleName, seenFrom: local.file)
            }
            return isCleanses ? (local.name, local.position) : nil
        }
    }
    /// Types declared in a body whose inheritance clause names `Component` or
    /// `RootComponent`, as written there.
    private var localTypesNamingRoles: [(name: String, roles: [String], position: SourcePosition, file: SourceFile)] = []
    /// The build's `#if` conditions, as far as they are known.
    let conditions: BuildConditions

    /// The index of `files`, with what `models` say of the targets they depend on, reading
    /// `#if` clauses by `conditions`.
    init(files: [SourceFile], models: [PartialModel] = [], conditions: BuildConditions = .unknown) {
        self.conditions = conditions
        for model in models { importModel(model) }
        for file in files { moduleNames.insert(file.moduleName) }
        // Each file's imports, before any extension is placed by what its file sees.
        let ownImports = files.map { ($0, FileImports(of: $0)) }
        for (file, imports) in ownImports { noteReexports(of: imports, moduleName: file.moduleName) }
        for (file, imports) in ownImports { importsByFile[file.path] = reexportsAdded(to: imports, in: file.moduleName) }
        noteTopLevelTypes(of: files)
        for file in files {
            for item in file.syntax.statements {
                if let decl = item.item.as(DeclSyntax.self) {
                    collect(decl, in: [], file: file)
                }
            }
            let finder = RootEntryFinder(file: file)
            finder.walk(file.syntax)
            rootEntries += finder.entries.map { ($0.component, file, $0.context, $0.call) }
            synchronousBuilds += finder.synchronousBuilds.map { ($0.component, file, $0.context, $0.call) }
            localTypesNamingRoles += finder.localComponents.map { ($0.name, $0.roles, file.position(of: $0.syntax), file) }
        }
        // Cleanse's own components, unless the program declares a type of the same name.
        if types[BuiltInComponents.moduleComponent] == nil {
            for item in BuiltInComponents.file.syntax.statements {
                if let decl = item.item.as(DeclSyntax.self) {
                    collect(decl, in: [], file: BuiltInComponents.file)
                }
            }
        }
        // A type's attribute is its global actor when the attribute's declaration says so,
        // now that every declaration is known.
        for type in types.values {
            guard let attributes = type.declaration?.syntax.asProtocol((any WithAttributesSyntax).self)?.attributes else { continue }
            let isolation = self.isolation(of: attributes, context: type.context)
            type.globalActor = isolation.actor
            if type.kind != .actor { type.isolationUnreadThrough = isolation.unreadThrough }
        }
        // What models and symbol graphs name as a type's or a member's global actor (an
        // attribute, `@DatabaseActor`) is one only if its declaration says so.
        // One that nothing read declares leaves the isolation unread. A model names an actor
        // its target resolved by its last name (`RenderActor` of `Shop.RenderActor`): a
        // global actor of that name declared in what is read is the one.
        let globalActorNames = Set(types.values.filter { type in
            type.kind != .extensionOnly && (type.declaration != nil ? type.kind == .actor || isMarkedGlobalActor(type) : type.imported.isGlobalActor)
        }.map { type in
            // (Without the qualifier of a type a module's own shadows: `Storage::Database`.)
            let last = type.path.split(separator: ".").last.map(String.init) ?? type.path
            return last.split(separator: ":").last.map(String.init) ?? last
        })
        func imported(_ actor: String) -> AttributeIsolation {
            let name = actor.split(separator: ".").last.map(String.init) ?? actor
            return globalActorNames.contains(name) ? .actor(name) : attributeIsolation(actor)
        }
        func resolved(_ signature: CallableSignature) -> CallableSignature {
            guard let actor = signature.actor else { return signature }
            var resolved = signature
            let isolation = imported(actor)
            resolved.actor = isolation.actor
            resolved.isolationUnreadThrough = isolation == .unread ? "@" + actor : signature.isolationUnreadThrough
            return resolved
        }
        for type in types.values.filter({ $0.declaration == nil }) + [topLevel] {
            if let actor = type.globalActor {
                let isolation = imported(actor)
                type.globalActor = isolation.actor
                if isolation == .unread { type.isolationUnreadThrough = "@" + actor }
            }
            type.imported.initializers = type.imported.initializers.map(resolved)
            for (name, functions) in type.imported.functions where functions.contains(where: { $0.actor != nil }) {
                type.imported.functions[name] = functions.map(resolved)
            }
        }
        if !alternatives.isEmpty {
            for file in files { visibleByFile[file.path] = visibleModules(of: file) }
        }
        // A type with no global actor of its own has its superclass's, or its conformances'.
        InferredIsolation.infer(in: self)
        binderTypeNames = TypeResolver.binderTypeNames(in: self)
    }

    /// What an attribute says of a declaration's isolation.
    enum AttributeIsolation: Equatable {
        /// It is this global actor.
        case actor(String)
        /// It is no global actor: a type declared otherwise, or a macro.
        case none
        /// It may be one: a name nothing cleansec reads declares.
        case unread

        /// The global actor, when it is one.
        var actor: String? {
            if case .actor(let actor) = self { actor } else { nil }
        }
    }

    /// What `candidate` (an attribute's name as written) is: `MainActor`; a type declared in
    /// the sources cleansec reads that is an `actor` or is marked `@globalActor`; a type a
    /// model or symbol graph says is a global actor; no actor for any other type those
    /// declare (a property wrapper, a result builder), for a macro the sources declare or
    /// one of the common frameworks' (``InferredIsolation/nonIsolatingAttributes``). Any other
    /// name (a module cleansec is not given) is unread.
    /// `context`: the nesting path the attribute is written in, where a nested type of that
    /// name is found first (`@RenderActor` inside `enum Shop` names `Shop.RenderActor`).
    func attributeIsolation(_ candidate: String, in context: [String] = []) -> AttributeIsolation {
        let name = candidate.split(separator: ".").last.map(String.init) ?? candidate
        if name == "MainActor" { return .actor(name) }
        let nested = context.indices.reversed().lazy.compactMap { self.types[(context[...$0] + [candidate]).joined(separator: ".")] }.first
        guard let declared = nested ?? types[candidate] ?? types[name], declared.kind != .extensionOnly else {
            return macroNames.contains(name) || InferredIsolation.nonIsolatingAttributes.contains(name) ? .none : .unread
        }
        if declared.declaration != nil {
            return declared.kind == .actor || isMarkedGlobalActor(declared) ? .actor(name) : .none
        }
        return declared.imported.isGlobalActor ? .actor(name) : .none
    }

    /// What the attributes written in upper case among `attributes` say of a declaration's
    /// isolation (``attributeIsolation(_:in:)``): the global actor the first of them that is
    /// one names (`@MainActor`, `@Store.DatabaseActor`); else the first that may be one
    /// cleansec cannot read (`@RemoteActor` of a module it is not given), as written with its
    /// `@`; else neither.
    func isolation(of attributes: AttributeListSyntax, context: [String]) -> (actor: String?, unreadThrough: String?) {
        var unread: String?
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            guard name.split(separator: ".").last?.first?.isUppercase == true else { continue }
            switch attributeIsolation(name, in: context) {
            case .actor(let actor): return (actor, nil)
            case .unread: unread = unread ?? "@" + name
            case .none: continue
            }
        }
        return (nil, unread)
    }

    /// Whether `initializer`'s body calls `self.init(…)`: a delegating initializer.
    static func delegates(_ initializer: InitializerDeclSyntax) -> Bool {
        guard let body = initializer.body else { return false }
        var previous: [TokenKind] = []
        for token in body.tokens(viewMode: .sourceAccurate) {
            previous.append(token.tokenKind)
            if previous.count > 3 { previous.removeFirst() }
            if previous == [.keyword(.self), .period, .keyword(.`init`)] { return true }
        }
        return false
    }

    /// Whether the source declaration of `type` is marked `@globalActor`.
    func isMarkedGlobalActor(_ type: TypeDeclaration) -> Bool {
        type.declaration?.syntax.asProtocol((any WithAttributesSyntax).self)?.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "globalActor"
        } ?? false
    }

    func declaration(_ path: String) -> TypeDeclaration? {
        if let found = types[path] { return found }
        // `App::Provider`: a top-level type keyed with its module beside Cleanse's of its name
        // (``TypeResolver``), indexed under its plain name. (A miss is common while names
        // resolve: only a path with a colon is taken apart.)
        guard path.utf8.contains(UInt8(ascii: ":")) else { return nil }
        let parts = path.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty, let plain = types[String(parts[2])],
              plain.moduleName == parts[0] else { return nil }
        return plain
    }

    /// Whether module `moduleName` declares a type at `path` itself, not only extends one:
    /// its own `Provider` or `RootComponent` shadows Cleanse's in its files. (Another
    /// module's type of that name is Cleanse's rival only where a file imports both, which
    /// does not compile unqualified.)
    func declaresOwnType(_ path: String, inModule moduleName: String) -> Bool {
        guard let declared = types[path], declared.kind != .extensionOnly else { return false }
        return declared.moduleName == moduleName && moduleName != BuiltInComponents.moduleName
    }

    /// Whether the type at `path` is another than Cleanse's of its name for code of module
    /// `moduleName` written in `file`: declared (not only extended) by that module, or by a
    /// module whose declaration `file` sees (``sees(_:declaring:from:)``; a file that sees
    /// both cannot write the name unqualified).
    func declaresRival(_ path: String, moduleName: String, seenFrom file: SourceFile?) -> Bool {
        if declaresOwnType(path, inModule: moduleName) { return true }
        guard let file, let declared = types[path], declared.kind != .extensionOnly,
              declared.moduleName != BuiltInComponents.moduleName else { return false }
        return sees(declared.moduleName, declaring: path, from: file)
    }

    /// Whether the type at `path`, or a type it is nested in, has generic parameters: its
    /// members see them, so what they bind depends on the specialisation.
    func isGenericOrNestedInGeneric(_ path: String) -> Bool {
        var path = Substring(path)
        while true {
            if let declaration = types[String(path)], !declaration.genericParameters.isEmpty { return true }
            guard let dot = path.lastIndex(of: ".") else { return false }
            path = path[..<dot]
        }
    }

    private func declaration(at path: [String], kind: TypeDeclaration.Kind, file: SourceFile) -> TypeDeclaration {
        declaration(at: path.joined(separator: "."), kind: kind, moduleName: file.moduleName)
    }

    private func declaration(at key: String, kind: TypeDeclaration.Kind, moduleName: String) -> TypeDeclaration {
        if key.isEmpty { return topLevel }
        if let existing = types[key] {
            if existing.kind == .extensionOnly && kind != .extensionOnly {
                existing.kind = kind
                existing.moduleName = moduleName
            }
            return existing
        }
        let made = TypeDeclaration(path: key, kind: kind, moduleName: moduleName)
        types[key] = made
        return made
    }

    /// The modules `file` sees: those it imports and its own, and the file itself (its
    /// private types). Empty when no two modules or files declare a type alike (there is
    /// nothing to choose, so the imports are not read).
    func visibleModules(of file: SourceFile) -> Set<String> {
        guard !alternatives.isEmpty else { return [] }
        return visibleByFile[file.path] ?? importedModules(of: file).union([file.moduleName, Self.fileKey(file)])
    }

    /// What the file that declares the type at `context` (its outermost type) sees; `nil` at
    /// file level, or when no two modules or files declare a type alike.
    func visibleModules(ofDeclarationAt context: [String]) -> Set<String>? {
        guard !alternatives.isEmpty, let outermost = context.first, let file = types[outermost]?.declaration?.file else { return nil }
        return visibleModules(of: file)
    }

    /// The modules `file` imports, wholly or one declaration of, in any `#if` clause.
    func importedModules(of file: SourceFile) -> Set<String> {
        imports(of: file).moduleNames
    }

    /// Whether `file` sees the declaration `name` of `module` through its imports (whole, of
    /// that one declaration, or re-exported to it).
    func sees(_ module: String, declaring name: String, from file: SourceFile) -> Bool {
        imports(of: file).sees(module, declaring: name)
    }

    /// Notes the top-level types `files` declare whose name another module declares too: a
    /// later analysed module's is indexed under `Module::Name`, and an imported one (a partial
    /// model's) moves aside for a module's own (``shadowImported(at:by:)``), before any
    /// extension is placed, so that each extension extends the type its file sees.
    private func noteTopLevelTypes(of files: [SourceFile]) {
        var declared: [(name: String, file: SourceFile, isPrivate: Bool)] = []
        func visit(_ decl: DeclSyntax, in file: SourceFile) {
            if let group = decl.as(IfConfigDeclSyntax.self) {
                for clause in conditions.clauses(of: group).clauses {
                    if case .statements(let items)? = clause.elements {
                        for item in items { if let nested = item.item.as(DeclSyntax.self) { visit(nested, in: file) } }
                    }
                }
                return
            }
            guard let name = Self.nominalName(of: decl) else { return }
            declared.append((name, file, Self.isFilePrivate(decl)))
        }
        for file in files {
            for item in file.syntax.statements { if let decl = item.item.as(DeclSyntax.self) { visit(decl, in: file) } }
        }
        // One name in several modules: the first module's keeps the plain path.
        var declarers: [String: [String]] = [:]
        for type in declared where !type.isPrivate && !(declarers[type.name]?.contains(type.file.moduleName) ?? false) {
            declarers[type.name, default: []].append(type.file.moduleName)
        }
        topLevelDeclarers = declarers
        for (name, modules) in declarers {
            if hasImportedTypes { shadowImported(at: name, by: modules[0]) }
            guard modules.count > 1 else { continue }
            if alternatives[name]?[modules[0]] == nil { alternatives[name, default: [:]][modules[0]] = name }
            for module in modules.dropFirst() { alternatives[name, default: [:]][module] = "\(module)::\(name)" }
        }
        // One name in several files of a path, one of them `private` or `fileprivate` (Swift
        // allows that): each later file's type is indexed under its file's qualifier
        // (`F<path>::Name`), chosen by ``TypeResolver`` where that file's code, or the
        // module's for one that is not private, names it. (Declared again in one file: an
        // alternative clause of an `#if` whose condition is unknown.)
        // (A type a partial model gives, no analysed module declaring its name, came first:
        // a file's private type of the name is that file's own.)
        var first: [String: (file: SourceFile?, module: String, isPrivate: Bool)] = [:]
        for type in declared where type.isPrivate && topLevelDeclarers[type.name] == nil {
            if let imported = types[type.name], imported.declaration == nil, imported.kind != .extensionOnly {
                first[type.name] = (nil, imported.moduleName, false)
            }
        }
        for type in declared {
            if type.isPrivate { filePrivateTypeNames[type.file.path, default: []].insert(type.name) }
            let key = moduleScopedPath(of: type.name, in: type.file.moduleName, isPrivate: type.isPrivate) ?? type.name
            guard let earlier = first[key] else {
                first[key] = (type.file, type.file.moduleName, type.isPrivate)
                continue
            }
            guard earlier.file?.path != type.file.path, type.isPrivate || earlier.isPrivate,
                  fileScoped[type.file.path]?[type.name] == nil else { continue }
            let qualified = SpelledTypes.fileQualifier(ofPath: type.file.path) + "::" + type.name
            fileScoped[type.file.path, default: [:]][type.name] = qualified
            let earlierKey = earlier.isPrivate ? earlier.file.map(Self.fileKey) ?? earlier.module : earlier.module
            if alternatives[type.name]?[earlierKey] == nil { alternatives[type.name, default: [:]][earlierKey] = key }
            alternatives[type.name, default: [:]][type.isPrivate ? Self.fileKey(type.file) : type.file.moduleName] = qualified
        }
    }

    /// `Module::Name` for a top-level type `name` that module `moduleName` declares (not
    /// privately) after an earlier module declared one too; `nil` for the others.
    private func moduleScopedPath(of name: String, in moduleName: String, isPrivate: Bool) -> String? {
        guard !isPrivate, let declarers = topLevelDeclarers[name], declarers.count > 1, declarers[0] != moduleName else { return nil }
        return "\(moduleName)::\(name)"
    }

    /// The name of the type `decl` declares, if it declares one.
    private static func nominalName(of decl: DeclSyntax) -> String? {
        if let type = decl.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = decl.as(StructDeclSyntax.self) { return type.name.text }
        if let type = decl.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = decl.as(ActorDeclSyntax.self) { return type.name.text }
        if let type = decl.as(ProtocolDeclSyntax.self) { return type.name.text }
        return nil
    }

    /// The path of the type an extension of `written` (`Env`, `Feed.Env`, `Cleanse.Binder`)
    /// in `file` extends, as the compiler chooses it: the file's own private type, its
    /// module's, or the one type of that name the file sees; a module qualifier names that
    /// module's. Cleanse's binder types are keyed `Cleanse::Binder` (``binderTypeNames``), so
    /// that an app's own `Binder` never gathers Cleanse's helpers.
    private func extendedPath(_ written: [String], in file: SourceFile) -> [String] {
        var path = written
        guard let first = path.first else { return path }
        if path.count > 1, moduleNames.contains(first) {
            path.removeFirst()
            let name = path[0]
            if first == BuiltInComponents.moduleName, ConfigureReader.binderExtensionNames.contains(name) {
                path[0] = TypeResolver.cleanseQualifier + name
            } else if let chosen = alternatives[name]?[first] {
                path[0] = chosen
            }
            return path
        }
        // An extension of the file's own private type.
        if let scoped = fileScoped[file.path]?[first] {
            path[0] = scoped
            return path
        }
        if ConfigureReader.binderExtensionNames.contains(first), !(filePrivateTypeNames[file.path]?.contains(first) ?? false) {
            let declarers = modulesDeclaring(first)
            if !declarers.contains(where: { $0 == file.moduleName || sees($0, declaring: first, from: file) }) {
                path[0] = TypeResolver.cleanseQualifier + first
                return path
            }
        }
        if let choices = alternatives[first] {
            if let own = choices[Self.fileKey(file)] ?? choices[file.moduleName] {
                path[0] = own
            } else {
                let seen = choices.filter { !$0.key.hasPrefix("file:") && sees($0.key, declaring: first, from: file) }
                if seen.count == 1, let only = seen.first { path[0] = only.value }
            }
        }
        return path
    }

    /// The modules other than Cleanse that declare a top-level type `name` (not privately),
    /// analysed or imported.
    private func modulesDeclaring(_ name: String) -> Set<String> {
        var modules = Set(topLevelDeclarers[name] ?? [])
        if let choices = alternatives[name] {
            for module in choices.keys where !module.hasPrefix("file:") { modules.insert(module) }
        }
        if let type = types[name], type.declaration == nil, type.kind != .extensionOnly { modules.insert(type.moduleName) }
        modules.remove(BuiltInComponents.moduleName)
        return modules
    }

    /// `file`'s imports with the re-exports they reach: made with the index for an analysed
    /// file, and here for a function a partial model keeps (parsed again with its imports).
    private func imports(of file: SourceFile) -> FileImports {
        importsByFile[file.path] ?? reexportsAdded(to: FileImports(of: file), in: file.moduleName)
    }

    /// `imports`, of a file of module `moduleName`, with the re-exports they see: its own
    /// module's, and those of the modules it imports (analysed or described by a model),
    /// followed through their own re-exports.
    private func reexportsAdded(to imports: FileImports, in moduleName: String) -> FileImports {
        guard !exportsByModule.isEmpty else { return imports }
        var seen = imports
        var reached: Set<String> = []
        var pending = [moduleName] + imports.modules.sorted()
        while let module = pending.popLast() {
            guard reached.insert(module).inserted, let exports = exportsByModule[module] else { continue }
            seen = seen.adding(exportsOf: exports)
            pending += exports.exportedModules.sorted()
        }
        return seen
    }

    /// Notes `imports`' re-exports as module `moduleName`'s.
    private func noteReexports(of imports: FileImports, moduleName: String) {
        guard !imports.exportedModules.isEmpty || !imports.exportedDeclarations.isEmpty else { return }
        exportsByModule[moduleName, default: FileImports()].exportedModules.formUnion(imports.exportedModules)
        exportsByModule[moduleName, default: FileImports()].exportedDeclarations.formUnion(imports.exportedDeclarations)
    }

    /// The file that declares the type at `context` (its outermost type); `nil` at file level.
    func file(ofDeclarationAt context: [String]) -> SourceFile? {
        context.first.flatMap { types[$0]?.declaration?.file }
    }

    /// The key of `file` among a name's ``alternatives``.
    private static func fileKey(_ file: SourceFile) -> String { "file:" + file.path }

    /// Whether `decl` is declared `private` or `fileprivate`.
    private static func isFilePrivate(_ decl: some SyntaxProtocol) -> Bool {
        guard let modifiers = decl.asProtocol((any WithModifiersSyntax).self)?.modifiers else { return false }
        return modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    }

    /// Makes room at `key` for a type the analysed files' module declares where an imported
    /// module's type is indexed: a module's own type shadows an imported one of its name, so
    /// the imported one moves to `Module::key` (still chosen where a file names it so).
    private func shadowImported(at key: String, by moduleName: String) {
        guard !key.isEmpty, let existing = types[key], existing.declaration == nil, existing.kind != .extensionOnly,
              existing.moduleName != moduleName else { return }
        let qualified = "\(existing.moduleName)::\(key)"
        let moved = TypeDeclaration(path: qualified, kind: existing.kind, moduleName: existing.moduleName)
        moved.imported = existing.imported
        moved.genericParameters = existing.genericParameters
        moved.globalActor = existing.globalActor
        moved.compiledModule = existing.compiledModule
        types[qualified] = moved
        types[key] = nil
        alternatives[key, default: [:]][existing.moduleName] = qualified
        alternatives[key]?[moduleName] = key
    }

    /// Adds what a dependency's partial model says of each type, merged with what other
    /// models and the analysed files say of it.
    private func importModel(_ model: PartialModel) {
        moduleNames.insert(model.moduleName)
        var exports = FileImports()
        exports.exportedModules = Set(model.exportedModules ?? [])
        exports.exportedDeclarations = Set(model.exportedDeclarations ?? [])
        noteReexports(of: exports, moduleName: model.moduleName)
        hasImportedTypes = hasImportedTypes || !model.types.isEmpty
        // A type an earlier module declares too is this module's under a qualified path.
        var renames: [String: String] = [:]
        for type in model.types where type.kind != .extensionOnly && !type.path.isEmpty {
            guard let existing = types[type.path], existing.kind != .extensionOnly, existing.moduleName != type.moduleName else { continue }
            let qualified = "\(type.moduleName)::\(type.path)"
            renames[type.path] = qualified
            alternatives[type.path, default: [existing.moduleName: type.path]][type.moduleName] = qualified
        }
        let renaming = TypeRenaming(renames: renames)
        for type in renaming.isEmpty ? model.types : model.types.map(renaming.modelType) {
            let declaration = declaration(at: type.path, kind: type.kind, moduleName: type.moduleName)
            var imported = declaration.imported
            declaration.globalActor = declaration.globalActor ?? type.globalActor
            if declaration.genericParameters.isEmpty { declaration.genericParameters = type.genericParameters ?? [] }
            imported.roles.formUnion(type.roles)
            imported.typealiases.merge(type.typealiases) { current, _ in current }
            imported.initializers += type.initializers
            imported.functions.merge(type.functions) { current, added in current + added }
            imported.properties.merge(type.properties ?? [:]) { current, _ in current }
            imported.staticProperties.merge(type.staticProperties ?? [:]) { current, _ in current }
            imported.configurable = imported.configurable ?? type.configurable
            imported.isGlobalActor = imported.isGlobalActor || type.isGlobalActor == true
            declaration.isolationUnreadThrough = declaration.isolationUnreadThrough ?? type.isolationUnreadThrough
            for source in type.readAtCall ?? [] {
                if let member = source.member(moduleName: model.moduleName) {
                    imported.readAtCall[source.name, default: []].append(member)
                }
            }
            imported.position = imported.position ?? type.position
            imported.constructor = imported.constructor ?? type.constructor
            imported.associatedTypeNames.formUnion(type.associatedTypeNames ?? [])
            associatedTypeNames.formUnion(type.associatedTypeNames ?? [])
            for (name, text) in type.genericTypealiases ?? [:] {
                let file = SourceFile(path: type.position?.path ?? "", moduleName: model.moduleName, text: "typealias Alias = \(text)")
                if file.firstParseError == nil, let alias = file.syntax.statements.first?.item.as(TypeAliasDeclSyntax.self) {
                    imported.genericTypealiases[name] = alias.initializer.value
                }
            }
            for source in type.requirements ?? [] {
                if let member = source.member(moduleName: model.moduleName) {
                    imported.requirements[source.name, default: []].append(member)
                }
            }
            declaration.imported = imported
            if model.compiled == true, type.kind != .extensionOnly {
                declaration.compiledModule = declaration.compiledModule ?? model.moduleName
            }
        }
    }

    private func collect(_ decl: DeclSyntax, in context: [String], file: SourceFile) {
        if let group = decl.as(IfConfigDeclSyntax.self) {
            // The active clause; every clause when the condition is unknown, where a type
            // declared in several is taken from the first (see `collect` of a type).
            for clause in conditions.clauses(of: group).clauses {
                switch clause.elements {
                case .decls(let members)?:
                    for member in members { collect(member.decl, in: context, file: file) }
                case .statements(let items)?:
                    // At file level.
                    for item in items {
                        if let decl = item.item.as(DeclSyntax.self) { collect(decl, in: context, file: file) }
                    }
                default:
                    break
                }
            }
            return
        }
        if let macro = decl.as(MacroDeclSyntax.self) {
            // An attribute naming it is a macro, which isolates nothing.
            macroNames.insert(macro.name.text)
            return
        }
        let nominal: (name: String, kind: TypeDeclaration.Kind, members: MemberBlockSyntax, inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax, generics: GenericParameterClauseSyntax?)?
        if let type = decl.as(ClassDeclSyntax.self) {
            nominal = (type.name.text, .class, type.memberBlock, type.inheritanceClause, type.attributes, type.genericParameterClause)
        } else if let type = decl.as(StructDeclSyntax.self) {
            nominal = (type.name.text, .struct, type.memberBlock, type.inheritanceClause, type.attributes, type.genericParameterClause)
        } else if let type = decl.as(EnumDeclSyntax.self) {
            nominal = (type.name.text, .enum, type.memberBlock, type.inheritanceClause, type.attributes, type.genericParameterClause)
        } else if let type = decl.as(ActorDeclSyntax.self) {
            nominal = (type.name.text, .actor, type.memberBlock, type.inheritanceClause, type.attributes, type.genericParameterClause)
        } else if let type = decl.as(ProtocolDeclSyntax.self) {
            nominal = (type.name.text, .protocol, type.memberBlock, type.inheritanceClause, type.attributes, nil)
            for member in type.memberBlock.members {
                if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) { associatedTypeNames.insert(associated.name.text) }
            }
        } else {
            nominal = nil
        }
        if let nominal {
            var path = context + [nominal.name]
            // A name another module or file declares too (``noteTopLevelTypes(of:)``).
            if context.isEmpty, let scoped = fileScoped[file.path]?[nominal.name]
                ?? moduleScopedPath(of: nominal.name, in: file.moduleName, isPrivate: Self.isFilePrivate(decl)) {
                path = [scoped]
            }
            if hasImportedTypes { shadowImported(at: path.joined(separator: "."), by: file.moduleName) }
            let type = declaration(at: path, kind: nominal.kind, file: file)
            // Declared again: an alternative clause of an `#if` whose condition is unknown
            // (a build declares a type once). The first declaration stands.
            guard type.declaration == nil else { return }
            type.declaration = .init(syntax: decl, file: file)
            type.genericParameters = nominal.generics?.parameters.map(\.name.text) ?? []
            if let injectable = nominal.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { $0.attributeName.sourceText == "Injectable" }) {
                let isSet = { (label: String) in
                    injectable.arguments?.as(LabeledExprListSyntax.self)?.contains {
                        $0.label?.text == label && $0.expression.sourceText == "true"
                    } ?? false
                }
                type.injectableMacro = (isSet("subclass"), isSet("mainActor"))
            }
            type.inherited += nominal.inheritance?.inheritedTypes.map(\.type) ?? []
            collectMembers(nominal.members, of: type, at: path, file: file, isDeclarationBody: true)
            return
        }
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            let path = extendedPath(Self.pathComponents(of: extensionDecl.extendedType), in: file)
            let type = declaration(at: path, kind: .extensionOnly, file: file)
            type.inherited += extensionDecl.inheritanceClause?.inheritedTypes.map(\.type) ?? []
            type.extensionBodies.append(.init(syntax: extensionDecl.memberBlock, file: file))
            collectMembers(extensionDecl.memberBlock, of: type, at: path, file: file, isDeclarationBody: false)
            return
        }
        let owner = declaration(at: context, kind: .extensionOnly, file: file)
        if let alias = decl.as(TypeAliasDeclSyntax.self) {
            owner.typealiases[alias.name.text] = .init(syntax: alias.initializer.value, file: file)
            if let generics = alias.genericParameterClause {
                owner.typealiasParameters[alias.name.text] = generics.parameters.map(\.name.text)
            }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            owner.functions[function.name.text, default: []].append(.init(syntax: function, file: file))
        }
    }

    /// The value of a variable: its initializer, or the one expression its getter returns.
    static func singleExpression(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let value = binding.initializer?.value { return value }
        let statements: CodeBlockItemListSyntax?
        switch binding.accessorBlock?.accessors {
        case .getter(let body): statements = body
        case .accessors(let accessors): statements = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: statements = nil
        }
        guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
        if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression }
        return item.as(ExprSyntax.self)
    }

    private func collectMembers(_ block: MemberBlockSyntax, of type: TypeDeclaration, at path: [String], file: SourceFile, isDeclarationBody: Bool) {
        collectMembers(block.members, of: type, at: path, file: file, isDeclarationBody: isDeclarationBody)
    }

    private func collectMembers(_ members: MemberBlockItemListSyntax, of type: TypeDeclaration, at path: [String], file: SourceFile, isDeclarationBody: Bool) {
        for member in members {
            let decl = member.decl
            if let group = decl.as(IfConfigDeclSyntax.self) {
                // Members under `#if` (an initializer for debug builds): the active clause's,
                // or every clause's when the condition is unknown.
                for clause in conditions.clauses(of: group).clauses {
                    if case .decls(let inner)? = clause.elements {
                        collectMembers(inner, of: type, at: path, file: file, isDeclarationBody: isDeclarationBody)
                    }
                }
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                type.initializers.append(.init(syntax: initializer, file: file))
                if isDeclarationBody {
                    type.bodyDeclaresInitializer = true
                    // A class's convenience initializers leave it its superclass's, or its
                    // implicit `init()`; so do an actor's delegating ones, which Swift 6
                    // does not mark (`init(n:) { self.init() }`, checked with swiftc).
                    let isConvenience = initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) })
                    if type.kind == .class, !isConvenience {
                        type.bodyDeclaresDesignatedInitializer = true
                    } else if type.kind == .actor, !isConvenience, !Self.delegates(initializer) {
                        type.bodyDeclaresDesignatedInitializer = true
                    }
                }
            } else if let variable = decl.as(VariableDeclSyntax.self), isDeclarationBody {
                let isStatic = variable.modifiers.declaresTypeMember
                if isStatic, let binding = variable.bindings.first,
                   binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "injectedProperties",
                   let expression = Self.singleExpression(of: binding) {
                    type.injectedPropertiesList = .init(syntax: expression, file: file)
                }
                guard !isStatic else { continue }
                let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
                if variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.sourceText == "Injected" }) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                        type.injectedDeclarations.append((name, binding.typeAnnotation?.type, .init(syntax: binding, file: file)))
                    }
                }
                for binding in variable.bindings where binding.accessorBlock == nil || Self.isObserverOnly(binding.accessorBlock) {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let hasValue = binding.initializer != nil
                    // A `var` with a value is still a parameter of the memberwise
                    // initializer; a `let` with a value is not.
                    type.storedProperties.append(.init(name: name, type: binding.typeAnnotation?.type, isLetWithValue: isLet && hasValue, value: binding.initializer?.value))
                }
            } else {
                collect(decl, in: path, file: file)
            }
        }
    }

    private static func isObserverOnly(_ block: AccessorBlockSyntax?) -> Bool {
        guard case .accessors(let accessors)? = block?.accessors else { return false }
        return accessors.allSatisfy { $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet) }
    }

    /// `Detail.AF` as `["Detail", "AF"]`, generic arguments dropped.
    static func pathComponents(of type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let member = type.as(MemberTypeSyntax.self) { return pathComponents(of: member.baseType) + [member.name.text] }
        return [type.sourceText]
    }
}
