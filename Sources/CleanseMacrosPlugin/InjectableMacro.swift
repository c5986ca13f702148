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
        let isMainActor = isFlagSet("mainActor", in: node)
        if hasLabel("mainActor", in: node), !isMainActor {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.mainActorFalse))
            return []
        }
        if !isMainActor, looksMainActorIsolated(type) {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.mainActorClass))
            return []
        }
        let factory = isMainActor ? "mainActorProperty" : "property"
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
        let access = accessLevel(of: type, overridable: !isFinal)
        let prefix = access + isolation
        if isFlagSet("subclass", in: node) {
            return ["\(raw: prefix)override class var injectedProperties: [InjectedProperty] { super.injectedProperties + \(raw: list) }"]
        }
        return [isFinal
            ? "\(raw: prefix)static var injectedProperties: [InjectedProperty] { \(raw: list) }"
            : "\(raw: prefix)class var injectedProperties: [InjectedProperty] { \(raw: list) }"]
    }

    /// The access level the class's `injectedProperties` is written with: `public `,
    /// `open ` (an open class's, unless `overridable` is false), `package `, or nothing.
    static func accessLevel(of type: ClassDeclSyntax, overridable: Bool) -> String {
        for modifier in type.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.open): return overridable ? "open " : "public "
            case .keyword(.public): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// The base classes of UIKit and AppKit whose subclasses are isolated to the main actor.
    static let mainActorBaseClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIPageViewController", "UIView", "UITableViewCell",
        "UICollectionViewCell", "UIControl", "UIButton", "UILabel", "UIResponder", "UIHostingController",
        "NSViewController", "NSWindowController", "NSView", "NSWindow", "NSHostingController", "WKInterfaceController",
    ]

    /// Whether the class's members are isolated to the main actor as far as its declaration
    /// shows: marked `@MainActor`, or derived from a UIKit or AppKit class that is.
    static func looksMainActorIsolated(_ type: ClassDeclSyntax) -> Bool {
        if type.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }) {
            return true
        }
        return type.inheritanceClause?.inheritedTypes.contains { inherited in
            let name = inherited.type.trimmedDescription
            return mainActorBaseClasses.contains(name.split(separator: ".").last.map(String.init) ?? name)
        } ?? false
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
        // `protocols` lists only what the class does not conform to yet: a subclass of a
        // conforming class conforms already.
        guard declaration.is(ClassDeclSyntax.self), let conformance = protocols.first else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(conformance.trimmed) {}")]
    }
}

/// What `@Injectable` says when it cannot be applied.
enum InjectableMessage: String, DiagnosticMessage {
    case notAClass = "@Injectable applies to classes: the graph fills the properties of an object it did not make"
    case staticProperty = "@Injected applies to instance properties; a static one is never injected"
    case untypedProperty = "an @Injected property needs its type written: it is what the graph is asked for"
    case mainActorClass = "this class is isolated to the main actor (marked @MainActor, or a UIKit or AppKit view or view controller): write @Injectable(mainActor: true), so that its properties are assigned on the main actor"
    case mainActorFalse = "write @Injectable without 'mainActor:' for a class that is not isolated to the main actor"

    var message: String { rawValue }
    var diagnosticID: MessageID { MessageID(domain: "Cleanse", id: "\(self)") }
    var severity: DiagnosticSeverity { .error }
}

@main
struct CleanseMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [InjectableMacro.self]
}
