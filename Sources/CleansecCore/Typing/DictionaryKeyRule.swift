import SwiftSyntax

/// What the typing interface says of an `intoDictionary(key:)` argument: the key's type and
/// the runtime's spelling of its value (`String(reflecting:)`, which ``MultibindingKey``
/// prints and duplicate keys are found by), with the rule that proved both, or why none does.
enum DictionaryKeyTyping: Equatable, Sendable {
    /// The key has `type` and prints as `spelling`, as rule `rule` proves.
    case typed(SpelledType, spelling: String, rule: String)
    /// No rule proves the key's type and value; `reason` says what is missing.
    case unread(String)
}

/// One rule of the typing interface for dictionary keys (``ExpressionTyper/dictionaryKey(_:declared:in:file:)``):
/// a key needs its type and its value, as the runtime prints it, so its rules are a list of
/// their own, asked in order after the expression rules have typed the key.
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
        name: "literalKey", accepts: "a string literal of printable ASCII with no escapes, an integer literal in any base, true or false",
        example: "0x2A37 is Int, printed 10807; \"home\" is String, printed \"home\""
    ) { key, typed, declared, _ in
        guard let value = key.literalKeySpelling else { return nil }
        guard case .typed(let type, _) = typed else {
            if case .unread(let reason) = typed { return .unread(reason) }
            return nil
        }
        guard declared == nil || declared == type else { return nil }
        return .typed(type, spelling: value, rule: "literalKey")
    }

    static let integerKeyOfDeclaredType = DictionaryKeyRule(
        name: "integerKeyOfDeclaredType", accepts: "an integer literal where the tag's Element declares an integer key type",
        example: "0x01 under a tag whose Element is [UInt8: Command] is UInt8, printed 1"
    ) { key, _, declared, _ in
        guard key.is(IntegerLiteralExprSyntax.self), let value = key.literalKeySpelling,
              case .named(let name, [])? = declared, StandardLibraryMembers.integerTypes.contains(name)
        else { return nil }
        return .typed(.named(name, []), spelling: value, rule: "integerKeyOfDeclaredType")
    }

    static let enumCaseKey = DictionaryKeyRule(
        name: "enumCaseKey", accepts: "X.c: a case without associated values of an enum X this target declares, which prints as itself",
        example: "Route.home is Route, printed Shop.Route.home"
    ) { key, typed, declared, question in
        guard let member = key.as(MemberAccessExprSyntax.self), let base = member.base,
              let owner = question.reader.staticOwner(base, in: question.context), let path = owner.path,
              let declaration = question.index.declaration(path), declaration.kind == .enum
        else { return nil }
        let name = member.declName.baseName.text
        guard case .typed(let type, _) = typed, type == owner, declared == nil || declared == owner else {
            return .unread("'\(owner).\(name)' is not a case of '\(owner)', or the tag declares another key type")
        }
        if let reason = question.reader.printsCasesAsWritten(declaration) { return .unread(reason) }
        guard question.reader.declaresPlainCase(name, in: declaration) else {
            return .unread("'\(owner).\(name)' is not a case without associated values of '\(owner)': its printed value is not read")
        }
        return .typed(owner, spelling: "\(declaration.moduleName).\(path).\(name)", rule: "enumCaseKey")
    }
}

extension ExpressionTyper {
    /// The type and printed value of dictionary key `key`, written in `file` inside the type
    /// whose nesting path is `context`. `declared` is the key type a tag's `Element` gives
    /// the dictionary (`[UInt8: Handler]`), which the compiler infers the literal as.
    func dictionaryKey(_ key: ExprSyntax, declared: SpelledType?, in context: [String], file: SourceFile) -> DictionaryKeyTyping {
        let question = TypingQuestion(reader: reader, context: context, file: file, depth: 0)
        let typed = question.type(of: key)
        for rule in DictionaryKeyRule.all {
            if let answer = rule.answer(key, typed, declared, question) { return answer }
        }
        if let declared, let type = typed.type, declared != type {
            return .unread("the key is a '\(type)', the tag's Element declares '\(declared)' keys")
        }
        if case .unread(let reason) = typed { return .unread(reason) }
        return .unread("no key rule reads how a '\(typed.type?.description ?? "")' value prints")
    }
}

extension ExprSyntax {
    /// How the runtime prints a literal key (`String(reflecting:)`), where that is its
    /// source: a one-line string of printable ASCII with no escapes (quoted), an integer in
    /// any base up to `Int.max` (in decimal), a Boolean.
    var literalKeySpelling: String? {
        if let string = self.as(StringLiteralExprSyntax.self) {
            guard string.openingQuote.tokenKind == .stringQuote, string.segments.count <= 1 else { return nil }
            let text = string.segments.first.map { $0.as(StringSegmentSyntax.self)?.content.text } ?? ""
            guard let text, text.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) && $0 != "\\" && $0 != "\"" }) else { return nil }
            return "\"\(text)\""
        }
        if let integer = self.as(IntegerLiteralExprSyntax.self) {
            return integer.representedLiteralValue.map { String($0) }
        }
        if let boolean = self.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
        return nil
    }
}

extension FactoryReader {
    /// Why the cases of `declaration` may not print as `Module.Enum.case`, or `nil` when they
    /// do: an enum of another target (its cases and conformances are not in its model), a
    /// generic or private one (printed with its arguments or its file's context), or one that
    /// conforms to a protocol that may give it a description.
    func printsCasesAsWritten(_ declaration: TypeDeclaration) -> String? {
        guard declaration.declaration != nil, declaration.compiledModule == nil else {
            return "'\(declaration.path)' is declared in another module, whose cases and conformances cleansec does not read"
        }
        var prefix = declaration.context
        while !prefix.isEmpty {
            guard let enclosing = index.declaration(prefix.joined(separator: ".")) else {
                return "'\(prefix.joined(separator: "."))' is not a type cleansec reads"
            }
            if !enclosing.genericParameters.isEmpty { return "'\(enclosing.path)' is generic: its values print with its arguments" }
            if let modifiers = enclosing.declaration?.syntax.asProtocol((any WithModifiersSyntax).self)?.modifiers,
               modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }) {
                return "'\(enclosing.path)' is private: its values print with their file's context"
            }
            prefix.removeLast()
        }
        for inherited in declaration.inherited {
            // The standard library's, not a type of the app's own with its name.
            let written = inherited.trimmedDescription
            let name = written.hasPrefix("Swift.") ? String(written.dropFirst(6)) : written
            guard Self.conformancesKeepingCasePrinting.contains(name), index.declaration(name).map({ $0.kind == .extensionOnly }) ?? true else {
                return "'\(declaration.path)' conforms to '\(inherited.trimmedDescription)', which may change how its cases print"
            }
        }
        return nil
    }

    /// Whether enum `declaration` declares case `name` without associated values.
    func declaresPlainCase(_ name: String, in declaration: TypeDeclaration) -> Bool {
        var bodies = declaration.extensionBodies.map(\.syntax)
        if let block = declaration.declaration?.syntax.asProtocol((any DeclGroupSyntax).self)?.memberBlock { bodies.append(block) }
        return bodies.contains { body in
            body.members.contains { member in
                member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.name.text == name && $0.parameterClause == nil } == true
            }
        }
    }

    /// What an enum may conform to and still print its cases as `Module.Enum.case`: raw
    /// value types and protocols that give no description.
    static let conformancesKeepingCasePrinting: Set<String> = [
        "Hashable", "Equatable", "Sendable", "CaseIterable", "Codable", "Encodable", "Decodable", "Comparable",
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Character", "Double", "Float",
    ]
}
