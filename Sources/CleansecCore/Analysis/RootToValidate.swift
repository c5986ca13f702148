import CleanseGraph
import SwiftSyntax

/// A root component's model, validated as one `ComponentFactory.of` validates it.
struct ValidatedComponent {
    let model: ComponentModel
    /// `model` as validated: with implicit requests rewritten, if any were.
    let validated: ComponentModel
    let errors: [any CleanseError]
    let warnings: [any CleanseError]
    /// Whether a `ComponentFactory.of` in the files names the root (or it is Cleanse's).
    let isBuiltSomewhere: Bool
}

/// One root component the analysed files declare (or build with overrides), with the
/// `ComponentFactory.of` calls that name it: validated once per distinct way the program
/// builds it (each generic argument list, each set of overrides), as the runtime validates
/// each call.
struct RootToValidate {
    /// One `ComponentFactory.of` naming the root.
    struct Entry {
        let type: SpelledType
        let position: SourcePosition
        let call: FunctionCallExprSyntax
        let context: [String]
        let path: String
    }

    /// The root's nesting path.
    let path: String
    /// Its declaration, when the analysed files hold it (a root declared elsewhere is
    /// validated only with the overrides an analysed file builds it with).
    let declaration: TypeDeclaration.Member<DeclSyntax>?
    /// The calls that build it.
    let entries: [Entry]
    /// Whether it is Cleanse's own (`ModuleComponent`), validated only where built.
    let isBuiltIn: Bool
    /// Whether it has generic parameters.
    let isGeneric: Bool
    private let declarations: GraphDeclarations
    private let primaryPaths: Set<String>

    /// Every `ComponentFactory.of` of the files, by the path of the root it names, resolved
    /// once (a program with many roots would otherwise resolve every call for every root).
    static func entriesByRoot(index: DeclarationIndex, declarations: GraphDeclarations) -> [String: [Entry]] {
        var found: [String: [Entry]] = [:]
        for entry in index.rootEntries {
            guard let type = declarations.resolver.resolve(metatype: entry.component, in: entry.context), let path = type.path else { continue }
            let position = entry.file.position(of: entry.call.leftParen.map { Syntax($0) } ?? Syntax(entry.call))
            found[path, default: []].append(Entry(type: type, position: position, call: entry.call, context: entry.context, path: entry.file.path))
        }
        return found
    }

    init(path: String, declaration: TypeDeclaration.Member<DeclSyntax>?, entries allEntries: [String: [Entry]], index: DeclarationIndex, declarations: GraphDeclarations, primaryPaths: Set<String>) {
        let isBuiltIn = declaration.map { BuiltInComponents.isBuiltIn($0.file.fileID) } ?? false
        self.path = path
        self.declaration = declaration
        self.isBuiltIn = isBuiltIn
        self.isGeneric = index.declaration(path)?.genericParameters.isEmpty == false
        self.declarations = declarations
        self.primaryPaths = primaryPaths
        // Cleanse's own components are validated where the analysed files build them.
        entries = (allEntries[path] ?? []).filter { !isBuiltIn || primaryPaths.contains($0.path) }
    }

