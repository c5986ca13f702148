import SwiftSyntax

/// A function that completes a binding through the binder it is given: a closure
/// (`{ bind in bind.to(…) }`) or a reference to one (`AppComponent.configureRoot`,
/// `Screen.configureInjector`), as `configured(with:)` and
/// `propertyInjector(configuredWith:)` take.
struct ReceiptFunction {
    /// The function's body.
    let statements: CodeBlockItemListSyntax
    /// What the body calls its binder.
    let binderName: String
    /// The reader of the body: where the function is written.
    let reader: ConfigureReader
    /// The `T` of the parameter's declared `ReceiptBinder<T>`, when the parameter names its
    /// type: an untyped `bind()` binds that type, whatever the body makes (`bind.to { $0 as
    /// FakeService }` in a `ReceiptBinder<Service>` function still binds `Service`).
    var boundType: SpelledType? = nil
}

extension ConfigureReader {
    /// The function `expression` passes, or `nil` when it is not a closure or a function the
    /// analysed files declare with one parameter.
    func receiptFunction(_ expression: ExprSyntax) -> ReceiptFunction? {
        let (expression, reader) = followed(expression)
        if let closure = expression.as(ClosureExprSyntax.self) {
            // `{ (bind: ReceiptBinder<Service>) in … }`: the annotation names the bound type.
            let annotated = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self)?.parameters.first?.type
            return ReceiptFunction(statements: closure.statements, binderName: Self.singleParameterName(of: closure) ?? "$0", reader: reader,
                                   boundType: annotated.flatMap { reader.receiptBinderArgument($0) })
        }
        let name: String
        var owners: [TypeDeclaration] = []
        let index = reader.resolver.index
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            // `self.configureRoot` in a static method is the enclosing type's.
            let isSelf = ["self", "Self"].contains(base.sourceText)
            let path = isSelf ? reader.context.joined(separator: ".") : reader.resolver.resolve(typeExpression: base, in: reader.context)?.path
            if let path, let owner = index.declaration(path) { owners = [owner] }
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            var prefix = reader.context
            while owners.isEmpty {
                if let owner = prefix.isEmpty ? index.topLevel : index.declaration(prefix.joined(separator: ".")), owner.functions[name] != nil {
                    owners = [owner]
                }
                if prefix.isEmpty { break }
                prefix.removeLast()
            }
        } else {
            return nil
        }
        let candidates = owners.flatMap { owner in
            (owner.functions[name] ?? []).compactMap { member -> ReceiptFunction? in
                let parameters = member.syntax.signature.parameterClause.parameters
                guard parameters.count == 1, let parameter = parameters.first, let body = member.syntax.body else { return nil }
                let functionReader = ConfigureReader(resolver: reader.resolver.reading(member.file), file: member.file, context: owner.context, binderScope: reader.binderScope)
                return ReceiptFunction(statements: body.statements, binderName: (parameter.secondName ?? parameter.firstName).text, reader: functionReader,
                                       boundType: functionReader.receiptBinderArgument(parameter.type))
            }
        }
        return candidates.count == 1 ? candidates.first : nil
    }

    /// The `T` of a parameter declared `ReceiptBinder<T>`, when it names a type the
    /// analyzer can name; `nil` for anything else (a generic parameter, another type).
    func receiptBinderArgument(_ type: TypeSyntax) -> SpelledType? {
        guard let (path, argument) = resolver.resolve(type, in: context).singleArgument,
              path == "ReceiptBinder", argument.isKnown else { return nil }
        return argument
    }
}
