import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Injectable`: the `PropertyInjectable` conformance of a class, from its `@Injected`
/// stored properties.
struct InjectableMacro: MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let type = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.notAClass))
            return []
        }
        let className = type.name.text
        var entries: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Injected" })
            else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
                context.diagnose(Diagnostic(node: Syntax(variable), message: InjectableMessage.staticProperty))
                continue
            }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let location = context.location(of: binding, at: .afterLeadingTrivia, filePathMode: .fileID)
                let file = location?.file.description ?? "#fileID"
                let line = location?.line.description ?? "#line"
                guard let type = binding.typeAnnotation?.type.trimmedDescription else {
                    context.diagnose(Diagnostic(node: Syntax(binding), message: InjectableMessage.untypedProperty))
                    continue
                }
                // The assignment is written here, in the class's own code: no key path.
                entries.append(
                    ".property(named: \"\(name)\", file: \(file), line: \(line)) { (object: \(className), value: \(type)) in object.\(name) = value }"
                )
            }
        }
        let isSubclass = node.arguments?.as(LabeledExprListSyntax.self)?.contains { argument in
            argument.label?.text == "subclass" && argument.expression.trimmedDescription == "true"
        } ?? false
        let list = "[" + entries.joined(separator: ", ") + "]"
        if isSubclass {
            return ["override class var injectedProperties: [InjectedProperty] { super.injectedProperties + \(raw: list) }"]
        }
        let isFinal = type.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        return [isFinal
            ? "static var injectedProperties: [InjectedProperty] { \(raw: list) }"
            : "class var injectedProperties: [InjectedProperty] { \(raw: list) }"]
    }

    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // A subclass of a conforming class conforms already: `protocols` is then empty.
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): PropertyInjectable {}")]
    }
}

/// What `@Injectable` says when it cannot be applied.
enum InjectableMessage: String, DiagnosticMessage {
    case notAClass = "@Injectable applies to classes: the graph fills the properties of an object it did not make"
    case staticProperty = "@Injected applies to instance properties; a static one is never injected"
    case untypedProperty = "an @Injected property needs its type written: it is what the graph is asked for"

    var message: String { rawValue }
    var diagnosticID: MessageID { MessageID(domain: "Cleanse", id: "\(self)") }
    var severity: DiagnosticSeverity { .error }
}

@main
struct CleanseMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [InjectableMacro.self]
}
