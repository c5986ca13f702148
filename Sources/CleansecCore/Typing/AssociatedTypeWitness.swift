import SwiftSyntax

/// Swift's inference of an associated type from a witness, for a type that declares no
/// typealias of that name: `enum HomeSpec: Spec` whose `configureRoot(binder bind:
/// ReceiptBinder<Home>)` witnesses `Spec`'s `configureRoot(binder bind: ReceiptBinder<Root>)`
/// has `Root` = `Home`, so a generic component's `S.Root` read for `HomeSpec` is `Home`.
///
/// The rule, and nothing beyond it: `name` is declared `associatedtype` by a protocol in the
/// analysed files that the type conforms to (its inheritance clause or an extension's, or a
/// protocol those refine); a function requirement of that protocol mentions `name` in a
/// parameter or its result; the type has exactly one non-generic function of that name,
/// those argument labels and the same `static`-ness; and matching the requirement's types
/// against the witness's, part by part, finds one type for `name` wherever it appears, a type
/// that does not name `name` or `Self` again (a default in the protocol would then decide).
/// Anything else is `nil` (unread).
extension TypeResolver {
    func witnessedAssociatedType(_ name: String, of declaration: TypeDeclaration, depth: Int = 0) -> SpelledType? {
        guard depth < 8, index.associatedTypeNames.contains(name), declaration.kind != .protocol, !declaration.inherited.isEmpty else { return nil }
        var found: TypeSyntax?
        var protocols = declaration.inherited.compactMap { resolve($0, in: declaration.context, depth: depth + 1).path }
        var seen = Set<String>()
        while let path = protocols.popLast() {
            guard seen.insert(path).inserted, let conformed = index.declaration(path), conformed.kind == .protocol else { continue }
            protocols += conformed.inherited.compactMap { resolve($0, in: conformed.context, depth: depth + 1).path }
            guard Self.associatedTypeNames(declaredBy: conformed).contains(name) else { continue }
            // A protocol of another target: its requirements as its partial model keeps them.
            for (functionName, requirements) in conformed.functions.merging(conformed.imported.requirements, uniquingKeysWith: +) {
                for requirement in requirements where Self.mentions(name, in: requirement.syntax.signature) {
                    let witnesses = (declaration.functions[functionName] ?? []).filter {
                        Self.labels(of: $0.syntax) == Self.labels(of: requirement.syntax) && Self.isStatic($0.syntax) == Self.isStatic(requirement.syntax)
                    }
                    guard witnesses.count == 1, let witness = witnesses.first, witness.syntax.genericParameterClause == nil,
                          Self.match(requirement.syntax.signature, witness.syntax.signature, name: name, found: &found)
                    else { return nil }
                }
            }
        }
        guard let found, !Self.mentions(name, in: found), !Self.mentions("Self", in: found) else { return nil }
        return resolve(found, in: declaration.context, depth: depth + 1)
    }

    /// Every associated type of the protocols `declaration` conforms to that it declares no
    /// typealias for and a witness fixes: what a partial model records for other targets,
    /// which see the type but not its functions' syntax.
    func witnessedAssociatedTypes(of declaration: TypeDeclaration) -> [String: SpelledType] {
        var found: [String: SpelledType] = [:]
        for name in index.associatedTypeNames where declaration.typealiases[name] == nil {
            found[name] = witnessedAssociatedType(name, of: declaration)
        }
        return found
    }

