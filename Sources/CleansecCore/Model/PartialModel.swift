import CleanseGraph
import SwiftSyntax

/// What one target declares that the graphs of the targets depending on it use: its types
/// (kinds, initializers, functions, typealiases, global actors, the Cleanse protocols they
/// adopt) and its modules and components, with their `configure` bodies already read.
///
/// cleansec writes one with `--emit-model` (or keeps one per dependency in
/// `--model-cache`) and reads it with `--model`, so that a target's graphs are validated
/// without parsing the targets it depends on again. The encoding is deterministic: the same
/// sources give the same bytes.
///
/// ```swift
/// let model = PartialModel(files: coffeeKitFiles, moduleName: "CoffeeKit")
/// let report = Analyzer(files: appFiles, models: [model]).analyze()
/// ```
public struct PartialModel: Codable, Sendable {
    /// The version of this format. A model of another version is made again, never read.
    public static let currentFormat = 22

    /// The format the model was written in.
    public var format: Int
    /// The module (target) the model describes.
    public var moduleName: String
    /// A digest of what the model was made from (``ModelCache``); empty when not cached.
    public var fingerprint: String
    /// The types the target declares or extends, by nesting path (`""` is the top level).
    var types: [ModelType]
    /// Whether the model was read from a compiled module (its symbol graph; since format 9) rather than
    /// from sources: the answers it gives come from the compiler.
    var compiled: Bool? = nil
    /// The modules and single declarations (`Kit.Clock`) the target re-exports with
    /// `@_exported import` (since format 22): a dependent's file that imports the target sees
    /// their names, `Provider` of a re-exported SDK included, as the whole program's would.
    var exportedModules: [String]? = nil
    var exportedDeclarations: [String]? = nil
}

/// One type of a partial model, with the members the target's own files give it.
struct ModelType: Codable, Sendable {
    var path: String
    var kind: TypeDeclaration.Kind
    var moduleName: String
    var globalActor: String?
    var position: SourcePosition?
    /// The Cleanse protocols it adopts: `Module`, `ScopedModule`, `Component`, `RootComponent`.
    var roles: [String]
    var typealiases: [String: SpelledType]
    /// The type's generic parameters, for substituting `Box<String>`'s arguments.
    var genericParameters: [String]?
    var initializers: [CallableSignature]
    var functions: [String: [CallableSignature]]
    var configurable: ModelConfigurable?
    /// Its helpers given a binder, and a generic module's `configure` functions, kept whole
    /// to be read at each call (``ModelFunctionSource``); `nil` when it has none.
    var readAtCall: [ModelFunctionSource]?
    /// The types of its instance properties and of its static (and class) properties, as a
    /// compiled module declares them (read from its symbol graph; since format 11).
    var properties: [String: SpelledType]? = nil
    var staticProperties: [String: SpelledType]? = nil
    /// How the type is bound just in time, for an `@Injectable` type the target read whole
    /// (since format 13): dependents validate its requests, scope and isolation as the whole
    /// program's sources would.
    var constructor: ModelConstructor? = nil
    /// For a protocol the target declares with associated types (since format 18): their
    /// names, and its function requirements, kept whole, so that a dependent infers a
    /// conforming type's associated type from its witness (``TypeResolver/witnessedAssociatedType(_:of:depth:)``)
    /// as it does for a protocol of its own files. `nil` for any other type.
    var associatedTypeNames: [String]? = nil
    var requirements: [ModelFunctionSource]? = nil
    /// The typealiases of a generic type the target declares, as written (since format 18):
    /// `typealias Root = Spec.Screen` of `Flow<Spec>` names another type for each
    /// specialisation, so a dependent resolves it again with its arguments.
    var genericTypealiases: [String: String]? = nil
    /// Whether the type is a global actor (`@globalActor`; since format 20): an attribute
    /// naming it isolates what it marks, in the target and in its dependents.
    var isGlobalActor: Bool? = nil
    /// For a type whose isolation its target could not read (since format 21): the name in
    /// its inheritance clause that no declaration read gives (``TypeDeclaration/isolationUnreadThrough``).
    var isolationUnreadThrough: String? = nil
}

/// A module or component of a partial model, read.
struct ModelConfigurable: Codable, Sendable {
    /// The scope its binder shares in, `nil` for `Unscoped`.
    var scope: SpelledType?
    /// `Root` and `Seed`, resolved.
    var associatedTypes: [String: SpelledType]
    /// The steps of `configure(binder:)`.
    var configure: [ConfigureStep]?
    /// The steps of `configureRoot(binder:)`, binding the root type.
    var configureRoot: [ConfigureStep]?
}

extension PartialModel {
    /// The Cleanse protocols a partial model records.
    static let roles = ["Module", "ScopedModule", "Component", "RootComponent", "ConstructorInjectable"]

    /// The roles of `declaration`: the protocols of ``roles`` it conforms to, and
    /// `ConstructorInjectable` for a type `@Injectable` makes constructible.
    static func roles(of declaration: TypeDeclaration, declarations: GraphDeclarations) -> [String] {
        roles.filter { role in
            if role == "ConstructorInjectable", declaration.injectableMacro != nil,
               declaration.kind == .class || declaration.kind == .struct {
                return true
            }
            return declarations.conforms(declaration.path, to: [role])
        }
    }

