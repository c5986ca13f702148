import CleanseGraph
import SwiftSyntax

// Reading a factory written as a closure: its parameters, annotated or inferred from how
// its body uses them, its effects, and what it makes.

extension FactoryReader {
    func closureSignature(_ closure: ClosureExprSyntax, in context: [String], file: SourceFile, contextual: [SpelledType]?, expected: SpelledType?, target: SpelledType?) -> Result<FactorySignature, Unreadable> {
        /// The type of an unannotated parameter, as the compiler infers it: the one its body
        /// casts it to with `as` (`($1 as TaggedProvider<Greeting>).get()`), the one of the
        /// initializer parameter it is passed to (`{ Engine(fuel: $0, oil: $1) }`), or the
        /// target for an injector's first.
        let constructed = constructedCall(in: closure, context: context)
        let passedToInitializer = constructed.map { initializerArgumentTypes(of: $0.call, owner: $0.type, file: file, expected: expected) } ?? [:]
        // An injector's target is its first parameter; the others may be handed to it.
        var handedToTarget: [String: SpelledType]?
        func inferred(_ name: String, at position: Int) -> SpelledType? {
            if let cast = CastFinder.cast(of: name, in: closure) { return resolver.resolve(cast, in: context) }
            if let type = passedToInitializer[name] { return type }
            if position == 0 { return target }
            guard let target else { return nil }
            if handedToTarget == nil {
                handedToTarget = targetArgumentTypes(closure, target: target, firstParameter: Self.firstParameterName(of: closure))
            }
            return handedToTarget?[name]
        }
        var parameters: [SpelledType] = []
        var isAsync = false
        var actor: String?
        var result: SpelledType?
        if let signature = closure.signature {
            switch signature.parameterClause {
            case .parameterClause(let clause):
                for (position, parameter) in clause.parameters.enumerated() {
                    if let type = parameter.type {
                        parameters.append(resolver.resolve(type, in: context))
                    } else if let contextual, contextual.count == clause.parameters.count {
                        parameters.append(contextual[position])
                    } else if let type = inferred((parameter.secondName ?? parameter.firstName).text, at: position) {
                        parameters.append(type)
                    } else {
                        return .failure(Unreadable("the closure's parameter '\(parameter.firstName.text)' has no type annotation", kind: .factory))
                    }
                }
            case .simpleInput(let names):
                if let contextual, contextual.count == names.count {
                    parameters = contextual
                } else {
                    for (position, name) in names.enumerated() {
                        guard let type = inferred(name.name.text, at: position) else {
                            return .failure(Unreadable("the closure's parameters have no type annotations", kind: .factory))
                        }
                        parameters.append(type)
                    }
                }
            case nil:
                break
            }
            isAsync = signature.effectSpecifiers?.asyncSpecifier != nil || signature.effectSpecifiers?.throwsClause != nil
            actor = index.globalActor(in: signature.attributes)
            result = signature.returnClause.map { resolver.resolve($0.type, in: context) }
        } else if case let arity = ShorthandFinder.shorthandArity(closure), arity > 0 {
            if let contextual, contextual.count == arity {
                parameters = contextual
            } else {
                for position in 0..<arity {
                    guard let type = inferred("$\(position)", at: position) else {
                        return .failure(Unreadable("the closure uses $0-style parameters, whose types are inferred", kind: .factory))
                    }
                    parameters.append(type)
                }
            }
        }
        if !isAsync, closure.signature?.effectSpecifiers == nil, EffectFinder.awaitsOrThrows(closure) {
            isAsync = true
        }
        // `{ Config.load().with(region: "us") }`, `{ "client" as String }`, `{ Endpoint(string: s) }`:
        // the one expression's type, as the compiler infers it (``expressionType``: a failable
        // initializer makes an optional, a generic type's inferred arguments are unread).
        var unreadResult: String?
        if result == nil, closure.statements.count == 1, let item = closure.statements.first?.item,
           let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression {
            switch ExpressionTyper(reader: self).type(of: expression, in: context, file: file) {
            case .typed(let type, _): result = type
            case .unread(let reason): unreadResult = "'\(SourceFile.oneLine(expression))': \(reason)"
            }
        }
        // (An initializer's optional result is the type's: `init?` keeps its isolation.)
        let made = result.flatMap { result -> SpelledType? in
            if case .named("Optional", let wrapped) = result, wrapped.count == 1 { return wrapped[0] }
            return result
        }
        if actor == nil, let path = made?.path, let constructed = index.declaration(path) {
            // A closure that makes a main-actor type is inferred to be main-actor isolated.
            actor = constructed.globalActor
        }
        return .success(FactorySignature(parameters: parameters, effect: isAsync ? .asynchronous : actor != nil ? .mainActor : .synchronous, result: result, resultUnread: unreadResult))
    }

    /// The types of the names an injector closure hands to its target `target` unchanged: the
    /// parameters of the target's method they are passed to, or the types of the target's
    /// properties they are assigned to, by name.
    private func targetArgumentTypes(_ closure: ClosureExprSyntax, target: SpelledType, firstParameter: String) -> [String: SpelledType] {
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
    private func initializerArgumentTypes(of call: FunctionCallExprSyntax, owner: SpelledType, file: SourceFile, expected: SpelledType?) -> [String: SpelledType] {
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
    private func constructedCall(in closure: ClosureExprSyntax, context: [String]) -> (call: FunctionCallExprSyntax, type: SpelledType)? {
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
