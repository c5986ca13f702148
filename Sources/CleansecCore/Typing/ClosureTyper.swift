import CleanseGraph
import SwiftSyntax

/// One rule of the typing interface for a closure's parameters (``ClosureTyper``): what it
/// reads, an example, and the type it proves for one parameter, or `nil` to ask the next
/// rule. A parameter no rule types leaves the closure unread.
package struct ClosureParameterRule: Sendable {
    /// The rule's name.
    package let name: String
    /// What the rule reads.
    package let accepts: String
    /// A closure it types, and the parameter's type.
    package let example: String
    let answer: @Sendable (_ parameter: ClosureParameter, _ question: ClosureQuestion) -> SpelledType?

    /// The rules, in the order they are asked.
    package static let all: [ClosureParameterRule] = [
        annotatedParameter, contextualParameter, castInBody, passedToInitializer, injectorTarget, handedToTarget,
    ]

    /// The names of the rules, in order.
    package static var names: [String] { all.map(\.name) }

    static let annotatedParameter = ClosureParameterRule(
        name: "annotatedParameter", accepts: "a parameter written with its type",
        example: "{ (store: Store) in … } takes Store"
    ) { parameter, question in
        parameter.annotation.map { question.reader.resolver.resolve($0, in: question.context) }
    }

    static let contextualParameter = ClosureParameterRule(
        name: "contextualParameter", accepts: "any parameter of a closure whose binding's overload fixes its parameter list",
        example: "an assisted factory of its seed alone: { seed in … } takes the seed"
    ) { parameter, question in
        guard let contextual = question.contextual, contextual.count == parameter.count else { return nil }
        return contextual[parameter.position]
    }

    static let castInBody = ClosureParameterRule(
        name: "castInBody", accepts: "a parameter the body casts with a plain 'as'",
        example: "{ ($1 as TaggedProvider<Greeting>).get() } takes TaggedProvider<Greeting> second"
    ) { parameter, question in
        CastFinder.cast(of: parameter.name, in: question.closure).map { question.reader.resolver.resolve($0, in: question.context) }
    }

    static let passedToInitializer = ClosureParameterRule(
        name: "passedToInitializer", accepts: "a parameter passed unchanged to the one initializer a body 'X(…)' calls",
        example: "{ Engine(fuel: $0, oil: $1) } takes init(fuel:oil:)'s parameter types"
    ) { parameter, question in
        question.passedToInitializer[parameter.name]
    }

    static let injectorTarget = ClosureParameterRule(
        name: "injectorTarget", accepts: "the first parameter of a property injector's closure",
        example: "bindPropertyInjectionOf(Feed.self).to { $0.inject(store: $1) } takes Feed first"
    ) { parameter, question in
        parameter.position == 0 ? question.target : nil
    }

    static let handedToTarget = ClosureParameterRule(
        name: "handedToTarget", accepts: "a parameter an injector hands to its target's method or property",
        example: "{ $0.inject(store: $1) } takes inject(store:)'s parameter type second"
    ) { parameter, question in
        question.target == nil ? nil : question.handedToTarget[parameter.name]
    }
}

/// One parameter of a closure, as a rule reads it.
struct ClosureParameter {
    /// Its name in the body (`store`, `$1`).
    let name: String
    let position: Int
    /// How many parameters the closure takes.
    let count: Int
    /// The type written for it.
    let annotation: TypeSyntax?
}

/// A closure asked of the rules, with what they may read to answer. (A class: what the
/// body's initializer call and the injector's uses give is read once, when a rule first
/// asks.)
final class ClosureQuestion {
    let reader: FactoryReader
    let closure: ClosureExprSyntax
    let context: [String]
    let file: SourceFile
    /// The parameter list the binding's overload fixes, when it fixes one.
    let contextual: [SpelledType]?
    /// The type the binding binds, which fixes a generic type's arguments the factory leaves out.
    let expected: SpelledType?
    /// A property injector's target.
    let target: SpelledType?

    init(reader: FactoryReader, closure: ClosureExprSyntax, context: [String], file: SourceFile, contextual: [SpelledType]?, expected: SpelledType?, target: SpelledType?) {
        self.reader = reader
        self.closure = closure
        self.context = context
        self.file = file
        self.contextual = contextual
        self.expected = expected
        self.target = target
    }

    /// The initializer parameter types the body's one `X(…)` passes names to, by name.
    lazy var passedToInitializer: [String: SpelledType] = reader.constructedCall(in: closure, context: context)
        .map { reader.initializerArgumentTypes(of: $0.call, owner: $0.type, file: file, expected: expected) } ?? [:]

    /// The types of the names an injector hands to its target, by name.
    lazy var handedToTarget: [String: SpelledType] = target.map {
        reader.targetArgumentTypes(closure, target: $0, firstParameter: FactoryReader.firstParameterName(of: closure))
    } ?? [:]

    /// The type of `parameter`: the first rule's answer.
    func type(of parameter: ClosureParameter) -> SpelledType? {
        for rule in ClosureParameterRule.all {
            if let type = rule.answer(parameter, self) { return type }
        }
        return nil
    }
}

