import SwiftParser
import SwiftSyntax

/// What the typing interface says of an `intoDictionary(key:)` argument: the key's type and
/// its value's identity, spelled as the runtime prints it (`String(reflecting:)`, which
/// ``MultibindingKey`` shows), with the rule that proved them; the type alone, when the value
/// is not proven; or why not even the type is.
enum DictionaryKeyTyping: Equatable, Sendable {
    /// The key has `type`, and the value `spelling` names: two entries with one spelling are
    /// one key, as they are for the runtime.
    case typed(SpelledType, spelling: String, rule: String)
    /// The key has `type`; which value it has is not proven (`reason`): the entry is read
    /// without its identity, so no duplicate key is reported for it.
    case typedWithoutValue(SpelledType, reason: String)
    /// No rule proves the key's type; `reason` says what is missing.
    case unread(String)
}

/// One rule of the typing interface for dictionary keys (``ExpressionTyper/dictionaryKey(_:declared:in:file:)``):
/// a key needs its type and its value, so its rules are a list of their own, asked in order
/// after the expression rules have typed the key.
package struct DictionaryKeyRule: Sendable {
    /// The rule's name, given with every key it proves.
    package let name: String
    /// The syntax the rule accepts.
    package let accepts: String
    /// An expression it reads, its type and how the runtime prints it.
    package let example: String
    let answer: @Sendable (_ key: ExprSyntax, _ typed: ExpressionTyping, _ declared: SpelledType?, _ question: TypingQuestion) -> DictionaryKeyTyping?

    /// The rules, in the order they are asked.
    package static let all: [DictionaryKeyRule] = [literalKey, integerKeyOfDeclaredType, enumCaseKey]

    /// The names of the rules, in order.
    package static var names: [String] { all.map(\.name) }

    static let literalKey = DictionaryKeyRule(
        name: "literalKey", accepts: "a string literal without interpolation, an integer literal in any base (or negated), true or false",
        example: "0x2A37 is Int, printed 10807; \"caf\\u{E9}\" is String, printed \"café\""
    ) { key, typed, declared, _ in
        guard let value = key.literalKeySpelling else { return nil }
        // Under a tag whose `Element` declares the key type, the next rule types an integer.
        if declared != nil, key.isIntegerLiteral { return nil }
        switch typed {
        case .unread(let reason): return .unread(reason)
        case .typed(let type, _):
            guard declared == nil || declared == type else { return nil }
            return .typed(type, spelling: value, rule: "literalKey")
        }
    }

    static let integerKeyOfDeclaredType = DictionaryKeyRule(
        name: "integerKeyOfDeclaredType", accepts: "an integer literal where the tag's Element declares an integer key type",
        example: "0x01 under a tag whose Element is [UInt8: Command] is UInt8, printed 1"
    ) { key, _, declared, _ in
        guard key.isIntegerLiteral, let value = key.literalKeySpelling,
              case .named(let name, [])? = declared, StandardLibraryMembers.integerTypes.contains(name)
        else { return nil }
        return .typed(.named(name, []), spelling: value, rule: "integerKeyOfDeclaredType")
    }

    static let enumCaseKey = DictionaryKeyRule(
        name: "enumCaseKey", accepts: "X.c: a case without associated values of an enum X the target declares, with the synthesized == and hash(into:)",
        example: "Route.home is Route, printed Shop.Route.home"
    ) { key, typed, declared, question in
        guard let member = key.as(MemberAccessExprSyntax.self), let base = member.base,
              let owner = question.reader.staticOwner(base, in: question.context), let path = owner.path,
              let declaration = question.index.declaration(path), declaration.kind == .enum,
              case .typed(let type, _) = typed, type == owner, declared == nil || declared == owner
        else { return nil }
        let name = member.declName.baseName.text
        guard declaration.declaration != nil else {
            return .typedWithoutValue(owner, reason: "'\(owner)' is declared in another module, whose cases cleansec does not read")
        }
        guard question.reader.declaresPlainCase(name, in: declaration) else {
            return .typedWithoutValue(owner, reason: "'\(owner).\(name)' is not a case without associated values: which case it holds is not read")
        }
        if question.reader.declaresOwnEquality(declaration) {
            return .typedWithoutValue(owner, reason: "'\(owner)' declares its own == or hash(into:), which decide which keys are equal")
        }
        return .typed(owner, spelling: "\(declaration.moduleName).\(path).\(name)", rule: "enumCaseKey")
    }
}