    /// The root validated for each way the program builds it; `entry` is where a root no
    /// `ComponentFactory.of` names is entered (its feature installation), else its declaration.
    /// Also a note for a generic root no call gives arguments to.
    func validate(with assembler: ComponentAssembler, constructors: SpelledConstructors, entry: SourcePosition?) -> (components: [ValidatedComponent], unread: [OpaqueConstruct]) {
        var components: [ValidatedComponent] = []
        var unread: [OpaqueConstruct] = []
        // A generic root is validated for each list of arguments a `ComponentFactory.of`
        // gives it (`InboxComponent<Int>`), as the runtime validates each.
        var instances: [(arguments: [SpelledType], entry: SourcePosition)] = []
        if let declaration {
            if isGeneric {
                var seen: Set<String> = []
                for entry in entries {
                    guard case .named(_, let arguments) = entry.type, !arguments.isEmpty, arguments.allSatisfy(\.isKnown),
                          seen.insert(entry.type.description).inserted else { continue }
                    instances.append((arguments, entry.position))
                }
                if instances.isEmpty, !isBuiltIn {
                    unread.append(OpaqueConstruct(
                        position: declaration.file.position(of: declaration.syntax),
                        reason: "generic root component '\(path)' is validated where ComponentFactory.of names its arguments, and no such call names them in the analysed files",
                        mayBindUnknownKeys: false,
                        kind: .source
                    ))
                }
            } else {
                instances = [([], entries.first?.position ?? entry ?? declaration.file.position(of: declaration.syntax))]
            }
        } else {
            // Declared in another target: validated where the analysed files build it without
            // overrides (those with overrides are validated below, with them).
            var seen: Set<String> = []
            for entry in entries where primaryPaths.contains(entry.path) && Analyzer.overrideModules(of: entry.call, in: entry.context, resolver: declarations.resolver) == nil {
                guard case .named(_, let arguments) = entry.type, arguments.allSatisfy(\.isKnown),
                      seen.insert(entry.type.description).inserted else { continue }
                instances.append((arguments, entry.position))
            }
        }
        // Each instance is validated once, at its first call; the others enter it alike.
        for instance in instances {
            assembler.noteEntries(entries.filter { isGeneric ? $0.type.description == SpelledType.named(path, instance.arguments).description : true }.map(\.position))
        }
        for instance in instances {
            guard let model = assembler.assemble(root: path, entry: instance.entry, arguments: instance.arguments) else { continue }
            let (errors, warnings, validated) = Analyzer.validate(model, openComponents: assembler.openComponents, constructors: constructors)
            components.append(ValidatedComponent(model: model, validated: validated, errors: errors, warnings: warnings, isBuiltSomewhere: !entries.isEmpty || isBuiltIn))
        }
        // Each `ComponentFactory.of(_:overrides:)` of the root (tests with their fakes) is
        // validated as it builds: overrides applied, at its own entry.
        var seenOverrides: Set<String> = []
        for entry in entries where !isBuiltIn && primaryPaths.contains(entry.path) {
            // A scope's override one graph does not use is not an error (the scope may make
            // several graphs), as at run time; one the call names itself is. So the same
            // modules from a scope and from a call are two ways of building.
            guard let (overrides, scoped) = Analyzer.overrideModules(of: entry.call, in: entry.context, resolver: declarations.resolver),
                  seenOverrides.insert(([entry.type] + overrides).map { $0?.description ?? "?" }.joined(separator: ",") + " scoped \(scoped)").inserted
            else { continue }
            let arguments: [SpelledType]
            if case .named(_, let named) = entry.type { arguments = named } else { arguments = [] }
            guard var model = assembler.assemble(root: path, entry: entry.position, arguments: arguments) else { continue }
            let (bindings, scopedCount) = assembler.overrideBindings(overrides, scoped: scoped, of: model.type, entry: entry.position)
            let replacements = SpelledOverrides(bindings)
            replacements.noteUsed(Set(bindings.prefix(scopedCount).map(\.key)).subtracting(bindings.dropFirst(scopedCount).map(\.key)))
            replacements.apply(to: &model)
            let (errors, warnings, validated) = Analyzer.validate(model, openComponents: assembler.openComponents, constructors: constructors, overrides: replacements)
            // The features the root installs are validated with the overrides too, as the
            // runtime validates them within this call.
            let (features, allFeaturesRead) = Self.features(installedBy: model, with: replacements, assembler: assembler, constructors: constructors, entry: entry.position)
            // An override may be used in a feature cleansec could not validate with it: then
            // it never reports one unused.
            let overrideErrors = replacements.errors(bound: model.keysInTree, component: model.type).filter { allFeaturesRead || !($0 is UnusedOverride) }
            components.append(ValidatedComponent(model: model, validated: validated, errors: overrideErrors + errors, warnings: warnings, isBuiltSomewhere: true))
            components += features
        }
        return (components, unread)
    }

    /// Each feature `root`'s tree installs, and those they install in turn, validated with
    /// `overrides` applied, entered where first installed; and whether every one was read. A
    /// generic feature is left to its own validation (not read here).
    private static func features(
        installedBy root: ComponentModel, with overrides: SpelledOverrides, assembler: ComponentAssembler, constructors: SpelledConstructors, entry: SourcePosition
    ) -> (components: [ValidatedComponent], allRead: Bool) {
        var found: [ValidatedComponent] = []
        var allRead = true
        var seen: Set<String> = [root.type.spellingOrName]
        var pending = ComponentAssembler.installedFeatures(of: root)
        while !pending.isEmpty {
            let feature = pending.removeFirst()
            guard seen.insert(feature).inserted else { continue }
            guard !feature.contains("<"), var model = assembler.assemble(root: feature, entry: assembler.featureInstallations[feature] ?? entry) else {
                allRead = false
                continue
            }
            overrides.apply(to: &model, handedIn: model.bindings.first { $0.kind == .seed }?.key)
            let (errors, warnings, validated) = Analyzer.validate(model, openComponents: assembler.openComponents, constructors: constructors, overrides: overrides)
            found.append(ValidatedComponent(model: model, validated: validated, errors: errors, warnings: warnings, isBuiltSomewhere: true))
            pending += ComponentAssembler.installedFeatures(of: model)
        }
        return (found, allRead)
    }
}
