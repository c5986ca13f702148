import SwiftSyntax

/// How an injector closure hands its parameters to its target, the first parameter
/// (`{ $0.injectProperties(superInjector: $1, b: $2) }`, `{ $0.store = $1; $0.pageSize = $2 }`):
/// each other parameter passed unchanged to a method of the target, by the argument's label,
/// or assigned unchanged to a property of it. The compiler infers those parameters' types
/// from the method's parameters and the properties' types, and so does the analyzer.
final class TargetUseFinder: SyntaxVisitor {
    /// A call of a method of the target: its name, labels, and the plain names passed.
    struct MethodCall {
        let name: String
        let labels: [String]
        let arguments: [String?]
    }

    let target: String
    private(set) var calls: [MethodCall] = []
    /// Property name → the plain name assigned to it.
    private(set) var assignments: [(property: String, value: String)] = []

    private init(target: String) {
        self.target = target
        super.init(viewMode: .sourceAccurate)
    }

    /// The uses of `target` (the closure's first parameter, `$0` or its name) in `closure`.
    static func uses(of target: String, in closure: ClosureExprSyntax) -> TargetUseFinder {
        let finder = TargetUseFinder(target: target)
        finder.walk(closure.statements)
        return finder
    }

    /// The property or method name `expression` reaches on the target (`$0.store`).
    private func member(_ expression: ExprSyntax) -> String? {
        guard let access = expression.as(MemberAccessExprSyntax.self),
              access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == target else { return nil }
        return access.declName.baseName.text
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = member(node.calledExpression) {
            calls.append(MethodCall(
                name: name,
                labels: node.arguments.map { $0.label?.text ?? "_" },
                arguments: node.arguments.map { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text }
            ))
        }
        return .visitChildren
    }

    /// `$0.store = $1`, as the parser leaves it, unfolded: the member, `=`, the value.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let property = member(elements[0]),
           let value = elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text {
            assignments.append((property, value))
        }
        return .visitChildren
    }

    /// Closures inside the body have parameters of their own.
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