    /// The partial model of `files`, the sources of module `moduleName`, whose own
    /// dependencies are described by `models`.
    public init(files: [SourceFile], models: [PartialModel] = [], moduleName: String, fingerprint: String = "", conditions: BuildConditions = .unknown) {
        let index = DeclarationIndex(files: files, models: models, conditions: conditions)
        let declarations = GraphDeclarations(index: index)
        let factories = FactoryReader(resolver: declarations.resolver)
        let constructors = SpelledConstructors(declarations: declarations)
        let paths = Set(files.map(\.path))
        let isHere: (SourceFile) -> Bool = { paths.contains($0.path) }

        let binderTypeNames = declarations.resolver.binderTypeNames
        var types: [ModelType] = []
        for declaration in [index.topLevel] + index.types.values.sorted(by: { $0.path < $1.path }) {
            let declaredHere = declaration.declaration.map { isHere($0.file) } ?? false
            var typealiases = declaration.typealiases.filter { isHere($0.value.file) }
                .mapValues { declarations.resolver.resolve($0.syntax, in: declaration.context) }
            // `Root` of a spec type, fixed by its `configureRoot` witness: dependents see the
            // type, not its functions' syntax.
            if declaredHere {
                typealiases.merge(declarations.resolver.witnessedAssociatedTypes(of: declaration)) { written, _ in written }
            }
            // Private members are not visible from other targets.
            let initializers = factories.initializers(of: declaration, in: isHere, withImported: false).filter { $0.visibleOnlyIn == nil }
            var functions: [String: [CallableSignature]] = [:]
            for name in declaration.functions.keys where name != "configure" && name != "configureRoot" {
                let found = factories.functions(named: name, of: declaration, in: isHere, withImported: false).filter { $0.visibleOnlyIn == nil }
                if !found.isEmpty { functions[name] = found }
            }
            let isModule = declarations.isModule(declaration.path)
            // Generic, or nested in a generic type (`GamesTransformer<T>.Module`): read again
            // with each include's arguments.
            let isGenericModule = declaredHere && isModule && index.isGenericOrNestedInGeneric(declaration.path)
            let readAtCall = declaration.functions.values.joined()
                .filter { isHere($0.file) && ModelFunctionSource.isKept($0, of: declaration, isGenericModule: isGenericModule, isModule: isModule, binderTypeNames: binderTypeNames) }
                .map(ModelFunctionSource.init)
                .sorted { ($0.position, $0.name) < ($1.position, $1.name) }
            guard declaredHere || !typealiases.isEmpty || !initializers.isEmpty || !functions.isEmpty || !readAtCall.isEmpty else { continue }
            let associatedTypeNames = declaredHere ? TypeResolver.associatedTypeNames(declaredBy: declaration).sorted() : []
            let requirements = associatedTypeNames.isEmpty ? [] : declaration.functions.values.joined()
                .filter { isHere($0.file) && $0.syntax.body == nil }
                .map(ModelFunctionSource.init)
                .sorted { ($0.position, $0.name) < ($1.position, $1.name) }

            var configurable: ModelConfigurable?
            if declaredHere, declarations.isModule(declaration.path), let readable = declarations.configurable(declaration.path) {
                var associatedTypes: [String: SpelledType] = [:]
                for name in ["Root", "Seed"] {
                    associatedTypes[name] = declarations.associated(name, of: declaration)
                }
                configurable = ModelConfigurable(
                    scope: readable.scope,
                    associatedTypes: associatedTypes,
                    configure: readable.configure.map { declarations.steps(of: $0, in: readable) },
                    configureRoot: readable.configureRoot.flatMap { body in
                        associatedTypes["Root"].map { declarations.steps(of: body, in: readable, receiptKey: $0) }
                    }
                )
            }
            var genericTypealiases: [String: String] = [:]
            if declaredHere, !declaration.genericParameters.isEmpty {
                for (name, alias) in declaration.typealiases where isHere(alias.file) && declaration.typealiasParameters[name] == nil {
                    genericTypealiases[name] = alias.syntax.sourceText
                }
            }
            types.append(ModelType(
                path: declaration.path,
                kind: declaredHere ? declaration.kind : .extensionOnly,
                moduleName: declaredHere ? declaration.moduleName : moduleName,
                globalActor: declaredHere ? declaration.globalActor : nil,
                position: declaration.declaration.flatMap { isHere($0.file) ? $0.file.position(of: $0.syntax) : nil },
                roles: declaration.path.isEmpty ? [] : Self.roles(of: declaration, declarations: declarations),
                typealiases: typealiases,
                genericParameters: declaredHere && !declaration.genericParameters.isEmpty ? declaration.genericParameters : nil,
                initializers: initializers,
                functions: functions,
                configurable: configurable,
                readAtCall: readAtCall.isEmpty ? nil : readAtCall,
                constructor: declaredHere ? constructors.record(of: declaration) : nil,
                associatedTypeNames: associatedTypeNames.isEmpty ? nil : associatedTypeNames,
                requirements: requirements.isEmpty ? nil : requirements,
                genericTypealiases: genericTypealiases.isEmpty ? nil : genericTypealiases,
                isGlobalActor: declaredHere && declarations.index.isMarkedGlobalActor(declaration) ? true : nil,
                isolationUnreadThrough: declaredHere ? declaration.isolationUnreadThrough : nil
            ))
        }
        self.init(format: Self.currentFormat, moduleName: moduleName, fingerprint: fingerprint, types: types)
        var exports = FileImports()
        for file in files { exports = exports.adding(exportsOf: FileImports(of: file)) }
        exportedModules = exports.modules.isEmpty ? nil : exports.modules.sorted()
        exportedDeclarations = exports.declarations.isEmpty ? nil : exports.declarations.sorted()
    }
}