    /// The associated types `protocolDeclaration` declares: written in the analysed files, or
    /// as another target's partial model records them.
    static func associatedTypeNames(declaredBy protocolDeclaration: TypeDeclaration) -> Set<String> {
        var names = protocolDeclaration.imported.associatedTypeNames
        if let syntax = protocolDeclaration.declaration?.syntax.as(ProtocolDeclSyntax.self) {
            for member in syntax.memberBlock.members {
                if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) { names.insert(associated.name.text) }
            }
        }
        return names
    }

    private static func labels(of function: FunctionDeclSyntax) -> [String] {
        function.signature.parameterClause.parameters.map(\.firstName.text)
    }

    private static func mentions(_ name: String, in syntax: some SyntaxProtocol) -> Bool {
        syntax.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) || (name == "Self" && $0.tokenKind == .keyword(.Self)) }
    }

    private static func isStatic(_ function: FunctionDeclSyntax) -> Bool {
        function.modifiers.declaresTypeMember
    }

    /// Matches a requirement's signature against a witness's: the parameters' types in order,
    /// then the results.
    private static func match(_ requirement: FunctionSignatureSyntax, _ witness: FunctionSignatureSyntax, name: String, found: inout TypeSyntax?) -> Bool {
        let required = requirement.parameterClause.parameters.map(\.type)
        let given = witness.parameterClause.parameters.map(\.type)
        guard required.count == given.count else { return false }
        for (requiredType, givenType) in zip(required, given) where !match(requiredType, givenType, name: name, found: &found) {
            return false
        }
        switch (requirement.returnClause?.type, witness.returnClause?.type) {
        case (nil, nil): return true
        case (let requiredResult?, let givenResult?): return match(requiredResult, givenResult, name: name, found: &found)
        default: return false
        }
    }

    /// Matches one type of a requirement against the witness's type in the same place. `name`
    /// (or `Self.name`) in the requirement binds the witness's type there; every other part
    /// must have the same shape. A part that does not mention `name` matches anything (the
    /// compiler checks the rest).
    private static func match(_ required: TypeSyntax, _ given: TypeSyntax, name: String, found: inout TypeSyntax?) -> Bool {
        if let attributed = required.as(AttributedTypeSyntax.self) { return match(attributed.baseType, given, name: name, found: &found) }
        if let attributed = given.as(AttributedTypeSyntax.self) { return match(required, attributed.baseType, name: name, found: &found) }
        guard required.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(name) }) else { return true }
        if isName(name, required) {
            if let earlier = found { return earlier.trimmedDescription == given.trimmedDescription }
            found = given
            return true
        }
        if let requiredIdentifier = required.as(IdentifierTypeSyntax.self), let givenIdentifier = given.as(IdentifierTypeSyntax.self) {
            return requiredIdentifier.name.text == givenIdentifier.name.text
                && matchArguments(requiredIdentifier.genericArgumentClause, givenIdentifier.genericArgumentClause, name: name, found: &found)
        }
        if let requiredMember = required.as(MemberTypeSyntax.self), let givenMember = given.as(MemberTypeSyntax.self) {
            return requiredMember.name.text == givenMember.name.text
                && match(requiredMember.baseType, givenMember.baseType, name: name, found: &found)
                && matchArguments(requiredMember.genericArgumentClause, givenMember.genericArgumentClause, name: name, found: &found)
        }
        if let requiredOptional = required.as(OptionalTypeSyntax.self), let givenOptional = given.as(OptionalTypeSyntax.self) {
            return match(requiredOptional.wrappedType, givenOptional.wrappedType, name: name, found: &found)
        }
        if let requiredArray = required.as(ArrayTypeSyntax.self), let givenArray = given.as(ArrayTypeSyntax.self) {
            return match(requiredArray.element, givenArray.element, name: name, found: &found)
        }
        if let requiredDictionary = required.as(DictionaryTypeSyntax.self), let givenDictionary = given.as(DictionaryTypeSyntax.self) {
            return match(requiredDictionary.key, givenDictionary.key, name: name, found: &found)
                && match(requiredDictionary.value, givenDictionary.value, name: name, found: &found)
        }
        return false
    }

    private static func matchArguments(_ required: GenericArgumentClauseSyntax?, _ given: GenericArgumentClauseSyntax?, name: String, found: inout TypeSyntax?) -> Bool {
        let requiredArguments = required?.arguments.map(\.argument) ?? []
        let givenArguments = given?.arguments.map(\.argument) ?? []
        guard requiredArguments.count == givenArguments.count else { return false }
        for (requiredArgument, givenArgument) in zip(requiredArguments, givenArguments) {
            guard case .type(let requiredType) = requiredArgument, case .type(let givenType) = givenArgument,
                  match(requiredType, givenType, name: name, found: &found)
            else { return false }
        }
        return true
    }

    /// `name` itself, or `Self.name`.
    private static func isName(_ name: String, _ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == name && identifier.genericArgumentClause == nil
        }
        if let member = type.as(MemberTypeSyntax.self), let base = member.baseType.as(IdentifierTypeSyntax.self) {
            return base.name.text == "Self" && member.name.text == name && member.genericArgumentClause == nil
        }
        return false
    }
}