/// The typing interface for a factory written as a closure: its parameters (each from
/// ``ClosureParameterRule/all``), its effects and isolation, and what it makes (its written
/// result, or its one expression's type from ``ExpressionTyper``).
struct ClosureTyper {
    let reader: FactoryReader

    /// The signature of `closure`, written in `file` inside the type at `context`, or why it
    /// cannot be read (see ``FactoryReader/signature(of:in:file:contextual:expected:target:ranking:)``).
    func signature(of closure: ClosureExprSyntax, in context: [String], file: SourceFile, contextual: [SpelledType]?, expected: SpelledType?, target: SpelledType?) -> Result<FactorySignature, Unreadable> {
        let question = ClosureQuestion(reader: reader, closure: closure, context: context, file: file, contextual: contextual, expected: expected, target: target)
        var parameters: [SpelledType] = []
        var isAsync = false
        var actor: String?
        var result: SpelledType?
        if let signature = closure.signature {
            switch signature.parameterClause {
            case .parameterClause(let clause):
                for (position, parameter) in clause.parameters.enumerated() {
                    let asked = ClosureParameter(name: (parameter.secondName ?? parameter.firstName).text, position: position, count: clause.parameters.count, annotation: parameter.type)
                    guard let type = question.type(of: asked) else {
                        return .failure(Unreadable("the closure's parameter '\(parameter.firstName.text)' has no type annotation", kind: .factory))
                    }
                    parameters.append(type)
                }
            case .simpleInput(let names):
                for (position, name) in names.enumerated() {
                    guard let type = question.type(of: ClosureParameter(name: name.name.text, position: position, count: names.count, annotation: nil)) else {
                        return .failure(Unreadable("the closure's parameters have no type annotations", kind: .factory))
                    }
                    parameters.append(type)
                }
            case nil:
                break
            }
            isAsync = signature.effectSpecifiers?.asyncSpecifier != nil || signature.effectSpecifiers?.throwsClause != nil
            let isolation = reader.index.isolation(of: signature.attributes, context: context)
            actor = isolation.actor
            if let through = isolation.unreadThrough {
                return .failure(Unreadable("whether the closure is isolated to a global actor is unknown: it is marked '\(through)', which no file or module cleansec reads declares; give cleansec the module that declares it (-I)", kind: .declaredElsewhere))
            }
            result = signature.returnClause.map { reader.resolver.resolve($0.type, in: context) }
        } else if case let arity = ShorthandFinder.shorthandArity(closure), arity > 0 {
            for position in 0..<arity {
                guard let type = question.type(of: ClosureParameter(name: "$\(position)", position: position, count: arity, annotation: nil)) else {
                    return .failure(Unreadable("the closure uses $0-style parameters, whose types are inferred", kind: .factory))
                }
                parameters.append(type)
            }
        }
        if !isAsync, closure.signature?.effectSpecifiers == nil, EffectFinder.awaitsOrThrows(closure) {
            isAsync = true
        }
        // `{ Config.load().with(region: "us") }`, `{ "client" as String }`, `{ Endpoint(string: s) }`:
        // the one expression's type, as the expression rules prove it (a failable
        // initializer makes an optional, a generic type's inferred arguments are unread).
        var unreadResult: String?
        let single = closure.statements.count == 1 ? closure.statements.first.flatMap { $0.item.as(ExprSyntax.self) ?? $0.item.as(ReturnStmtSyntax.self)?.expression } : nil
        if result == nil, let expression = single {
            switch ExpressionTyper(reader: reader).type(of: expression, in: context, file: file) {
            case .typed(let type, _): result = type
            case .unread(let reason): unreadResult = "'\(SourceFile.oneLine(expression))': \(reason)"
            }
        }
        // (An initializer's optional result is the type's: `init?` keeps its isolation.)
        let made = result.flatMap { result -> SpelledType? in
            if case .named("Optional", let wrapped) = result, wrapped.count == 1 { return wrapped[0] }
            return result
        }
        if actor == nil, let path = made?.path, let constructed = reader.index.declaration(path) {
            // A closure that makes a main-actor type is inferred to be main-actor isolated.
            actor = constructed.globalActor
        }
        // A closure making a type whose isolation is unread (its result, or the type whose
        // initializer its one expression calls, when that result is unread for another reason).
        let calledType = single?.as(FunctionCallExprSyntax.self).flatMap { FactoryReader.typeSyntax(of: $0.calledExpression) }
            .flatMap { reader.resolver.resolve($0, in: context).path }
        if actor == nil, !isAsync, let path = made?.path ?? calledType, let constructed = reader.index.declaration(path),
           let reason = FactoryReader.unreadIsolation(of: constructed, for: .closure) {
            return .failure(Unreadable(reason, kind: .declaredElsewhere))
        }
        return .success(FactorySignature(parameters: parameters, effect: isAsync ? .asynchronous : actor != nil ? .mainActor : .synchronous, result: result, resultUnread: unreadResult))
    }
}

