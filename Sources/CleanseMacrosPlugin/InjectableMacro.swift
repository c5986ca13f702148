import InjectableSyntax
import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Injectable`: the `PropertyInjectable` conformance of a class, from its `@Injected`
/// stored properties, and the `ConstructorInjectable` conformance of a class or struct
/// whose initializer the graph can call (see `InjectableConstructorSyntax`).
struct InjectableMacro: MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let constructs = protocols.contains { isConstructorInjectable($0) }
        if let structure = declaration.as(StructDeclSyntax.self) {
            if let injected = structure.memberBlock.members.first(where: { isInjected($0.decl) }) {
                context.diagnose(Diagnostic(node: Syntax(injected), message: InjectableMessage.injectedInStruct))
            }
            return constructs ? [InjectableConstructorSyntax(structure, attribute: node, in: context).member] : []
        }
        guard let type = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.notAClass))
            return []
        }
        // Written whenever the conformance is added (not for a subclass of a conforming class).
        let injectsProperties = type.memberBlock.members.contains { isInjected($0.decl) }
        let constructor = constructs ? [InjectableConstructorSyntax(type, attribute: node, injectsProperties: injectsProperties, in: context).member] : []
        let className = type.name.text
        let isMainActor = isFlagSet("mainActor", in: node)
        if hasLabel("mainActor", in: node), !isMainActor {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.mainActorFalse))
            return []
        }
        if !isMainActor, looksMainActorIsolated(type) {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.mainActorClass))
            return []
        }
        // Isolation comes from `@MainActor` or a superclass; with neither in sight, the class
        // is surely not isolated there. The macro cannot tell a superclass from a protocol, so
        // any inheritance clause silences the warning.
        if isMainActor, type.inheritanceClause == nil, !MainActorIsolation.isMarked(type.attributes) {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableWarning.mainActorOnUnisolatedClass))
        }
        let factory = isMainActor ? "mainActorProperty" : "property"
        var entries: [String] = []
        for member in declaration.memberBlock.members {
            guard isInjected(member.decl), let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
                context.diagnose(Diagnostic(node: Syntax(variable), message: InjectableMessage.staticProperty))
                continue
            }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let location = context.location(of: binding, at: .afterLeadingTrivia, filePathMode: .fileID)
                let file = location?.file.description ?? "#fileID"
                let line = location?.line.description ?? "#line"
                let column = location?.column.description ?? "#column"
                guard let type = binding.typeAnnotation?.type.trimmedDescription else {
                    context.diagnose(Diagnostic(node: Syntax(binding), message: InjectableMessage.untypedProperty))
                    continue
                }
                // The assignment is written here, in the class's own code: no key path.
                entries.append(
                    ".\(factory)(named: \"\(name)\", file: \(file), line: \(line), column: \(column)) { (object: \(className), value: \(type)) in object.\(name) = value }"
                )
            }
        }
        let list = "[" + entries.joined(separator: ", ") + "]"
        // A main-actor class's list is read from anywhere (the binder runs on any thread);
        // only its assignments are isolated.
        let isolation = isMainActor ? "nonisolated " : ""
        let isFinal = type.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        // The list satisfies a requirement of a public protocol: a public or package class's
        // must be as visible as the class, and an open class's open, so that subclasses in
        // other modules (`@Injectable(subclass: true)`) can override it.
        let access = GeneratedAccessLevel.keyword(for: type.modifiers, overridable: !isFinal)
        let prefix = access + isolation
        if isFlagSet("subclass", in: node) {
            return ["\(raw: prefix)override class var injectedProperties: [InjectedProperty] { super.injectedProperties + \(raw: list) }"] + constructor
        }
        return [isFinal
            ? "\(raw: prefix)static var injectedProperties: [InjectedProperty] { \(raw: list) }"
            : "\(raw: prefix)class var injectedProperties: [InjectedProperty] { \(raw: list) }"] + constructor
    }

    /// Whether `decl` is a property marked `@Injected`.
    static func isInjected(_ decl: DeclSyntax) -> Bool {
        decl.as(VariableDeclSyntax.self)?.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Injected" } ?? false
    }

    /// Whether the class's members are isolated to the main actor as far as its declaration
    /// shows (see `MainActorIsolation`).
    static func looksMainActorIsolated(_ type: ClassDeclSyntax) -> Bool {
        MainActorIsolation.looksIsolated(type)
    }

    /// Whether the attribute has an argument labelled `label`.
    static func hasLabel(_ label: String, in node: AttributeSyntax) -> Bool {
        node.arguments?.as(LabeledExprListSyntax.self)?.contains { $0.label?.text == label } ?? false
    }

    /// Whether the attribute passes `true` for the argument labelled `label`.
    static func isFlagSet(_ label: String, in node: AttributeSyntax) -> Bool {
        node.arguments?.as(LabeledExprListSyntax.self)?.contains { argument in
            argument.label?.text == label && argument.expression.trimmedDescription == "true"
        } ?? false
    }

    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // `protocols` lists only what the type does not conform to yet: a subclass of a
        // conforming class conforms already. Every one listed is written: a conformance
        // declared and not written crashes the compiler (swiftc 6.3) on a subclass.
        let conformances: [TypeSyntax]
        if declaration.is(StructDeclSyntax.self) {
            conformances = protocols.filter { isConstructorInjectable($0) }
        } else if declaration.is(ClassDeclSyntax.self) {
            conformances = protocols
        } else {
            return []
        }
        guard !conformances.isEmpty else { return [] }
        let list = conformances.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: list) {}")]
    }

    /// Whether `conformance` names `ConstructorInjectable`.
    static func isConstructorInjectable(_ conformance: TypeSyntax) -> Bool {
        conformance.trimmedDescription.split(separator: ".").last == "ConstructorInjectable"
    }
}

/// What `@Injectable` says when it cannot be applied.
enum InjectableMessage: String, DiagnosticMessage {
    case notAClass = "@Injectable applies to classes and structs: the graph constructs them, or fills the properties of an object it did not make"
    case severalMarkedInitializers = "only one initializer can be marked @Inject: the graph calls that one"
    case uncallableInitializer = "the graph cannot call this initializer: make it non-failable, not async or throwing, not generic, with no inout, variadic or @autoclosure parameter"
    case injectNotOnInitializer = "@Inject marks the initializer an @Injectable type is constructed with"
    case injectedInStruct = "@Injected properties belong to classes: the graph fills them in an object after it is made; a struct takes what it needs in its initializer"
    case staticProperty = "@Injected applies to instance properties; a static one is never injected"
    case untypedProperty = "an @Injected property needs its type written: it is what the graph is asked for"
    case mainActorClass = "this class is isolated to the main actor (marked @MainActor, or a UIKit or AppKit view or view controller): write @Injectable(mainActor: true), so that its properties are assigned on the main actor"
    case mainActorFalse = "write @Injectable without 'mainActor:' for a class that is not isolated to the main actor"

    var message: String { rawValue }
    var diagnosticID: MessageID { MessageID(domain: "Cleanse", id: "\(self)") }
    var severity: DiagnosticSeverity { .error }
}

/// What `@Injectable` warns of: the code works, but not as its author meant.
enum InjectableWarning: String, DiagnosticMessage {
    case severalUnmarkedInitializers = "the graph cannot construct this type: it declares several initializers and none is marked @Inject; mark the one the graph calls with @Inject"
    case mainActorOnUnisolatedClass = "this class is not isolated to the main actor (it is not marked @MainActor and inherits from nothing), yet 'mainActor: true' makes the graph construct it and fill its properties there: mark the class @MainActor, or write @Injectable without 'mainActor:'"

    var message: String { rawValue }
    var diagnosticID: MessageID { MessageID(domain: "Cleanse", id: "\(self)") }
    var severity: DiagnosticSeverity { .warning }
}

@main
struct CleanseMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [InjectableMacro.self, InjectMacro.self, FeatureDependenciesMacro.self]
}
