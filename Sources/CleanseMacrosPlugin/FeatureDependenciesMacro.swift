import InjectableSyntax
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@FeatureDependencies`: the module beside a protocol that binds each of its properties
/// to the seed's (``FeatureDependenciesModule``, the text cleansec reads too).
struct FeatureDependenciesMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: Syntax(node), message: FeatureDependenciesMessage(text: "@FeatureDependencies applies to a protocol: a feature's seed, whose properties its graph binds")))
            return []
        }
        let module = FeatureDependenciesModule(protocolDeclaration) { property in
            let location = context.location(of: property, at: .afterLeadingTrivia, filePathMode: .fileID)
            return FeatureDependenciesModule.Place(
                fileID: location?.file.as(StringLiteralExprSyntax.self)?.segments.first?.as(StringSegmentSyntax.self)?.content.text ?? "",
                line: location?.line.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) } ?? 0,
                column: location?.column.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) } ?? 0
            )
        }
        for problem in module.problems {
            context.diagnose(Diagnostic(node: problem.node, message: FeatureDependenciesMessage(text: problem.message)))
        }
        return [DeclSyntax(stringLiteral: module.declaration)]
    }
}

/// What `@FeatureDependencies` says when a property cannot be bound.
struct FeatureDependenciesMessage: DiagnosticMessage {
    let text: String
    var message: String { text }
    var diagnosticID: MessageID { MessageID(domain: "Cleanse", id: "FeatureDependencies") }
    var severity: DiagnosticSeverity { .error }
}
