import SwiftSyntax

/// Whether the implicit initializer of a type (a class's `init()`, a struct's memberwise
/// one) is isolated to the type's global actor, as Swift 6 decides it: a `@MainActor` type's
/// implicit initializer is nonisolated when every stored property it initialises is
/// `Sendable` and has no value or a nonisolated one; otherwise it is isolated.
///
/// Checked with `swiftc -swift-version 6`: `@MainActor final class A {}` and
/// `@MainActor struct U { var n: Int }` are made from nonisolated code;
/// `@MainActor final class G { var x: NS? }` (a non-`Sendable` class) and a property whose
/// value calls a main-actor function are not. cleansec decides `Sendable` only where it can
/// prove it (the table below, and types declared `Sendable`, actors and global-actor
/// classes); anything else leaves the isolation undecided, and the binding unread.
struct ImplicitInitializerIsolation {
    /// The actor the initializer is isolated to, or `nil` when it is nonisolated (or undecided).
    let actor: String?
    /// Whether cleansec cannot tell.
    let isUndecided: Bool

    init(declaration: TypeDeclaration, reader: FactoryReader) {
        guard let globalActor = declaration.globalActor else {
            // Isolated, or not, by a name cleansec cannot read.
            (actor, isUndecided) = (nil, declaration.isolationUnreadThrough != nil)
            return
        }
        let index = reader.index
        let provable = declaration.storedProperties.allSatisfy { property in
            // A literal value is made anywhere; any other may call into the actor.
            if let value = property.value, !Self.isLiteral(value) { return false }
            // The written type, or the literal's (`var count = 0`), as the typing rules prove it.
            let type = property.type.map { reader.resolver.resolve($0, in: declaration.context) }
                ?? declaration.declaration.flatMap { declared in
                    property.value.flatMap { reader.expressionType($0, in: declaration.context, file: declared.file) }
                }
            return type.map { Self.isSendable($0, index: index, depth: 0) } ?? false
        }
        (actor, isUndecided) = provable ? (nil, false) : (globalActor, true)
    }

    /// Literals, whose values are made without the actor, and `nil`.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
            || (expression.as(StringLiteralExprSyntax.self).map { literal in
                !literal.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
            } ?? false)
    }

    /// The standard library's and Foundation's value types that are `Sendable`, and the
    /// generic ones that are when their arguments are.
    private static let sendableValues: Set<String> = StandardLibraryMembers.integerTypes.union([
        "Double", "Float", "Bool", "String", "Character", "Substring", "Date", "URL", "UUID", "Data",
        "TimeInterval", "Decimal",
    ])
    private static let sendableContainers: Set<String> = ["Optional", "Array", "Set", "Dictionary"]

    private static func isSendable(_ type: SpelledType, index: DeclarationIndex, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        switch type {
        case .named(let path, let arguments):
            if arguments.isEmpty, sendableValues.contains(path) { return true }
            if sendableContainers.contains(path) { return arguments.allSatisfy { isSendable($0, index: index, depth: depth + 1) } }
            guard arguments.isEmpty, let declaration = index.declaration(path) else { return false }
            // Declared `Sendable`, an actor, or a class isolated to a global actor.
            return declaration.kind == .actor || (declaration.kind == .class && declaration.globalActor != nil)
                || declaration.inherited.contains { ["Sendable", "Swift.Sendable", "@unchecked Sendable"].contains($0.sourceText) }
        case .tuple(let elements):
            return elements.allSatisfy { isSendable($0, index: index, depth: depth + 1) }
        case .labeled(_, let element):
            return isSendable(element, index: index, depth: depth + 1)
        case .member, .function, .parameter, .unknown:
            return false
        }
    }
}
