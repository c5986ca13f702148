import SwiftSyntax

/// What cleansec's typing interface says of an expression: the type the compiler gives it
/// with no contextual type (where an untyped `bind().to { … }` returns it), with the rule that
/// proved it, or why no rule does.
enum ExpressionTyping: Equatable, Sendable, CustomStringConvertible {
    /// The expression has `type`, as rule `rule` proves.
    case typed(SpelledType, rule: String)
    /// No rule proves the expression's type; `reason` says what is missing.
    case unread(String)

    /// The type, when a rule proved one.
    var type: SpelledType? {
        if case .typed(let type, _) = self { return type }
        return nil
    }

    /// The rule that proved the type, or `nil` for an unread expression.
    var rule: String? {
        if case .typed(_, let rule) = self { return rule }
        return nil
    }

    var description: String {
        switch self {
        case .typed(let type, let rule): "\(type) (\(rule))"
        case .unread(let reason): "unread: \(reason)"
        }
    }
}

/// cleansec's one answer to "what type is this expression": every rule of
/// ``TypingRule/all`` is asked in order, and the first that accepts the expression's syntax
/// answers, with a type it proves from declarations or `unread`. Reading (a closure's one
/// expression, a `to(value:)` argument) asks it; nothing else infers an expression's type.
///
/// ```swift
/// let typer = ExpressionTyper(reader: FactoryReader(resolver: resolver))
/// typer.type(of: "Config.load().region", in: [], file: file)  // .typed(String, "instanceProperty")
/// ```
struct ExpressionTyper {
    let reader: FactoryReader

    /// The type of `expression`, written in `file` inside the type whose nesting path is
    /// `context`.
    func type(of expression: ExprSyntax, in context: [String], file: SourceFile) -> ExpressionTyping {
        TypingQuestion(reader: reader, context: context, file: file, depth: 0).type(of: expression)
    }
}

/// One expression asked of the rules, with what they may read to answer it.
struct TypingQuestion {
    let reader: FactoryReader
    /// The nesting path of the type the expression is written in.
    let context: [String]
    let file: SourceFile
    /// How deep in a chain the question is (a bound: the declarations read may be cyclic).
    let depth: Int

    var resolver: TypeResolver { reader.resolver }
    var index: DeclarationIndex { reader.index }

    /// The first answer of the rules accepting `expression`, or `unread`.
    func type(of expression: ExprSyntax) -> ExpressionTyping {
        guard depth < 32 else { return .unread("the expression nests too deeply") }
        let inner = TypingQuestion(reader: reader, context: context, file: file, depth: depth + 1)
        for rule in TypingRule.all {
            guard let answer = rule.answer(expression, inner) else { continue }
            // A generic parameter no argument fixes (`Map.empty()` of a generic `Map`) is
            // inferred by the compiler from what the rules do not read.
            if let type = answer.type, !type.isKnown {
                return .unread("'\(type)' has a generic parameter or a type cleansec cannot name")
            }
            if let type = answer.type, !type.isDeclared(in: index) {
                return .unread("'\(type)' names a type cleansec cannot see (a typealias or C type) or a generic type without its arguments")
            }
            return answer
        }
        return .unread("no typing rule reads '\(expression.kind)' expressions")
    }

    /// The type of a sub-expression, or `nil` when it is unread.
    func typeOf(_ expression: ExprSyntax) -> SpelledType? {
        type(of: expression).type
    }
}
