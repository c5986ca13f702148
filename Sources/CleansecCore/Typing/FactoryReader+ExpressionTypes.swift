import SwiftSyntax

/// The type of the expression a closure returns, as the compiler infers it for an untyped
/// `bind().to { … }`: a literal, a coercion (`"client" as String`), an initializer call, a
/// static property or enum case (`Config.standard`, `Theme.dark`), a static or instance
/// method's result, a property of a value whose type is known, and chains of those
/// (`Config.load().with(region: "us").region`). `nil` where a step is not declared in what
/// the analyzer reads: it never guesses.
extension FactoryReader {
    func expressionType(_ expression: ExprSyntax, in context: [String], file: SourceFile, depth: Int = 0) -> SpelledType? {
        guard depth < 32 else { return nil }
        if expression.is(StringLiteralExprSyntax.self) { return .named("String", []) }
        if expression.is(IntegerLiteralExprSyntax.self) { return .named("Int", []) }
        if expression.is(FloatLiteralExprSyntax.self) { return .named("Double", []) }
        if expression.is(BooleanLiteralExprSyntax.self) { return .named("Bool", []) }
        if let inner = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?.expression
            ?? expression.as(TupleExprSyntax.self).flatMap({ $0.elements.count == 1 && $0.elements.first?.label == nil ? $0.elements.first?.expression : nil }) {
            return expressionType(inner, in: context, file: file, depth: depth + 1)
        }
        // `value as T` (operators are not folded: a sequence of the value, `as` and the type).
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
               let type = elements[2].as(TypeExprSyntax.self) {
                return resolver.resolve(type.type, in: context)
            }
            return nil
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return callType(call, in: context, file: file, depth: depth)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            // `Config.standard`, `Theme.dark`: a member of a type.
            if let owner = staticOwner(base, in: context) {
                return memberType(name, of: owner, isStatic: true, depth: depth)
            }
            guard let value = expressionType(base, in: context, file: file, depth: depth + 1) else { return nil }
            return memberType(name, of: value, isStatic: false, depth: depth)
                ?? StandardLibraryMembers.type(of: name, called: false, labels: [], on: value)
        }
        // `value!`: what the optional wraps.
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self),
           case .named("Optional", let wrapped)? = expressionType(unwrapped.expression, in: context, file: file, depth: depth + 1), wrapped.count == 1 {
            return wrapped[0]
        }
        return nil
    }

    /// `X(…)`, `X.init(…)`, `X.make(…)`, `value.method(…)`, `f(…)`: what the call returns.
    private func callType(_ call: FunctionCallExprSyntax, in context: [String], file: SourceFile, depth: Int) -> SpelledType? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        if let type = staticOwner(callee, in: context) {
            return initializerCallType(of: type, labels: labels, file: file)
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if let owner = staticOwner(base, in: context) {
                return functionResult(name, labels: labels, of: owner)
            }
            guard let value = expressionType(base, in: context, file: file, depth: depth + 1) else { return nil }
            return functionResult(name, labels: labels, of: value)
                ?? StandardLibraryMembers.type(of: name, called: true, labels: labels, on: value)
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self),
           case .success(let signature) = functionSignature(named: reference.baseName.text, labels: labels, in: "", instance: false, from: file.fileID) {
            return signature.result
        }
        return nil
    }

    /// What `X(…)` with argument `labels` makes, as the compiler types the call:
    /// - `nil` for a generic `X` written without its arguments (the compiler infers them from
    ///   the call's arguments, which are not typed here);
    /// - `X?` when every initializer those labels name is failable (`init?`, an enum's
    ///   `init?(rawValue:)`), `X` when none is, `nil` when they differ;
    /// - when no initializer read has those labels (defaulted parameters, a trailing closure),
    ///   `X` only where the type has no failable initializer to reach; else `nil`.
    private func initializerCallType(of owner: SpelledType, labels: [String], file: SourceFile) -> SpelledType? {
        guard let path = owner.path, let declaration = index.declaration(path) else { return nil }
        if case .named(_, let arguments) = owner, arguments.isEmpty, !declaration.genericParameters.isEmpty { return nil }
        let initializers = allInitializers(of: declaration).filter { $0.isVisible(from: file.fileID) }
        let named = initializers.filter { $0.matches(labels) }
        let optional = SpelledType.named("Optional", [owner])
        if named.isEmpty {
            if declaration.kind == .enum, labels == ["rawValue"] { return optional }
            return initializers.contains { $0.isFailable == true } ? nil : owner
        }
        switch Set(named.map { $0.isFailable == true }) {
        case [true]: return optional
        case [false]: return owner
        default: return nil
        }
    }

    /// The type `expression` names, when it names a declared type (`Config`, `Detail.AF`).
    private func staticOwner(_ expression: ExprSyntax, in context: [String]) -> SpelledType? {
        guard expression.sourceText.first?.isUppercase == true,
              let type = resolver.resolve(typeExpression: expression, in: context),
              let path = type.path, index.declaration(path).map({ $0.kind != .extensionOnly }) == true
        else { return nil }
        return type
    }

    /// The result of function `name` of `owner` with `labels`, `Self` meaning the owner.
    private func functionResult(_ name: String, labels: [String], of owner: SpelledType) -> SpelledType? {
        guard let path = owner.path, case .success(let signature) = functionSignature(named: name, labels: labels, in: path, instance: false),
              let result = signature.result
        else { return nil }
        return result.path == "Self" ? owner : result
    }

    /// The type of property or case `name` of `owner`: written, or that of its value. Read
    /// from the bodies of the type's declaration and extensions when asked (most never are,
    /// so the index does not keep them); an instance property a class does not declare is
    /// looked for in its superclass.
    func memberType(_ name: String, of owner: SpelledType, isStatic: Bool, depth: Int) -> SpelledType? {
        guard depth < 32, let path = owner.path, let declaration = index.declaration(path) else { return nil }
        var bodies = declaration.extensionBodies
        if let declared = declaration.declaration, let block = declared.syntax.asProtocol((any DeclGroupSyntax).self)?.memberBlock {
            bodies.insert(.init(syntax: block, file: declared.file), at: 0)
        }
        // A generic owner's arguments stand for its parameters (`Box<String>.value` is a `String`).
        let substitution = Self.substitution(for: owner, of: declaration)
        for body in bodies {
            for member in body.syntax.members {
                if isStatic, let cases = member.decl.as(EnumCaseDeclSyntax.self), cases.elements.contains(where: { $0.name.text == name }) {
                    return owner
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) == isStatic,
                      let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
                else { continue }
                if let written = binding.typeAnnotation?.type {
                    let type = resolver.resolve(written, in: declaration.context).substituting(substitution)
                    return type.path == "Self" ? owner : type
                }
                return DeclarationIndex.singleExpression(of: binding).flatMap { expressionType($0, in: declaration.context, file: body.file, depth: depth + 1) }
            }
        }
        // A compiled module's property, as its symbol graph declares it.
        if let type = (isStatic ? declaration.imported.staticProperties : declaration.imported.properties)[name] {
            let substituted = type.substituting(substitution)
            return substituted.path == "Self" ? owner : substituted
        }
        if !isStatic, declaration.kind == .class, let superclass = superclass(of: declaration) {
            return memberType(name, of: .named(superclass.path, []), isStatic: false, depth: depth + 1)
        }
        return nil
    }
}
