import CleanseGraph
import SwiftSyntax

/// Names a type written in source as the runtime names it, using what the declaration
/// index knows: nesting, typealiases, module qualifiers, sugar.
struct TypeResolver {
    let index: DeclarationIndex
    /// Arguments for the generic parameters of the declarations being read (keyed by
    /// `SpelledType.parameterKey`): `S` inside `ServiceModule<S>` read for
    /// `ServiceModule<Github>`.
    var substitutions: [String: SpelledType] = [:]
    /// Names that stand for a type wherever they appear, before any declaration: the
    /// parameters of a generic typealias or function being read.
    var localNames: [String: SpelledType] = [:]
    /// The modules the file being read sees (its imports and its own), which choose among
    /// types several modules name alike (``DeclarationIndex/alternatives``); `nil` when no
    /// file is being read.
    var visibleModules: Set<String>?
    /// The file being read, which decides whose type a name of Cleanse's means
    /// (``rivalOfCleanse(_:declaredBy:arguments:in:)``); `nil` when none is.
    var readingFile: SourceFile?

    /// The qualifier of a Cleanse request wrapper or binder written `Cleanse.Name` where the
    /// program declares a type `Name` of its own, and of Cleanse's binder types in the index
    /// (``DeclarationIndex``: `Cleanse::Binder`, whose extensions hold binder helpers).
    static let cleanseQualifier = BuiltInComponents.moduleName + "::"

    /// `path` without the qualifier of a Cleanse type written beside the program's own type
    /// of its name (`Cleanse::Provider` is `Provider`).
    static func withoutCleanseQualifier(_ path: String) -> String {
        path.hasPrefix(cleanseQualifier) ? String(path.dropFirst(cleanseQualifier.count)) : path
    }

    /// Cleanse's generic types a program or another module may declare a type of the same
    /// name beside: its request wrappers, `Assisted`, and its keys (`Factory<AF>`…).
    private static let rivalledNames: Set<String> = BuiltInNames.rivalledTypeNames

    /// What `name<arguments>`, written at `context`, means where module `module` (not
    /// Cleanse) declares a type `name` and Cleanse one too (`Provider`, `Factory`): for the
    /// file being read (else the one declaring `context`; else the declaration, as the only
    /// one known), its own module's type or the type of a module it sees; then a type of its
    /// own, `Module::name` (printed `name`), which no rule takes for Cleanse's wrapper or key,
    /// in this target or a dependent. Where the file sees neither, Cleanse's: `name`.
    private func rivalOfCleanse(_ name: String, declaredBy module: String, arguments: [SpelledType], in context: [String]) -> SpelledType {
        let qualified = SpelledType.named(module + "::" + name, arguments)
        guard let file = readingFile ?? index.file(ofDeclarationAt: context) else { return qualified }
        return module == file.moduleName || index.sees(module, declaring: name, from: file) ? qualified : .named(name, arguments)
    }

    /// Cleanse's request wrappers, which a program may write `Cleanse.Name` beside its own.
    /// Cleanse's types whose name `Cleanse.Name` qualifies as `Cleanse::Name` beside a type
    /// of the program's named alike: its request wrappers and binders (requests and binder
    /// types, never keys, which must be spelled as the runtime prints them).
    private static let qualifiedNames: Set<String> = BuiltInNames.rivalledTypeNames.subtracting(BuiltInNames.genericKeyTypes)
        .union(ConfigureReader.binderExtensionNames)

    /// What `Cleanse.name<arguments>` means: `Cleanse::Provider` (printed `Provider`) beside
    /// the program's own `Provider` or `Binder`, and `Cleanse.Factory<AF>` Cleanse's key,
    /// spelled as the runtime prints it; `nil` where the name is read as written.
    private func cleanseType(_ name: String, arguments: [SpelledType]) -> SpelledType? {
        if BuiltInNames.genericKeyTypes.contains(name) {
            return arguments.count == 1 ? .named(name, arguments) : nil
        }
        guard Self.qualifiedNames.contains(name), let own = index.declaration(name), own.kind != .extensionOnly,
              own.moduleName != BuiltInComponents.moduleName else { return nil }
        return .named(Self.cleanseQualifier + name, arguments)
    }

