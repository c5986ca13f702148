import SwiftSyntax

/// What the syntax proves about the isolation of the code around a call: enough to say that
/// `build(_:)` of a component whose root is made on the main actor will stop there.
///
/// `build(_:)` takes its caller's `#isolation`, so it builds such a root on the spot from
/// code isolated to the main actor. Whether code is isolated to it is often not written
/// where it runs (isolation inherited from a conformance or a superclass, a package's
/// default isolation, a closure handed to `MainActor.run`), so cleansec only reports the
/// calls whose isolation the syntax settles as another: never a guess that fails a build.
enum CallerIsolation {
    /// Whether the code at `node` provably runs off the main actor: in a synchronous
    /// `nonisolated` function, an `@concurrent` one, or a method of an `actor`, with no
    /// closure in between (a closure may be isolated otherwise).
    static func isProvablyOffMainActor(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(AccessorDeclSyntax.self) { return false }
            if let function = syntax.as(FunctionDeclSyntax.self) {
                return isOffMainActor(function.attributes, function.modifiers, isAsync: function.signature.effectSpecifiers?.asyncSpecifier != nil, in: syntax)
            }
            if let initializer = syntax.as(InitializerDeclSyntax.self) {
                return isOffMainActor(initializer.attributes, initializer.modifiers, isAsync: initializer.signature.effectSpecifiers?.asyncSpecifier != nil, in: syntax)
            }
            if syntax.asProtocol((any DeclGroupSyntax).self) != nil || syntax.is(SourceFileSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    /// Whether a function declared with `attributes` and `modifiers` inside `declaration`'s
    /// parents runs off the main actor, as far as its declaration settles it.
    private static func isOffMainActor(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax, isAsync: Bool, in declaration: Syntax) -> Bool {
        let names = attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        if names.contains("concurrent") { return true }
        // Any other attribute may be a global actor (the main one included, by a typealias).
        if names.contains(where: { !nonIsolatingAttributes.contains($0) }) { return false }
        if let nonisolated = modifiers.first(where: { $0.name.tokenKind == .keyword(.nonisolated) }) {
            // `nonisolated(nonsending)`, and an async function where that is the default,
            // run on their caller's actor.
            return nonisolated.detail == nil && !isAsync
        }
        // A method of an actor is isolated to that actor, never the main one.
        return enclosingTypeDeclaration(of: declaration)?.is(ActorDeclSyntax.self) == true
    }

    /// The type declaration whose member `declaration` is (through `#if` clauses), or `nil`
    /// for a local or top-level function.
    private static func enclosingTypeDeclaration(of declaration: Syntax) -> Syntax? {
        var current = declaration.parent
        while let syntax = current {
            if syntax.asProtocol((any DeclGroupSyntax).self) != nil { return syntax }
            if syntax.is(CodeBlockSyntax.self) || syntax.is(ClosureExprSyntax.self) || syntax.is(SourceFileSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    /// Attributes of a function that say nothing of its isolation.
    private static let nonIsolatingAttributes: Set<String> = [
        "discardableResult", "inlinable", "inline", "usableFromInline", "available", "objc", "nonobjc",
        "preconcurrency", "warn_unqualified_access", "_disfavoredOverload", "backDeployed", "Sendable",
    ]
}