extension ExpressionTyper {
    /// The type and value of dictionary key `key`, written in `file` inside the type whose
    /// nesting path is `context`. `declared` is the key type a tag's `Element` gives the
    /// dictionary (`[UInt8: Handler]`), which the compiler infers the literal as.
    func dictionaryKey(_ key: ExprSyntax, declared: SpelledType?, in context: [String], file: SourceFile) -> DictionaryKeyTyping {
        let question = TypingQuestion(reader: reader, context: context, file: file, depth: 0)
        let typed = question.type(of: key)
        for rule in DictionaryKeyRule.all {
            if let answer = rule.answer(key, typed, declared, question) { return answer }
        }
        switch typed {
        case .unread(let reason):
            return .unread(reason)
        case .typed(let type, _):
            if let declared, declared != type {
                return .unread("the key is a '\(type)', the tag's Element declares '\(declared)' keys")
            }
            return .typedWithoutValue(type, reason: "no key rule reads which '\(type)' value it is")
        }
    }
}

extension ExprSyntax {
    /// Whether the expression is an integer literal, negated or not.
    var isIntegerLiteral: Bool {
        self.is(IntegerLiteralExprSyntax.self)
            || self.as(PrefixOperatorExprSyntax.self).map { $0.operator.text == "-" && $0.expression.is(IntegerLiteralExprSyntax.self) } == true
    }

    /// How the runtime prints a literal key (`String(reflecting:)` of its value): a string
    /// without interpolation (its escapes decoded), an integer in any base up to `Int.max`,
    /// negated or not, a Boolean.
    var literalKeySpelling: String? {
        if let string = self.as(StringLiteralExprSyntax.self) {
            return string.representedLiteralValue.map { String(reflecting: $0) }
        }
        if let integer = self.as(IntegerLiteralExprSyntax.self) {
            return integer.representedLiteralValue.map { String(reflecting: $0) }
        }
        if let negated = self.as(PrefixOperatorExprSyntax.self), negated.operator.text == "-",
           let integer = negated.expression.as(IntegerLiteralExprSyntax.self) {
            return integer.representedLiteralValue.map { String(reflecting: -$0) }
        }
        if let boolean = self.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
        return nil
    }
}

extension FactoryReader {
    /// Whether enum `declaration` declares case `name` without associated values.
    func declaresPlainCase(_ name: String, in declaration: TypeDeclaration) -> Bool {
        memberBlocks(of: declaration).contains { body in
            body.members.contains { member in
                member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.name.text == name && $0.parameterClause == nil } == true
            }
        }
    }

    /// Whether `declaration` or one of its extensions declares `==` or `hash(into:)`, which
    /// replace the synthesized ones that compare cases.
    func declaresOwnEquality(_ declaration: TypeDeclaration) -> Bool {
        memberBlocks(of: declaration).contains { body in
            body.members.contains { member in
                guard let function = member.decl.as(FunctionDeclSyntax.self) else { return false }
                return function.name.text == "==" || function.name.text == "hash"
            }
        }
    }

    /// The bodies of a type's declaration and its extensions.
    private func memberBlocks(of declaration: TypeDeclaration) -> [MemberBlockSyntax] {
        var bodies = declaration.extensionBodies.map(\.syntax)
        if let block = declaration.declaration?.syntax.asProtocol((any DeclGroupSyntax).self)?.memberBlock { bodies.append(block) }
        return bodies
    }
}