    /// The names of binder types, whose extensions hold binder helpers and whose values
    /// helpers are given: Cleanse's (``ConfigureReader/binderExtensionNames``, indexed as
    /// `Cleanse::Binder` beside any type of the program's named alike), and the
    /// program's top-level typealiases of one, which Swift lets an app extend
    /// (`typealias AppBinder = Binder<Singleton>`, then `extension AppBinder { … }`).
    var binderTypeNames: [String] { index.binderTypeNames }

    /// ``binderTypeNames`` as `index` declares them, resolved once when it is made.
    static func binderTypeNames(in index: DeclarationIndex) -> [String] {
        let resolver = TypeResolver(index: index)
        let topLevel = index.topLevel
        var aliases: [(name: String, type: SpelledType, moduleName: String?)] = topLevel.typealiases.map {
            ($0.key, resolver.reading($0.value.file).resolve($0.value.syntax, in: []), $0.value.file.moduleName)
        }
        aliases += topLevel.imported.typealiases.map { ($0.key, $0.value, nil) }
        let binderAliases = aliases.compactMap { alias -> String? in
            guard let path = alias.type.path, let name = cleanseBinderName(path),
                  path != name || !(alias.moduleName.map { index.declaresOwnType(path, inModule: $0) } ?? false) else { return nil }
            return alias.name
        }
        return ConfigureReader.binderExtensionNames.map { cleanseQualifier + $0 } + binderAliases.sorted()
    }

    /// The name of Cleanse's binder type `path` resolves to (`Binder` for `Binder` or
    /// `Cleanse::Binder`), or `nil` for another type.
    static func cleanseBinderName(_ path: String) -> String? {
        let name = withoutCleanseQualifier(path)
        return ConfigureReader.binderExtensionNames.contains(name) ? name : nil
    }

    /// The same resolver, reading `file`.
    func reading(_ file: SourceFile) -> TypeResolver {
        var copy = self
        copy.visibleModules = index.visibleModules(of: file)
        copy.readingFile = file
        return copy
    }

    /// The path of the type `path` means to the file being read, or else to the file that
    /// declares the type at `context`: the declaration of the module it imports, or its own
    /// private one, when several modules or files declare one.
    private func visible(_ path: String, from context: [String]) -> String {
        guard !index.alternatives.isEmpty, let choices = index.alternatives[path],
              let visibleModules = visibleModules ?? index.visibleModules(ofDeclarationAt: context) else { return path }
        let file = readingFile ?? index.file(ofDeclarationAt: context)
        var seen = choices.filter { visibleModules.contains($0.key) }
        if let file {
            // `import struct Kit.Clock` makes Kit's `Clock` visible, not its `Env`.
            let topLevel = String(path.prefix { $0 != "." })
            seen = seen.filter { $0.key.hasPrefix("file:") || $0.key == file.moduleName || index.sees($0.key, declaring: topLevel, from: file) }
        }
        if seen.count == 1 { return seen.first?.value ?? path }
        // A file's own private type shadows the others it sees, and its module's own type
        // those of the modules it imports.
        let own = seen.filter { $0.key.hasPrefix("file:") }
        if own.count == 1, let only = own.first { return only.value }
        if let module = file?.moduleName, let mine = seen[module] { return mine }
        return path
    }

    /// The same resolver, with `substitutions` added.
    func substituting(_ more: [String: SpelledType]) -> TypeResolver {
        var copy = self
        copy.substitutions.merge(more) { _, new in new }
        return copy
    }

    /// The same resolver, where the generic parameters `names` of function `owner` name
    /// themselves (types the analyzer cannot name until the call fixes them).
    func withGenericParameters(_ names: [String], of owner: String) -> TypeResolver {
        guard !names.isEmpty else { return self }
        var copy = self
        for name in names { copy.localNames[name] = .parameter(owner: owner, name: name) }
        return copy
    }

