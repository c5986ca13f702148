import SwiftSyntax

/// `binder.bind(X.self).tagged(with: T.self).to(factory: X.init)` as its root name and calls.
struct CallChain {
    struct Call {
        let name: String
        let arguments: LabeledExprListSyntax
        let trailingClosure: ClosureExprSyntax?
        let node: FunctionCallExprSyntax

        /// Where `#line` and `#column` point for this call: its `(`, or the `{` of a
        /// trailing closure.
        func position(in file: SourceFile) -> SourcePosition {
            CallChain.position(of: node, in: file)
        }
    }

    let root: String
    let calls: [Call]

    /// Where `#line` and `#column` defaults point for `call`: its `(`, or the `{` of its
    /// trailing closure.
    static func position(of call: FunctionCallExprSyntax, in file: SourceFile) -> SourcePosition {
        if let paren = call.leftParen { return file.position(of: paren) }
        if let closure = call.trailingClosure { return file.position(of: closure.leftBrace) }
        return file.position(of: call)
    }

    init?(_ expression: ExprSyntax) {
        var calls: [Call] = []
        var current = expression
        while true {
            if let call = current.as(FunctionCallExprSyntax.self),
               let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                calls.append(Call(name: member.declName.baseName.text, arguments: call.arguments, trailingClosure: call.trailingClosure, node: call))
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self), let function = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                // `bind(X.self)…` with an implicit `self`: a method of an extension of `Binder`.
                calls.append(Call(name: function.baseName.text, arguments: call.arguments, trailingClosure: call.trailingClosure, node: call))
                root = "self"
                self.calls = calls.reversed()
                return
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                root = reference.baseName.text
                self.calls = calls.reversed()
                return
            } else {
                return nil
            }
        }
    }
}
