import InjectableSyntax
import SwiftParser
import SwiftSyntax

/// The declarations Cleanse's peer macros add to a file, written as the compiler writes
/// them, so that the analyzer reads them like any other code.
///
/// Only `@FeatureDependencies` adds declarations a graph uses by name: its module
/// (``FeatureDependenciesModule``, the very text the macro writes). The module is appended
/// to the file's text, so every original position stays where it was; its bindings carry
/// their properties' places as `file:`, `line:` and `column:` arguments, as the macro's do.
/// A protocol nested in a type gets its module in an extension of that type, and one inside
/// `#if` clauses under the same conditions, so the module has the name and the build
/// conditions the compiler gives it.
enum PeerMacroExpansion {
    /// `text` with the declarations of its `@FeatureDependencies` protocols appended;
    /// `text` itself when it has none.
    static func expanding(_ text: String, fileID: String) -> String {
        guard text.contains("@FeatureDependencies") else { return text }
        let tree = Parser.parse(source: text)
        let finder = MarkedProtocolFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard !finder.found.isEmpty else { return text }
        let converter = SourceLocationConverter(fileName: fileID, tree: tree)
        let modules = finder.found.map { declaration in
            let module = FeatureDependenciesModule(declaration) { node in
                let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
                return FeatureDependenciesModule.Place(fileID: fileID, line: location.line, column: location.column)
            }
            return placed(module.declaration, as: declaration)
        }
        return text + "\n\n" + modules.joined(separator: "\n\n") + "\n"
    }

    /// `declaration`, a peer of `anchor`, written at the end of the file: inside an
    /// extension of the types `anchor` is nested in, under the `#if` conditions it is in.
    private static func placed(_ declaration: String, as anchor: some SyntaxProtocol) -> String {
        var types: [String] = []
        var conditions: [String] = []
        var node = anchor.parent
        while let current = node {
            if let name = typeName(of: current) {
                types.insert(name, at: 0)
            } else if let clause = current.as(IfConfigClauseSyntax.self) {
                conditions.insert(condition(of: clause), at: 0)
            }
            node = current.parent
        }
        var text = declaration
        if !types.isEmpty {
            text = "extension \(types.joined(separator: ".")) {\n\(text)\n}"
        }
        if !conditions.isEmpty {
            text = "#if \(conditions.joined(separator: " && "))\n\(text)\n#endif"
        }
        return text
    }

    /// The name a type declaration or extension gives its members' scope, or `nil`.
    private static func typeName(of node: Syntax) -> String? {
        if let type = node.as(StructDeclSyntax.self) { return type.name.text }
        if let type = node.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = node.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = node.as(ActorDeclSyntax.self) { return type.name.text }
        return node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
    }

    /// The condition under which `clause` is compiled: its own, after every earlier clause
    /// of its `#if` failed.
    private static func condition(of clause: IfConfigClauseSyntax) -> String {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return "true" }
        var parts: [String] = []
        for earlier in clauses {
            if earlier.id == clause.id { break }
            if let condition = earlier.condition { parts.append("!(\(condition.trimmedDescription))") }
        }
        if let own = clause.condition { parts.append("(\(own.trimmedDescription))") }
        return parts.isEmpty ? "true" : parts.joined(separator: " && ")
    }
}

/// The protocols marked `@FeatureDependencies`, in the order written.
private final class MarkedProtocolFinder: SyntaxVisitor {
    var found: [ProtocolDeclSyntax] = []

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "FeatureDependencies" }) {
            found.append(node)
        }
        return .skipChildren
    }

    // Bodies of functions and closures hold no protocols.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