    /// Resolves `type`, written inside the type whose nesting path is `context`.
    func resolve(_ type: TypeSyntax, in context: [String], depth: Int = 0) -> SpelledType {
        guard depth < 16 else { return .unknown(type.sourceText) }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { argument -> SpelledType? in
                guard case .type(let argumentType) = argument.argument else { return nil }
                return resolve(argumentType, in: context, depth: depth + 1)
            } ?? []
            return named(identifier.name.text, arguments: arguments, in: context, depth: depth)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let arguments = member.genericArgumentClause?.arguments.compactMap { argument -> SpelledType? in
                guard case .type(let argumentType) = argument.argument else { return nil }
                return resolve(argumentType, in: context, depth: depth + 1)
            } ?? []
            // `Swift.Int`, `CoffeeShop.Heater`: a module qualifier is dropped.
            if let base = member.baseType.as(IdentifierTypeSyntax.self), index.moduleNames.contains(base.name.text),
               index.declaration(base.name.text) == nil {
                // `Feed.Env`, when another module declares an `Env` too.
                if let qualified = index.alternatives[member.name.text]?[base.name.text] {
                    return .named(qualified, arguments)
                }
                if base.name.text == BuiltInComponents.moduleName, let cleanses = cleanseType(member.name.text, arguments: arguments) {
                    return cleanses
                }
                return named(member.name.text, arguments: arguments, in: [], depth: depth)
            }
            let base = resolve(member.baseType, in: context, depth: depth + 1)
            guard let basePath = base.path else { return .unknown(type.sourceText) }
            return nested(member.name.text, arguments: arguments, of: base, at: basePath, depth: depth)
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return .named("Optional", [resolve(optional.wrappedType, in: context, depth: depth + 1)])
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .named("Optional", [resolve(unwrapped.wrappedType, in: context, depth: depth + 1)])
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return .named("Array", [resolve(array.element, in: context, depth: depth + 1)])
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return .named("Dictionary", [resolve(dictionary.key, in: context, depth: depth + 1), resolve(dictionary.value, in: context, depth: depth + 1)])
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            let elements = tuple.elements.map { element -> SpelledType in
                let type = resolve(element.type, in: context, depth: depth + 1)
                guard tuple.elements.count > 1, let label = element.firstName, label.tokenKind != .wildcard else { return type }
                return .labeled(label.text, type)
            }
            return elements.count == 1 ? elements[0] : .tuple(elements)
        }
        if let function = type.as(FunctionTypeSyntax.self) {
            var effects: [String] = []
            if function.effectSpecifiers?.asyncSpecifier != nil { effects.append("async") }
            if function.effectSpecifiers?.throwsClause != nil { effects.append("throws") }
            return .function(
                function.parameters.map { resolve($0.type, in: context, depth: depth + 1) },
                effects: effects.joined(separator: " "),
                result: resolve(function.returnClause.type, in: context, depth: depth + 1)
            )
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            // `@escaping`, `sending`, `inout`: the runtime type is the same. `@Sendable` and
            // `@MainActor` make another function type (`@MainActor @Sendable () -> ()` at run
            // time); any other attribute (`@convention(c)`, another global actor) is not read.
            let base = resolve(attributed.baseType, in: context, depth: depth + 1)
            guard case .function(let parameters, let effects, let result) = base else { return base }
            var marks: [String] = []
            for element in attributed.attributes {
                guard case .attribute(let attribute) = element else { return .unknown(type.sourceText) }
                switch attribute.attributeName.trimmedDescription {
                case "escaping", "autoclosure": continue
                case "Sendable": marks.append("@Sendable")
                case "MainActor": marks.insert("@MainActor", at: 0)
                default: return .unknown(type.sourceText)
                }
            }
            return .function(parameters, effects: (marks + (effects.isEmpty ? [] : [effects])).joined(separator: " "), result: result)
        }
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            // `any P` prints as `P`; `some P` is a type the analyzer cannot name.
            if some.someOrAnySpecifier.tokenKind == .keyword(.any) {
                return resolve(some.constraint, in: context, depth: depth + 1)
            }
            return .unknown(type.sourceText)
        }
        return .unknown(type.sourceText)
    }

    /// The type `name` declared inside `base` (whose path is `basePath`). Inside a
    /// specialised generic type (`GamesTransformer<GameTransformer>.Module`) a nested type
    /// keeps its parent's arguments, which the runtime prints and its members see.
    private func nested(_ name: String, arguments: [SpelledType], of base: SpelledType, at basePath: String, depth: Int) -> SpelledType {
        let context = basePath.split(separator: ".").map(String.init)
        guard base.hasArguments else { return named(name, arguments: arguments, in: context, depth: depth, onlyInside: true) }
        // Read with the base's arguments: a typealias of it names them.
        let found = substituting(substitution(of: base)).named(name, arguments: arguments, in: context, depth: depth, onlyInside: true)
        if case .named(let path, let own) = found, path == basePath + "." + name,
           let declaration = index.declaration(path), declaration.kind != .extensionOnly {
            // A generic member written without its own arguments: inferred, not read.
            if own.isEmpty, !declaration.genericParameters.isEmpty { return .unknown("\(base).\(name)") }
            return .member(base, name, own)
        }
        // Another type the member names (a typealias of a whole type), or unknown: a type of
        // the base's named without its arguments would be a wrong key.
        if found.isKnown, found.path.map({ !$0.hasPrefix(basePath + ".") }) ?? true { return found }
        return .unknown("\(base).\(name)")
    }

    /// What a specialised type gives the generic parameters its members see: its arguments,
    /// and those of the types it is nested in (`GamesTransformer<GameTransformer>.Module`
    /// gives `GameTransformer` for `GamesTransformer`'s `GameMapper`).
    func substitution(of type: SpelledType) -> [String: SpelledType] {
        var result: [String: SpelledType] = [:]
        var own: [SpelledType] = []
        switch type {
        case .named(_, let arguments): own = arguments
        case .member(let parent, _, let arguments):
            result = substitution(of: parent)
            own = arguments
        default: return [:]
        }
        if let path = type.path, let declaration = index.declaration(path) {
            result.merge(SpelledType.substitution(owner: path, parameters: declaration.genericParameters, arguments: own)) { _, specialised in specialised }
        }
        return result
    }

    /// The type at `path`, found by looking a name up from `context` (inside every type
    /// `path` is nested in), as the runtime names it when it is generic or nested in a
    /// generic type: inside such a type a bare name means it with its own parameters
    /// (`Config` inside `Repo<T>` is `Repo<T>.Config`, `ListMapper` inside
    /// `ListMapper<Element>` is `ListMapper<Element>`), each given its argument where one is
    /// substituted (a parameter left is unknown: unread, never a wrong key). `nil` when no
    /// generic type is involved.
    private func inGenericContext(_ declaration: TypeDeclaration, path: String, arguments: [SpelledType], context: [String]) -> SpelledType? {
        let parts = declaration.context
        let isBareGeneric = arguments.isEmpty && !declaration.genericParameters.isEmpty && context.starts(with: parts)
        // The enclosing types (a top-level type has none: no look-up on the common path).
        let isInGeneric = path.utf8.lastIndex(of: UInt8(ascii: ".")).map { index.isGenericOrNestedInGeneric(String(path[..<$0])) } ?? false
        guard isBareGeneric || isInGeneric else { return nil }
        // A generic type in a generic one, its own arguments left to inference: unread.
        if !isBareGeneric, arguments.isEmpty, !declaration.genericParameters.isEmpty { return .unknown(path) }
        // A name two modules declare is qualified by `visible`; not with generic arguments.
        if index.alternatives[path] != nil { return .unknown(path) }
        func parameters(of declaration: TypeDeclaration?, at owner: String) -> [SpelledType] {
            (declaration?.genericParameters ?? []).map { substitutions[SpelledType.parameterKey(owner: owner, name: $0)] ?? .parameter(owner: owner, name: $0) }
        }
        var result: SpelledType?
        var prefix = ""
        for (position, part) in parts.enumerated() {
            prefix = prefix.isEmpty ? part : prefix + "." + part
            let isLast = position == parts.count - 1
            let own = !isLast ? parameters(of: index.declaration(prefix), at: prefix) : isBareGeneric ? parameters(of: declaration, at: prefix) : arguments
            if let parent = result, parent.hasArguments {
                result = .member(parent, part, own)
            } else {
                result = .named(prefix, own)
            }
        }
        return result
    }

    /// Resolves the name `name` looked up from `context` outwards (or only inside it).
    private func named(_ name: String, arguments: [SpelledType], in context: [String], depth: Int, onlyInside: Bool = false) -> SpelledType {
        if name == "Self", !context.isEmpty, !onlyInside {
            // Inside a generic type (or one nested in it), `Self` has its parameters, as a
            // bare name of it does: one spelling for one type.
            let path = context.joined(separator: ".")
            if arguments.isEmpty, let declaration = index.declaration(path), declaration.kind != .protocol, declaration.kind != .extensionOnly,
               let generic = inGenericContext(declaration, path: path, arguments: [], context: context) {
                return generic
            }
            return .named(path, arguments)
        }
        if name == "Void", arguments.isEmpty { return .void }
        if !onlyInside, arguments.isEmpty, let local = localNames[name] { return local }
        var prefix = context
        // The enclosing path, shortened one component per level (no joins in the loop: a
        // graph resolves tens of thousands of names).
        var ownerPath = context.joined(separator: ".")
        while true {
            let path = ownerPath.isEmpty ? name : ownerPath + "." + name
            if let declaration = index.declaration(path), declaration.kind != .extensionOnly {
                if !onlyInside, let generic = inGenericContext(declaration, path: path, arguments: arguments, context: context) { return generic }
                let chosen = visible(path, from: context)
                // (Cleanse's wrappers and keys take one argument: a type of another arity
                // is never taken for one, and keeps its plain path.)
                if chosen == name, arguments.count == 1, declaration.moduleName != BuiltInComponents.moduleName, Self.rivalledNames.contains(name) {
                    return rivalOfCleanse(name, declaredBy: declaration.moduleName, arguments: arguments, in: context)
                }
                return .named(chosen, arguments)
            }
            let owner = prefix.isEmpty ? index.topLevel : index.declaration(ownerPath)
            if !onlyInside, arguments.isEmpty, let owner, owner.genericParameters.contains(name) {
                // A generic parameter of an enclosing type: its argument, when known.
                return substitutions[SpelledType.parameterKey(owner: ownerPath, name: name)] ?? .parameter(owner: ownerPath, name: name)
            }
            if let alias = owner?.typealiases[name] {
                // The alias names what its own file's imports make of its body.
                let aliasFile = readingFile?.path == alias.file.path ? self : reading(alias.file)
                guard let parameters = owner?.typealiasParameters[name] else {
                    return aliasFile.resolve(alias.syntax, in: prefix, depth: depth + 1)
                }
                // `Pair<Double>` for `typealias Pair<T> = (T, T)`: the alias with its
                // arguments in place of its parameters.
                var inner = aliasFile
                for (position, parameter) in parameters.enumerated() {
                    inner.localNames[parameter] = position < arguments.count ? arguments[position] : .parameter(owner: path, name: parameter)
                }
                return inner.resolve(alias.syntax, in: prefix, depth: depth + 1)
            }
            if let imported = owner?.imported.typealiases[name] {
                // A compiled module's generic typealias is read without its parameters.
                guard arguments.isEmpty else { return .unknown((context + [name]).joined(separator: ".")) }
                return expandingImportedAliases(imported, depth: depth + 1)
            }
            // `HomeSpec.Root`, where `HomeSpec` declares no `Root` but a witness fixes it; when
            // none does, an associated type the analyzer cannot name (never `HomeSpec.Root`).
            if onlyInside, arguments.isEmpty, let owner, index.associatedTypeNames.contains(name), owner.kind != .extensionOnly {
                return witnessedAssociatedType(name, of: owner, depth: depth + 1) ?? .unknown(ownerPath + "." + name)
            }
            if prefix.isEmpty || onlyInside { break }
            prefix.removeLast()
            ownerPath = ownerPath.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(ownerPath[..<$0]) } ?? ""
        }
        if onlyInside { return .named((context + [name]).joined(separator: "."), arguments) }
        return .named(name, arguments)
    }

    /// A compiled module's typealias target with the typealiases it names expanded, as the
    /// runtime names the type: a symbol graph spells `HTTPDecoder<HTTPClientResponsePart, …>`
    /// with its module's own aliases.
    private func expandingImportedAliases(_ type: SpelledType, depth: Int) -> SpelledType {
        guard depth < 16 else { return .unknown(type.description) }
        switch type {
        case .named(let path, let arguments):
            let expanded = arguments.map { expandingImportedAliases($0, depth: depth + 1) }
            if index.declaration(path).map({ $0.kind != .extensionOnly }) != true {
                let separator = path.utf8.lastIndex(of: UInt8(ascii: "."))
                let ownerPath = separator.map { String(path[..<$0]) } ?? ""
                let name = separator.map { String(path[path.index(after: $0)...]) } ?? path
                if let alias = (ownerPath.isEmpty ? index.topLevel : index.declaration(ownerPath))?.imported.typealiases[name] {
                    return expanded.isEmpty ? expandingImportedAliases(alias, depth: depth + 1) : .unknown(type.description)
                }
            }
            return .named(path, expanded)
        case .member(let parent, let name, let arguments):
            return .member(expandingImportedAliases(parent, depth: depth + 1), name, arguments.map { expandingImportedAliases($0, depth: depth + 1) })
        case .tuple(let elements):
            return .tuple(elements.map { expandingImportedAliases($0, depth: depth + 1) })
        case .labeled(let label, let element):
            return .labeled(label, expandingImportedAliases(element, depth: depth + 1))
        case .function(let parameters, let effects, let result):
            return .function(parameters.map { expandingImportedAliases($0, depth: depth + 1) }, effects: effects, result: expandingImportedAliases(result, depth: depth + 1))
        case .parameter, .unknown:
            return type
        }
    }

    /// Resolves an expression that names a type (`Heater`, `Detail.AF`, `[Int]`), written
    /// inside the type at `context`. Plain names and member paths are resolved directly;
    /// anything else is parsed again as a type.
    func resolve(typeExpression expression: ExprSyntax, in context: [String]) -> SpelledType? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return named(reference.baseName.text, arguments: [], in: context, depth: 0)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil, let base = member.base {
            if let module = base.as(DeclReferenceExprSyntax.self)?.baseName.text, index.moduleNames.contains(module), index.declaration(module) == nil {
                return named(member.declName.baseName.text, arguments: [], in: [], depth: 0)
            }
            guard let baseType = resolve(typeExpression: base, in: context), let basePath = baseType.path else { return nil }
            return nested(member.declName.baseName.text, arguments: [], of: baseType, at: basePath, depth: 0)
        }
        return FactoryReader.typeSyntax(of: expression).map { resolve($0, in: context) }
    }

    /// The type `X` of an `X.self` argument.
    func resolve(metatype expression: ExprSyntax, in context: [String]) -> SpelledType? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base
        else { return nil }
        return resolve(typeExpression: base, in: context)
    }

    /// The typealias `name` declared in the type at `path` (`AF.Seed`), resolved.
    func associatedType(_ name: String, of path: String) -> SpelledType? {
        guard let declaration = index.declaration(path) else { return nil }
        if let alias = declaration.typealiases[name] {
            return reading(alias.file).resolve(alias.syntax, in: declaration.context)
        }
        return declaration.imported.typealiases[name] ?? witnessedAssociatedType(name, of: declaration)
    }

    /// Whether values of `type` are not single class references, as the runtime's
    /// `ScopedValue.isReference` tells apart: structs, enums, tuples and functions, from
    /// what the index declares or the standard library and Cleanse are known to declare.
    /// A type it cannot tell (a protocol, a type from elsewhere) counts as a class, so that
    /// `SelfRetainingValue` is never reported on a guess.
    func isValueType(_ type: SpelledType) -> Bool {
        switch type {
        case .tuple, .function:
            return true
        case .labeled(_, let element):
            return isValueType(element)
        case .parameter, .unknown:
            return false
        case .named(let path, _):
            if let kind = index.declaration(path)?.kind, kind != .extensionOnly {
                return kind == .struct || kind == .enum
            }
            return Self.knownValueTypes.contains(path)
        case .member:
            let kind = type.path.flatMap { index.declaration($0)?.kind }
            return kind == .struct || kind == .enum
        }
    }

    /// Value types of the standard library, Foundation and Cleanse that bindings often use.
    static let knownValueTypes: Set<String> = Set(RequestWrapper.allCases.map(\.rawValue)).union([
        "Array", "Dictionary", "Set", "Optional", "Result", "String", "Substring", "Character",
        "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "Decimal", "TimeInterval",
    ]).union(StandardLibraryMembers.integerTypes).union([BuiltInNames.assistedFactory, BuiltInNames.componentFactory] + BuiltInNames.propertyInjectors)
}

extension TypeResolver {
    /// The identity of the resolved type `type`, as the runtime's: its spelling, marked
    /// existential when it names a protocol the analysed files or compiled models declare
    /// (so that a fix writes `(any Heater).self`, as the runtime's does).
    func identity(of type: SpelledType) -> TypeIdentity {
        TypeIdentity(spelling: type.description, isExistential: names(protocol: type))
    }

    /// Whether `type` is a protocol's name, as declared.
    private func names(protocol type: SpelledType) -> Bool {
        guard case .named(let path, let arguments) = type, arguments.isEmpty else { return false }
        return index.declaration(path)?.kind == .protocol
    }
}
