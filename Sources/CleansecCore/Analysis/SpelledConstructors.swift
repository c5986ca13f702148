import CleanseGraph
import InjectableSyntax
import SwiftParser
import SwiftSyntax

/// How cleansec serves ``JustInTimeBindingRule``: a missing key whose type is declared
/// `@Injectable` in the analysed files is described from its declaration, with the macro's
/// own choice of initializer (``InjectableConstructorChoice``) and request rule
/// (``InitializerParameterRequest``), at the type's name as the macro places it.
///
/// A type another target constructs is bound as that target's partial model records it
/// (``ModelConstructor``). A type that may be constructed but whose constructor cannot be
/// read (generic, conforming by hand, with a parameter type the analyzer cannot name, or
/// declared in a target that did not record it) is bound with no requests and noted: its
/// own needs are unread, never reported missing.
final class SpelledConstructors {
    private let declarations: GraphDeclarations
    /// What was said of each key so far (`nil` inside when its type is not constructed).
    private var described: [BindingKey: JustInTimeBindingRule.Construction?] = [:]
    /// The keys bound with their requests unread.
    private(set) var unreadKeys: Set<BindingKey> = []
    /// The notes of the unread ones, each once.
    private(set) var unread: [OpaqueConstruct] = []
    /// Where each binding described is placed, for the diagnostics' positions.
    private(set) var positions: [CleanseGraph.SourceLocation: SourcePosition] = [:]

    init(declarations: GraphDeclarations) {
        self.declarations = declarations
    }

    /// The just-in-time binding of `key`, why its `@Injectable` type is not constructed, or
    /// `nil` when its type does not say it is constructed.
    func construction(of key: BindingKey) -> JustInTimeBindingRule.Construction? {
        if let known = described[key] { return known }
        let construction = describe(key)
        described[key] = .some(construction)
        return construction
    }

    private func describe(_ key: BindingKey) -> JustInTimeBindingRule.Construction? {
        guard key.tag == nil else { return nil }
        let spelling = key.type.spellingOrName
        let path = spelling.split(separator: "<", maxSplits: 1).first.map(String.init) ?? spelling
        guard let declaration = declarations.index.declaration(path), declaration.kind == .class || declaration.kind == .struct else { return nil }
        if declaration.injectableMacro != nil {
            guard path == spelling, let declared = declaration.declaration else {
                return .binding(unreadBinding(key, declaration, because: "the constructor of '\(spelling)' (@Injectable) is not read: \(path == spelling ? "it is declared outside the analysed files" : "it is generic")"))
            }
            return read(key, declaration, declared)
        }
        // A type another target constructs, as that target read it. Where a record names a
        // type two modules name alike (`Feed::Env`), its spelling may mean another type here:
        // unread (below). Other names are the same type in every module that sees them.
        if path == spelling, let recorded = declaration.imported.constructor?.construction(of: key),
           !namesAmbiguousType(recorded.0) {
            positions[recorded.1.location] = recorded.1
            return recorded.0
        }
        // A conformance written by hand (or one another module's model records).
        guard declarations.conforms(path, to: ["ConstructorInjectable"]) else { return nil }
        return .binding(unreadBinding(key, declaration, because: "the constructor of '\(spelling)' (ConstructorInjectable) is not read"))
    }

    /// What a dependent target's partial model records of `declaration` (``ModelConstructor``):
    /// its just-in-time binding as read here, when it is `@Injectable`, not generic, and read
    /// whole, and it names no type two modules or files name alike; `nil` otherwise, and the
    /// dependent notes the type as unread.
    func record(of declaration: TypeDeclaration) -> ModelConstructor? {
        guard declaration.injectableMacro != nil, declaration.genericParameters.isEmpty, declaration.declaration != nil else { return nil }
        let key = BindingKey(type: TypeIdentity(spelling: declaration.path))
        let construction = construction(of: key)
        // Spellings qualified against a collision (`Feed::Env`) would not survive the record.
        guard !unreadKeys.contains(key), !(construction.map(namesAmbiguousType) ?? false) else { return nil }
        let location: CleanseGraph.SourceLocation? = switch construction {
        case .binding(let binding)?: binding.location
        case .unconstructed(let why)?: why.location
        case nil: nil
        }
        return ModelConstructor(construction, at: location.flatMap { positions[$0] })
    }

    /// Whether `construction` spells a type (its key, scope, a request) whose name two
    /// modules or files declare (``DeclarationIndex/alternatives``): such a spelling, written
    /// where one of them was meant, may mean the other where it is read.
    private func namesAmbiguousType(_ construction: JustInTimeBindingRule.Construction) -> Bool {
        let alternatives = declarations.index.alternatives
        guard !alternatives.isEmpty, let binding = construction.binding else { return false }
        var spellings = [binding.key.type, binding.key.tag, binding.scope].compactMap { $0?.spellingOrName }
        for request in binding.dependencies {
            spellings += [request.key.type, request.key.tag, request.requestedType].compactMap { $0?.spellingOrName }
        }
        return spellings.contains { Self.typePaths(in: $0).contains { alternatives[$0] != nil } }
    }

