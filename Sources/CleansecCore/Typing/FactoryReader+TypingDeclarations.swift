import InjectableSyntax
import SwiftSyntax

/// The helpers the typing rules (``TypingRule``) read declarations with: initializers,
/// functions' results, properties' types.
extension FactoryReader {
    /// What ``ExpressionTyper`` proves `expression` to be, written in `file` inside the type at
    /// `context`; `nil` where no rule proves it (never a guess).
    func expressionType(_ expression: ExprSyntax, in context: [String], file: SourceFile, depth: Int = 0) -> SpelledType? {
        TypingQuestion(reader: self, context: context, file: file, depth: depth).type(of: expression).type
    }

    /// What `X(…)` with argument `labels` makes, as the compiler types the call:
    /// - `nil` for a generic `X` written without its arguments (the compiler infers them from
    ///   the call's arguments, which are not typed here);
    /// - `X?` when every initializer those labels name is failable (`init?`, an enum's
    ///   `init?(rawValue:)`), `X` when none is, `nil` when they differ;
    /// - when no initializer read has those labels (defaulted parameters, a trailing closure),
    ///   `X` only where the type has no failable initializer to reach; else `nil`.
    func initializerCallType(of owner: SpelledType, labels: [String]?, file: SourceFile) -> SpelledType? {
        guard let path = owner.path, let declaration = index.declaration(path) else { return nil }
        if case .named(_, let arguments) = owner, arguments.isEmpty, !declaration.genericParameters.isEmpty { return nil }
        let initializers = allInitializers(of: declaration).filter { $0.isVisible(from: file.fileID) }
        guard let labels else {
            // Labels not told (a trailing closure): X only where no initializer is failable.
            return initializers.contains { $0.isFailable == true } || protocolMaySupplyInitializer(to: declaration, labels: nil) ? nil : owner
        }
        let named = initializers.filter { $0.matches(labels) }
        let optional = SpelledType.named("Optional", [owner])
        if named.isEmpty {
            if declaration.kind == .enum, labels == ["rawValue"] { return optional }
            return initializers.contains { $0.isFailable == true } || protocolMaySupplyInitializer(to: declaration, labels: labels) ? nil : owner
        }
        // A protocol's extension may add an overload of the other kind the compiler prefers.
        if protocolMaySupplyInitializer(to: declaration, labels: labels) { return nil }
        switch Set(named.map { $0.isFailable == true }) {
        case [true]: return optional
        case [false]: return owner
        default: return nil
        }
    }

    /// Whether a protocol `declaration` conforms to in its source may give it an initializer
    /// with `labels` that cleansec does not see among its own: one declared in what cleansec
    /// reads that has such an initializer, or one it does not read, beyond the standard
    /// protocols that add none.
    private func protocolMaySupplyInitializer(to declaration: TypeDeclaration, labels: [String]?) -> Bool {
        declaration.inherited.contains { written in
            let type = resolver.resolve(written, in: declaration.context)
            guard let path = type.path else { return true }
            guard let inherited = index.declaration(path), inherited.kind != .extensionOnly else {
                return !InitializerFreeConformances.names.contains(path)
            }
            guard inherited.kind == .protocol else { return false }
            return allInitializers(of: inherited).contains { initializer in labels.map { initializer.matches($0) } ?? true }
        }
    }

    /// The type `expression` names, when it names a declared type (`Config`, `Detail.AF`).
    func staticOwner(_ expression: ExprSyntax, in context: [String]) -> SpelledType? {
        guard expression.sourceText.first?.isUppercase == true,
              let type = resolver.resolve(typeExpression: expression, in: context),
              let path = type.path, index.declaration(path).map({ $0.kind != .extensionOnly }) == true
        else { return nil }
        return type
    }

    /// The result of function `name` of `owner` with `labels`, `Self` meaning the owner:
    /// static functions for `X.f(…)` (`isStatic`), instance methods for `value.f(…)`. Where a
    /// function of that name has the other kind (`X.format` of an instance method is a
    /// function value), or may (a compiled module's, whose symbol graph lists static ones
    /// only), `nil`.
    func functionResult(_ name: String, labels: [String], of owner: SpelledType, isStatic: Bool) -> SpelledType? {
        guard let path = owner.path, let declaration = index.declaration(path) else { return nil }
        let declared = declaration.functions[name] ?? []
        if declared.contains(where: { function in
            function.syntax.modifiers.declaresTypeMember != isStatic
        }) || (!isStatic && declaration.imported.functions[name] != nil) {
            return nil
        }
        guard case .success(let signature) = functionSignature(named: name, labels: labels, in: path, instance: false),
              let result = signature.result
        else { return nil }
        // A generic owner's arguments stand for its parameters (`Map<Stream>.empty()`).
        return result.path == "Self" ? owner : result.substituting(resolver.substitution(of: owner))
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
        let substitution = resolver.substitution(of: owner)
        for body in bodies {
            for member in body.syntax.members {
                if isStatic, let cases = member.decl.as(EnumCaseDeclSyntax.self), let element = cases.elements.first(where: { $0.name.text == name }) {
                    // A case with associated values, named without a call, is a function
                    // (`ConfigContent.int` is `(Int) -> ConfigContent`): not read.
                    return element.parameterClause == nil ? owner : nil
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      variable.modifiers.declaresTypeMember == isStatic,
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
