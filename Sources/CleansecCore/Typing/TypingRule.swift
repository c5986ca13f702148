import SwiftSyntax

/// One rule of cleansec's typing interface (``ExpressionTyper``): the syntax it accepts, the
/// declarations it reads, an example, and how it answers. A rule that accepts an expression
/// answers for it, with a type or `unread`; one that does not accept it returns `nil` and
/// the next rule is asked. Each rule states what the compiler does (checked by the typing
/// campaign, `Tests/TypingCampaign`), never more.
package struct TypingRule: Sendable {
    /// The rule's name, given with every type it proves.
    package let name: String
    /// The syntax the rule accepts.
    package let accepts: String
    /// The declarations it reads to answer.
    package let needs: String
    /// An expression it types, and the type.
    package let example: String
    let answer: @Sendable (ExprSyntax, TypingQuestion) -> ExpressionTyping?

    /// The rules, in the order they are asked.
    package static let all: [TypingRule] = [
        literal, negatedLiteral, grouping, tryAndAwait, optionalTry, coercion,
        arrayLiteral, dictionaryLiteral, tupleLiteral,
        initializerCall, staticFunctionCall, methodCall, freeFunctionCall,
        staticMember, instanceMember, forceUnwrap, inferredByContext,
    ]

    /// The names of the rules, in order.
    package static var names: [String] { all.map(\.name) }

    static let literal = TypingRule(
        name: "literal", accepts: "a string, integer, floating-point or Boolean literal",
        needs: "nothing: the literal's default type", example: "\"eu-west\" is String, 0x2A is Int, 1.5 is Double"
    ) { expression, question in
        // The literal's default type, and the typealias that changes it.
        let literal: (type: String, alias: String)? = switch expression.kind {
        case .stringLiteralExpr: ("String", "StringLiteralType")
        case .integerLiteralExpr: ("Int", "IntegerLiteralType")
        case .floatLiteralExpr: ("Double", "FloatLiteralType")
        case .booleanLiteralExpr: ("Bool", "BooleanLiteralType")
        default: nil
        }
        if let literal {
            // A module's `typealias IntegerLiteralType = …` changes the default.
            guard question.index.topLevel.typealiases[literal.alias] == nil else {
                return .unread("the module declares '\(literal.alias)', which changes the literal's default type")
            }
            return .typed(.named(literal.type, []), rule: "literal")
        }
        if expression.is(NilLiteralExprSyntax.self) { return .unread("'nil' has a type only from its context") }
        if expression.is(RegexLiteralExprSyntax.self) { return .unread("a regex literal's output type is not read") }
        return nil
    }

    static let negatedLiteral = TypingRule(
        name: "negatedLiteral", accepts: "'-' before an integer or floating-point literal",
        needs: "nothing: the literal's default type", example: "-1 is Int"
    ) { expression, question in
        guard let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
              prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self)
        else { return nil }
        return question.type(of: prefix.expression).renamed("negatedLiteral")
    }

    static let grouping = TypingRule(
        name: "grouping", accepts: "one expression in parentheses",
        needs: "the inner expression's", example: "(Config.standard) is Config"
    ) { expression, question in
        guard let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
              let only = tuple.elements.first, only.label == nil else { return nil }
        return question.type(of: only.expression)
    }

    static let tryAndAwait = TypingRule(
        name: "tryAndAwait", accepts: "'try', 'try!' or 'await' before an expression",
        needs: "the inner expression's", example: "try await Store.open() is Store"
    ) { expression, question in
        if let marked = expression.as(TryExprSyntax.self), marked.questionOrExclamationMark?.tokenKind != .postfixQuestionMark {
            return question.type(of: marked.expression)
        }
        if let awaited = expression.as(AwaitExprSyntax.self) { return question.type(of: awaited.expression) }
        return nil
    }

    static let optionalTry = TypingRule(
        name: "optionalTry", accepts: "'try?' before an expression",
        needs: "the inner expression's", example: "try? Store.open() is Optional<Store>; an optional is not wrapped again"
    ) { expression, question in
        guard let marked = expression.as(TryExprSyntax.self), marked.questionOrExclamationMark?.tokenKind == .postfixQuestionMark else { return nil }
        guard let inner = question.typeOf(marked.expression) else { return question.type(of: marked.expression) }
        if case .named("Optional", let wrapped) = inner, wrapped.count == 1 { return .typed(inner, rule: "optionalTry") }
        return .typed(.named("Optional", [inner]), rule: "optionalTry")
    }

    static let coercion = TypingRule(
        name: "coercion", accepts: "'value as T', 'value as! T', 'value as? T'",
        needs: "T's declaration", example: "\"client\" as String is String; x as? Int is Optional<Int>"
    ) { expression, question in
        // Operators are not folded: a sequence of the value, `as` and the type.
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), let written = elements[2].as(TypeExprSyntax.self) else {
            return .unread("an operator's result is chosen by overload resolution")
        }
        let type = question.resolver.resolve(written.type, in: question.context)
        guard type.isKnown else { return .unread("the type '\(written.type.trimmedDescription)' cannot be named") }
        let isOptional = cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        return .typed(isOptional ? .named("Optional", [type]) : type, rule: "coercion")
    }

    static let arrayLiteral = TypingRule(
        name: "arrayLiteral", accepts: "an array literal whose elements all have one type",
        needs: "the elements'", example: "[Plugin.a, Plugin.b] is Array<Plugin>"
    ) { expression, question in
        guard let array = expression.as(ArrayExprSyntax.self) else { return nil }
        guard let element = question.commonType(of: array.elements.map(\.expression)) else {
            return .unread("an array literal's element type is inferred from elements of different or unread types")
        }
        return .typed(.named("Array", [element]), rule: "arrayLiteral")
    }

    static let dictionaryLiteral = TypingRule(
        name: "dictionaryLiteral", accepts: "a dictionary literal whose keys all have one type, and values one type",
        needs: "the keys' and values'", example: "[\"a\": 1] is Dictionary<String, Int>"
    ) { expression, question in
        guard let dictionary = expression.as(DictionaryExprSyntax.self) else { return nil }
        guard case .elements(let elements) = dictionary.content,
              let key = question.commonType(of: elements.map(\.key)), let value = question.commonType(of: elements.map(\.value))
        else { return .unread("a dictionary literal's types are inferred from keys or values of different or unread types") }
        return .typed(.named("Dictionary", [key, value]), rule: "dictionaryLiteral")
    }

    static let tupleLiteral = TypingRule(
        name: "tupleLiteral", accepts: "a tuple of two or more expressions, labelled or not",
        needs: "the elements'", example: "(x: 1, y: \"a\") is (x: Int, y: String)"
    ) { expression, question in
        guard let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count > 1 else { return nil }
        var types: [SpelledType] = []
        for element in tuple.elements {
            guard let type = question.typeOf(element.expression) else { return .unread("a tuple element's type is unread") }
            types.append(element.label.map { .labeled($0.text, type) } ?? type)
        }
        return .typed(.tuple(types), rule: "tupleLiteral")
    }

    static let initializerCall = TypingRule(
        name: "initializerCall", accepts: "X(…) or X.init(…) of a declared type X",
        needs: "X's initializers (failable ones make X?; a generic X needs its arguments written)",
        example: "Endpoint(string: s) is Optional<Endpoint> when init?(string:) is failable"
    ) { expression, question in
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        guard let owner = question.reader.staticOwner(callee, in: question.context) else { return nil }
        // `X("…")`, `X([])`: a literal given alone is coerced to X where X is expressible by
        // that literal (SE-0213), whatever initializers X declares.
        if call.arguments.count == 1, let only = call.arguments.first, only.label == nil, call.trailingClosure == nil,
           [.stringLiteralExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .arrayExpr, .dictionaryExpr, .nilLiteralExpr].contains(only.expression.kind)
            || only.expression.as(PrefixOperatorExprSyntax.self).map({ $0.operator.text == "-" && [.integerLiteralExpr, .floatLiteralExpr].contains($0.expression.kind) }) == true {
            return .unread("'\(owner)(literal)' may be the literal coerced to '\(owner)', which cleansec does not read")
        }
        // A trailing closure fills a parameter the labels do not show: the overload is unknown,
        // so only a type without failable initializers is X for certain.
        if call.trailingClosure != nil || !call.additionalTrailingClosures.isEmpty {
            return question.reader.initializerCallType(of: owner, labels: nil, file: question.file)
                .map { .typed($0, rule: "initializerCall") }
                ?? .unread("'\(owner)' has a failable initializer a trailing closure may call, or is generic")
        }
        return question.reader.initializerCallType(of: owner, labels: call.labelsWritten, file: question.file)
            .map { .typed($0, rule: "initializerCall") }
            ?? .unread("no initializer of '\(owner)' proves what X(…) makes (a generic type's inferred arguments, or failable and not)")
    }

    static let staticFunctionCall = TypingRule(
        name: "staticFunctionCall", accepts: "X.f(…) of a declared type X",
        needs: "f's declaration ('Self' is X)", example: "Config.load() is Config"
    ) { expression, question in
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, let owner = question.reader.staticOwner(base, in: question.context) else { return nil }
        if let unread = call.trailingClosureUnread { return unread }
        return question.reader.functionResult(member.declName.baseName.text, labels: call.labelsWritten, of: owner, isStatic: true)
            .map { .typed($0, rule: "staticFunctionCall") }
            ?? .unread("'\(owner).\(member.declName.baseName.text)' is not declared with those labels in what cleansec reads")
    }

    static let methodCall = TypingRule(
        name: "methodCall", accepts: "value.f(…) where value's type is proven",
        needs: "f's declaration in value's type, or the standard library table",
        example: "Config.load().with(region: \"us\") is Config; names.sorted() is Array<String>"
    ) { expression, question in
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base else { return nil }
        let name = member.declName.baseName.text
        guard let value = question.typeOf(base) else { return question.type(of: base) }
        if let unread = call.trailingClosureUnread { return unread }
        return (question.reader.functionResult(name, labels: call.labelsWritten, of: value, isStatic: false)
            ?? StandardLibraryMembers.type(of: name, called: true, labels: call.labelsWritten, on: value))
            .map { .typed($0, rule: "methodCall") }
            ?? .unread("'\(name)' of '\(value)' is not declared in what cleansec reads")
    }

    static let freeFunctionCall = TypingRule(
        name: "freeFunctionCall", accepts: "f(…) of a declared top-level function",
        needs: "f's declaration", example: "makeSession() is URLSession"
    ) { expression, question in
        guard let call = expression.as(FunctionCallExprSyntax.self), let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        if let unread = call.trailingClosureUnread { return unread }
        // A function of the enclosing types with that name hides the top-level one.
        var prefix = question.context
        while !prefix.isEmpty {
            if let owner = question.index.declaration(prefix.joined(separator: ".")),
               owner.functions[reference.baseName.text] != nil || owner.imported.functions[reference.baseName.text] != nil {
                return .unread("'\(reference.baseName.text)' may name a function of '\(prefix.joined(separator: "."))', which this rule does not read")
            }
            prefix.removeLast()
        }
        guard case .success(let signature) = question.reader.functionSignature(named: reference.baseName.text, labels: call.labelsWritten, in: "", instance: false, from: question.file.fileID),
              let result = signature.result
        else { return .unread("'\(reference.baseName.text)' is neither a type cleansec can construct nor a function it reads") }
        return .typed(result, rule: "freeFunctionCall")
    }

    static let staticMember = TypingRule(
        name: "staticMember", accepts: "X.member: a static property or enum case of a declared type X",
        needs: "the property's written type (or its value's), or the case", example: "Theme.dark is Theme; URLSessionConfiguration.ephemeral is URLSessionConfiguration"
    ) { expression, question in
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
              let owner = question.reader.staticOwner(base, in: question.context) else { return nil }
        let name = member.declName.baseName.text
        return question.reader.memberType(name, of: owner, isStatic: true, depth: question.depth)
            .map { .typed($0, rule: "staticMember") }
            ?? .unread("'\(owner).\(name)' is not declared in what cleansec reads")
    }

    static let instanceMember = TypingRule(
        name: "instanceMember", accepts: "value.property where value's type is proven",
        needs: "the property's declaration (a class's superclasses too), or the standard library table",
        example: "Config.load().region is String; names.count is Int"
    ) { expression, question in
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let name = member.declName.baseName.text
        guard let value = question.typeOf(base) else { return question.type(of: base) }
        return (question.reader.memberType(name, of: value, isStatic: false, depth: question.depth)
            ?? StandardLibraryMembers.type(of: name, called: false, labels: [], on: value))
            .map { .typed($0, rule: "instanceMember") }
            ?? .unread("'\(name)' of '\(value)' is not declared in what cleansec reads")
    }

    static let forceUnwrap = TypingRule(
        name: "forceUnwrap", accepts: "value! where value's type is a proven optional",
        needs: "the value's", example: "URL(string: s)! is URL"
    ) { expression, question in
        guard let unwrapped = expression.as(ForceUnwrapExprSyntax.self) else { return nil }
        guard case .named("Optional", let wrapped)? = question.typeOf(unwrapped.expression), wrapped.count == 1 else {
            return .unread("'!' of a value not proven optional")
        }
        return .typed(wrapped[0], rule: "forceUnwrap")
    }

    static let inferredByContext = TypingRule(
        name: "inferredByContext", accepts: "closures, operators, ternaries, '.member' and other forms whose type comes from context or overloads",
        needs: "(none: always unread)", example: "{ $0 + 1 }, a ?? b, .shared: unread"
    ) { expression, _ in
        if expression.is(ClosureExprSyntax.self) { return .unread("a closure's type is inferred from its body and context") }
        if expression.is(TernaryExprSyntax.self) || expression.is(SequenceExprSyntax.self) || expression.is(PrefixOperatorExprSyntax.self) || expression.is(PostfixOperatorExprSyntax.self) {
            return .unread("an operator's result is chosen by overload resolution")
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil { return .unread("'.\(member.declName.baseName.text)' names a member of the contextual type") }
        return nil
    }
}

extension ExpressionTyping {
    /// The same answer credited to `rule`.
    func renamed(_ rule: String) -> ExpressionTyping {
        if case .typed(let type, _) = self { return .typed(type, rule: rule) }
        return self
    }
}

extension TypingQuestion {
    /// The one type every expression of `expressions` has, or `nil` when there are none, one
    /// is unread, or two differ (the compiler would find a common type, or refuse).
    func commonType(of expressions: [ExprSyntax]) -> SpelledType? {
        var common: SpelledType?
        for expression in expressions {
            guard let type = typeOf(expression), common == nil || common == type else { return nil }
            common = type
        }
        return common
    }
}

extension FunctionCallExprSyntax {
    /// The argument labels written, `_` for an unlabelled argument (a trailing closure adds
    /// none: an initializer whose last parameter takes it is matched by the labels before).
    var labelsWritten: [String] { arguments.map { $0.label?.text ?? "_" } }

    /// Unread, for a call with a trailing closure: it fills a parameter the labels do not
    /// show, so the overload it calls is not told by them.
    var trailingClosureUnread: ExpressionTyping? {
        trailingClosure == nil && additionalTrailingClosures.isEmpty ? nil : .unread("a trailing closure chooses among overloads by types this rule does not read")
    }
}