extension FactoryReader {
    /// The types of the names an injector closure hands to its target `target` unchanged: the
    /// parameters of the target's method they are passed to, or the types of the target's
    /// properties they are assigned to, by name.
    func targetArgumentTypes(_ closure: ClosureExprSyntax, target: SpelledType, firstParameter: String) -> [String: SpelledType] {
        guard let path = target.path else { return [:] }
        let uses = TargetUseFinder.uses(of: firstParameter, in: closure)
        var arguments: [SpelledType] = []
        if case .named(_, let written) = target { arguments = written }
        var types: [String: SpelledType] = [:]
        for call in uses.calls {
            guard case .success(let signature) = functionSignature(named: call.name, labels: call.labels, in: path, instance: true, arguments: arguments) else { continue }
            for (name, type) in zip(call.arguments, signature.parameters) {
                if let name, types[name] == nil { types[name] = type }
            }
        }
        for (property, name) in uses.assignments where types[name] == nil {
            types[name] = memberType(property, of: target, isStatic: false, depth: 0)
        }
        return types
    }

    /// The name of a closure's first parameter: written (`{ screen, store in … }`), or `$0`.
    static func firstParameterName(of closure: ClosureExprSyntax) -> String {
        switch closure.signature?.parameterClause {
        case .parameterClause(let clause)?:
            return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "$0"
        case .simpleInput(let names)?:
            return names.first?.name.text ?? "$0"
        case nil:
            return "$0"
        }
    }

    /// The types of the initializer parameters that `call`, `X(…)`, the whole body of a
    /// closure, passes plain names to, by name (`{ Engine(fuel: $0, oil: $1) }` gives `$0`
    /// the type of `fuel`): the types Swift infers for the closure's parameters. Empty when
    /// the labels do not choose one initializer (one with defaulted parameters left out
    /// included); a name passed changed (`$0.grade`) is not in it.
    func initializerArgumentTypes(of call: FunctionCallExprSyntax, owner: SpelledType, file: SourceFile, expected: SpelledType?) -> [String: SpelledType] {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
              case .success(let signature) = initializerSignature(of: owner, labels: call.arguments.map { $0.label?.text ?? "_" }, expected: expected, from: file.fileID)
        else { return [:] }
        var types: [String: SpelledType] = [:]
        for (argument, type) in zip(call.arguments, signature.parameters) {
            if let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, types[name] == nil {
                types[name] = type
            }
        }
        return types
    }

    /// The call `X(…)` or `X.init(…)` that is a closure's whole body, and `X`, a type the
    /// analysed files declare.
    func constructedCall(in closure: ClosureExprSyntax, context: [String]) -> (call: FunctionCallExprSyntax, type: SpelledType)? {
        guard closure.statements.count == 1, let item = closure.statements.first?.item,
              var expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
        else { return nil }
        while let wrapped = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?.expression {
            expression = wrapped
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        guard let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? callee.as(MemberAccessExprSyntax.self).map({ _ in callee.sourceText }),
              name.first?.isUppercase == true,
              let resolved = resolver.resolve(typeExpression: callee, in: context)
        else { return nil }
        guard let path = resolved.path, index.declaration(path) != nil else { return nil }
        return (call, resolved)
    }
}

/// Whether a closure's own body uses `$0`-style parameters (nested closures excluded).
private final class ShorthandFinder: SyntaxVisitor {
    var found = false
    /// The highest `$n` the closure's own body uses.
    var highest = -1
    /// How many parameters a closure written with `$0`, `$1`… takes: one more than the
    /// highest it names (0 when it names none).
    static func shorthandArity(_ closure: ClosureExprSyntax) -> Int {
        let finder = ShorthandFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.found ? finder.highest + 1 : 0
    }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if case .dollarIdentifier(let name) = node.baseName.tokenKind {
            found = true
            highest = max(highest, Int(name.dropFirst()) ?? 0)
        }
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Whether a closure's own body awaits or throws, which makes Swift infer it `async` or
/// `throws`.
private final class EffectFinder: SyntaxVisitor {
    var found = false
    static func awaitsOrThrows(_ closure: ClosureExprSyntax) -> Bool {
        let finder = EffectFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.found
    }
    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil { found = true }
        return .visitChildren
    }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The type a closure's own body casts a parameter to with a plain `as` (nested closures
/// excluded): `($1 as TaggedProvider<Greeting>)` types `$1`.
private final class CastFinder: SyntaxVisitor {
    let name: String
    var found: TypeSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    static func cast(of name: String, in closure: ClosureExprSyntax) -> TypeSyntax? {
        let finder = CastFinder(name: name)
        finder.walk(closure.statements)
        return finder.found
    }

    /// `x as T` as the parser leaves it, unfolded: `x`, `as`, `T`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for index in elements.indices.dropLast(2) where found == nil {
            guard elements[index].as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                  let cast = elements[index + 1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                  let type = elements[index + 2].as(TypeExprSyntax.self)
            else { continue }
            found = type.type
        }
        return .visitChildren
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.questionOrExclamationMark == nil,
           node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
            found = node.type
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
