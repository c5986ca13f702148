import CleanseGraph
import InjectableSyntax
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The `injectableConstructor` member that `@Injectable` writes for a class or struct: a
/// call of the initializer ``InjectableConstructorChoice`` picks, each parameter requested
/// as ``InitializerParameterRequest`` says, at the type's name.
///
/// A type the graph cannot construct still conforms (a conformance the macro declares but
/// does not write crashes the compiler on a subclass), with a constructor that says why it
/// constructs nothing.
struct InjectableConstructorSyntax {
    /// The member declaration.
    let member: DeclSyntax

    init(_ type: StructDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext) {
        let (choice, problems) = InjectableConstructorChoice.of(type)
        Self.report(problems, at: attribute, injectsProperties: false, in: context)
        let isMainActor = InjectableConstructorChoice.isMainActor(type)
        self.init(
            name: type.name,
            choice: choice,
            isMainActor: isMainActor,
            declaration: "\(GeneratedAccessLevel.keyword(for: type.modifiers))\(isMainActor ? "nonisolated " : "")static",
            attribute: attribute,
            in: context
        )
    }

    init(_ type: ClassDeclSyntax, attribute: AttributeSyntax, injectsProperties: Bool, in context: some MacroExpansionContext) {
        let (choice, problems) = InjectableConstructorChoice.of(type, attribute: attribute)
        Self.report(problems, at: attribute, injectsProperties: injectsProperties, in: context)
        let isFinal = type.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        let isMainActor = InjectableConstructorChoice.isMainActor(type, attribute: attribute)
        self.init(
            name: type.name,
            choice: choice,
            isMainActor: isMainActor,
            declaration: "\(GeneratedAccessLevel.keyword(for: type.modifiers, overridable: !isFinal))\(isMainActor ? "nonisolated " : "")\(isFinal ? "static" : "class")",
            attribute: attribute,
            in: context
        )
    }

    /// The member for the type named `name`: constructed with `choice`, on the main actor
    /// when `isMainActor` (the member itself is `nonisolated`, as the protocol requires).
    private init(name: TokenSyntax, choice: InjectableConstructorChoice, isMainActor: Bool, declaration: String, attribute: AttributeSyntax, in context: some MacroExpansionContext) {
        let location = context.location(of: name, at: .afterLeadingTrivia, filePathMode: .fileID)
        let place = "file: \(location?.file.description ?? "#fileID"), line: \(location?.line.description ?? "#line"), column: \(location?.column.description ?? "#column")"
        let typeName = name.text
        switch choice {
        case .unconstructed(let reason):
            member = """
                \(raw: declaration) var injectableConstructor: InjectableConstructor {
                    InjectableConstructor(unconstructed: \(raw: typeName).self, because: \(literal: reason), \(raw: place))
                }
                """
        case .initializer(let parameters):
            let scope = attribute.arguments?.as(LabeledExprListSyntax.self)?
                .first { $0.label?.text == "scope" }
                .map { ", scope: \($0.expression.trimmedDescription)" } ?? ""
            let requests = parameters.map { InitializerParameterRequest(parameterType: $0.type.trimmedDescription) }
            let closureParameters = parameters.indices.map { "p\($0): \(requests[$0].requestedType)" }.joined(separator: ", ")
            let arguments = parameters.indices.map { index in
                let argument = requests[index].argument("p\(index)")
                return parameters[index].label.map { "\($0): \(argument)" } ?? argument
            }.joined(separator: ", ")
            let isolation = isMainActor ? "@MainActor " : ""
            let closure = parameters.isEmpty
                ? "{ \(isolation.isEmpty ? "" : "\(isolation)in ")\(typeName)() }"
                : "{ \(isolation)(\(closureParameters)) in \(typeName)(\(arguments)) }"
            let typeArgument = isMainActor ? "mainActor: \(typeName).self" : "\(typeName).self"
            // Which requests name constructed types, as the compiler sees them here: the
            // graph then finds their constructors without a run-time conformance look-up.
            let hints = requests.map(\.requestedType).filter(Self.isHintable)
                .map { "InjectableConstructor.dependency((\($0)).self)" }
            let constructing = hints.isEmpty ? "" : "\n        .constructing(\(hints.joined(separator: ", ")))"
            member = """
                \(raw: declaration) var injectableConstructor: InjectableConstructor {
                    InjectableConstructor(\(raw: typeArgument)\(raw: scope), \(raw: place)) \(raw: closure)\(raw: constructing)
                }
                """
        }
    }

    /// Whether a request's type, as written, can be named as a metatype in a hint
    /// (`(T).self`): not an attributed, implicitly unwrapped, variadic or function type, nor
    /// one with an ownership or isolation specifier; those get no hint and are looked up at
    /// run time.
    static func isHintable(_ type: String) -> Bool {
        let specifiers = ["inout ", "sending ", "borrowing ", "consuming ", "isolated ", "__owned ", "__shared ", "some "]
        return !type.contains("@") && !type.contains("!") && !type.contains("...") && !type.contains("->")
            && !specifiers.contains { type.hasPrefix($0) }
    }

    /// Reports `problems`; `injectsProperties`: the type has `@Injected` properties, so it
    /// may be made elsewhere and only filled by the graph.
    private static func report(_ problems: [InjectableConstructorChoice.Problem], at attribute: AttributeSyntax, injectsProperties: Bool, in context: some MacroExpansionContext) {
        for problem in problems {
            switch problem {
            case .severalUnmarkedInitializers:
                if !injectsProperties {
                    context.diagnose(Diagnostic(node: Syntax(attribute), message: InjectableWarning.severalUnmarkedInitializers))
                }
            case .severalMarkedInitializers(let initializer):
                context.diagnose(Diagnostic(node: Syntax(initializer), message: InjectableMessage.severalMarkedInitializers))
            case .uncallableMarkedInitializer(let initializer):
                context.diagnose(Diagnostic(node: Syntax(initializer), message: InjectableMessage.uncallableInitializer))
            }
        }
    }
}

/// `@Inject`: marks the initializer `@Injectable` has the graph call, on a type with several.
/// It writes nothing; `@Injectable` reads it.
struct InjectMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if !declaration.is(InitializerDeclSyntax.self) {
            context.diagnose(Diagnostic(node: Syntax(node), message: InjectableMessage.injectNotOnInitializer))
        }
        return []
    }
}