    /// Every dotted name a type's spelling holds, with each of its leading parts:
    /// `Provider<Feed.Env>` gives `Provider`, `Feed` and `Feed.Env`.
    static func typePaths(in spelling: String) -> [String] {
        var paths: [String] = []
        var name = ""
        for character in spelling + " " {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                name.append(character)
                continue
            }
            var prefix = ""
            for part in name.split(separator: ".") {
                prefix = prefix.isEmpty ? String(part) : "\(prefix).\(part)"
                paths.append(prefix)
            }
            name = ""
        }
        return paths
    }

    /// The binding the macro writes for the declaration `declared` of `declaration`.
    private func read(_ key: BindingKey, _ declaration: TypeDeclaration, _ declared: TypeDeclaration.Member<DeclSyntax>) -> JustInTimeBindingRule.Construction {
        let choice: InjectableConstructorChoice
        let name: TokenSyntax
        let attribute: AttributeSyntax?
        let isMainActor: Bool
        if let structure = declared.syntax.as(StructDeclSyntax.self) {
            (choice, _) = InjectableConstructorChoice.of(structure)
            name = structure.name
            attribute = Self.injectable(in: structure.attributes)
            isMainActor = InjectableConstructorChoice.isMainActor(structure)
        } else if let type = declared.syntax.as(ClassDeclSyntax.self), let written = Self.injectable(in: type.attributes) {
            (choice, _) = InjectableConstructorChoice.of(type, attribute: written)
            name = type.name
            attribute = written
            isMainActor = InjectableConstructorChoice.isMainActor(type, attribute: written)
        } else {
            return .binding(unreadBinding(key, declaration, because: "the declaration of '\(declaration.path)' is not one the analyzer reads"))
        }
        let file = declared.file
        let position = file.position(of: Syntax(name))
        positions[position.location] = position
        let parameters: [InjectableConstructorChoice.Parameter]
        switch choice {
        case .initializer(let called): parameters = called
        case .unconstructed(let reason): return .unconstructed(MissingProvider.Unconstructed(reason: reason, location: position.location))
        }
        let reader = ConfigureReader(
            resolver: declarations.resolver.reading(file),
            file: file,
            context: declaration.context,
            binderScope: nil
        )
        var requests: [DependencyRequest] = []
        for parameter in parameters {
            let written = InitializerParameterRequest(parameterType: parameter.type.trimmedDescription).requestedType
            var parser = Parser(written)
            let type = reader.resolver.resolve(TypeSyntax.parse(from: &parser), in: declaration.context)
            guard let request = reader.request(for: type, assistedSeed: nil) else {
                return .binding(unreadBinding(key, declaration, because: "the parameter type '\(written)' of '\(declaration.path)''s initializer cannot be named as the runtime names it"))
            }
            requests.append(request)
        }
        if declared.syntax.is(ClassDeclSyntax.self) {
            switch reader.injectedPropertyRequests(of: .named(declaration.path, [])) {
            case .success(let properties): requests += properties.map(\.request)
            case .failure(let unreadable): return .binding(unreadBinding(key, declaration, because: unreadable.reason))
            }
        }
        var scope: TypeIdentity?
        if let written = attribute?.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label?.text == "scope" })?.expression {
            guard let resolved = reader.resolver.resolve(metatype: written, in: declaration.context), resolved.isKnown else {
                return .binding(unreadBinding(key, declaration, because: "the scope '\(written.trimmedDescription)' of '\(declaration.path)' cannot be named"))
            }
            scope = TypeIdentity(spelling: resolved.description)
        }
        return .binding(BindingModel(
            key: key,
            kind: .injectableConstructor,
            scope: scope,
            location: position.location,
            dependencies: requests,
            effect: isMainActor ? .mainActor : .synchronous
        ))
    }

    /// A binding of `key` with no requests, and its note at the declaration.
    private func unreadBinding(_ key: BindingKey, _ declaration: TypeDeclaration, because reason: String) -> BindingModel {
        unreadKeys.insert(key)
        let position = declaration.declaration.map { $0.file.position(of: $0.syntax) }
        if let position {
            positions[position.location] = position
            unread.append(OpaqueConstruct(position: position, reason: reason, mayBindUnknownKeys: false, kind: .declaredElsewhere))
        }
        return BindingModel(
            key: key,
            kind: .injectableConstructor,
            scope: nil,
            location: position?.location ?? CleanseGraph.SourceLocation(file: declaration.moduleName, line: 0),
            dependencies: []
        )
    }

    /// The `@Injectable` attribute among `attributes`.
    private static func injectable(in attributes: AttributeListSyntax) -> AttributeSyntax? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.attributeName.trimmedDescription == "Injectable" }
    }
}
