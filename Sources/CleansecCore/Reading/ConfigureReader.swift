import CleanseGraph
import SwiftSyntax

/// Reads the body of a `configure(binder:)` or `configureRoot(binder:)` into the steps the
/// runtime would take when it runs: the binder DSL, call by call.
struct ConfigureReader {
    let resolver: TypeResolver
    let factories: FactoryReader
    let file: SourceFile
    /// The nesting path of the module or component whose body this is.
    let context: [String]
    /// The scope `sharedInScope()` shares in: the binder's, `nil` for `Unscoped`.
    let binderScope: SpelledType?
    /// In a helper's body (see `HelperReader`): what each of its parameters was given, and
    /// the reader of the call that gave it.
    var arguments: [String: HelperArgument] = [:]
    /// How many helper calls deep this body is.
    var helperDepth = 0
    /// In a helper's body: where the helper was called (where its `#line` and `#column`
    /// defaults point), and its parameters whose default is such a literal and that the call
    /// left out, with the literal's name (`line`). See `place(of:)`.
    var helperCall: SourcePosition?
    var sourceDefaults: [String: String] = [:]

    init(resolver: TypeResolver, file: SourceFile, context: [String], binderScope: SpelledType?) {
        self.resolver = resolver
        factories = FactoryReader(resolver: resolver)
        self.file = file
        self.context = context
        self.binderScope = binderScope
    }

    /// The expression `expression` stands for, and the reader that reads it: a helper's
    /// parameter stands for the argument its caller gave.
    func followed(_ expression: ExprSyntax) -> (expression: ExprSyntax, reader: ConfigureReader) {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
           let argument = arguments[reference.baseName.text] {
            return argument.caller.followed(argument.expression)
        }
        return (expression, self)
    }

    /// The type `X` of an `X.self` argument, or of the argument a helper's parameter was given.
    func metatype(_ expression: ExprSyntax) -> SpelledType? {
        let (expression, reader) = followed(expression)
        return reader.resolver.resolve(metatype: expression, in: reader.context)
    }

    /// The steps of `body`, where the binder is called `binderName`. In a `configureRoot`,
    /// `receiptKey` is the root type every `to` binds.
    func steps(of body: CodeBlockItemListSyntax, binderName: String, receiptKey: SpelledType? = nil) -> [ConfigureStep] {
        steps(of: Array(body)[...], binderName: binderName, receiptKey: receiptKey)
    }

    /// The steps of `items`. A statement that may leave the function splits them: what
    /// follows a `guard` runs only when its condition holds, so the rest and its `else` body
    /// (what runs before it leaves) are read as alternatives; after an `if` or `switch` one
    /// of whose branches returns (`if isUITesting { bind the fake; return }`), the rest
    /// follows only the branches that do not, each branch with it being one alternative.
    /// Without that, the fake and the binding after the `if` would read as a duplicate.
    private func steps(of items: ArraySlice<CodeBlockItemSyntax>, binderName: String, receiptKey: SpelledType?) -> [ConfigureStep] {
        var steps: [ConfigureStep] = []
        for index in items.indices {
            let item = Syntax(items[index].item)
            if let paths = paths(of: item) {
                let rest = self.steps(of: items[(index + 1)...], binderName: binderName, receiptKey: receiptKey)
                let read = paths.map { path in
                    self.steps(of: path.statements, binderName: binderName, receiptKey: receiptKey) + (path.leaves ? [] : rest)
                }
                return read.allSatisfy(\.isEmpty) ? steps : steps + [.alternatives(read)]
            }
            steps += self.steps(of: item, binderName: binderName, receiptKey: receiptKey)
        }
        return steps
    }

    /// The branches of a statement after which the rest of the list may not run, each with
    /// whether it leaves the function: a `guard` (nothing, then the rest; or its `else`
    /// body, which leaves), or an `if` or `switch` with a branch that leaves. `nil` for any
    /// other statement, whose rest always runs.
    private func paths(of item: Syntax) -> [(statements: CodeBlockItemListSyntax, leaves: Bool)]? {
        if let guardStatement = item.as(GuardStmtSyntax.self) {
            return [([], false), (guardStatement.body.statements, true)]
        }
        guard let expression = Self.expression(of: item), let branches = branches(of: expression),
              branches.contains(where: Self.leaves)
        else { return nil }
        return branches.map { ($0, Self.leaves($0)) }
    }

    /// Whether `statements` end by leaving the function: `return`, `throw`, or a call that
    /// never returns (`fatalError`, `preconditionFailure`).
    private static func leaves(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard let last = statements.last?.item else { return false }
        if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) { return true }
        guard let expression = Self.expression(of: Syntax(last))?.as(FunctionCallExprSyntax.self),
              let name = expression.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        return ["fatalError", "preconditionFailure"].contains(name)
    }

    private func steps(of node: Syntax, binderName: String, receiptKey: SpelledType?) -> [ConfigureStep] {
        if let group = node.as(IfConfigDeclSyntax.self) {
            return steps(of: group, binderName: binderName, receiptKey: receiptKey)
        }
        if let blocks = Self.blocks(of: node), mentions(binderName, in: node) {
            let read = blocks.branches.map { steps(of: $0, binderName: binderName, receiptKey: receiptKey) }
            return blocks.areAlternatives ? [.alternatives(read)] : read.flatMap { $0 }
        }
        guard let expression = Self.expression(of: node) else {
            return mentions(binderName, in: node) ? [opaque(node, "a statement the analyzer does not follow (\(Self.describe(node)))", unknownKeys: true, kind: .statement)] : []
        }
        if let branches = branches(of: expression), mentions(binderName, in: node) {
            return [.alternatives(branches.map { steps(of: $0, binderName: binderName, receiptKey: receiptKey) })]
        }
        if let inlined = inlineConfigure(expression, binderName: binderName) {
            return [inlined]
        }
        if let helper = helperSteps(expression, binderName: binderName, node: node, receiptKey: receiptKey) {
            return helper
        }
        guard let chain = CallChain(expression), chain.root == binderName, !chain.calls.isEmpty else {
            return mentions(binderName, in: node) ? [opaque(node, "an expression the analyzer does not follow (\(Self.describe(node)))", unknownKeys: true, kind: .statement)] : []
        }
        return steps(of: chain, receiptKey: receiptKey, node: node)
    }

    /// The expression a statement evaluates: `return e`, `e`, `_ = e`, `try e`, `await e`.
    static func expression(of node: Syntax) -> ExprSyntax? {
        var expression: ExprSyntax?
        if let statement = node.as(ReturnStmtSyntax.self) {
            expression = statement.expression
        } else if let statement = node.as(ExpressionStmtSyntax.self) {
            expression = statement.expression
        } else {
            expression = node.as(ExprSyntax.self)
        }
        guard var expression else { return nil }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.first?.is(DiscardAssignmentExprSyntax.self) == true,
           let last = sequence.elements.last {
            expression = last
        }
        if let assignment = expression.as(InfixOperatorExprSyntax.self), assignment.leftOperand.is(DiscardAssignmentExprSyntax.self) {
            expression = assignment.rightOperand
        }
        while let inner = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?.expression {
            expression = inner
        }
        return expression
    }

    /// `#if … #else … #endif` around bindings: the active clause's steps, or every clause's
    /// as alternatives when the condition is not known.
    private func steps(of group: IfConfigDeclSyntax, binderName: String, receiptKey: SpelledType?) -> [ConfigureStep] {
        let (clauses, areAlternatives) = resolver.index.conditions.clauses(of: group)
        let read = clauses.map { clause -> [ConfigureStep] in
            guard case .statements(let items)? = clause.elements else {
                return mentions(binderName, in: Syntax(clause)) ? [opaque(clause, "an #if clause that is not a list of statements", unknownKeys: true, kind: .statement)] : []
            }
            return steps(of: items, binderName: binderName, receiptKey: receiptKey)
        }
        return areAlternatives ? [.alternatives(read)] : read.flatMap { $0 }
    }

    /// The branches of an `if` (with its `else if`s and `else`, or an empty branch when it
    /// has no `else`) or of a `switch`, each a list of statements: read as alternatives, as
    /// an `#if` whose condition is not known, since the condition is only known at run time.
    /// `nil` for any other expression, or a `switch` with an `#if` among its cases.
    private func branches(of expression: ExprSyntax) -> [CodeBlockItemListSyntax]? {
        if let first = expression.as(IfExprSyntax.self) {
            var branches: [CodeBlockItemListSyntax] = []
            var next: IfExprSyntax? = first
            while let branch = next {
                branches.append(branch.body.statements)
                next = nil
                switch branch.elseBody {
                case .ifExpr(let elseIf)?: next = elseIf
                case .codeBlock(let block)?: branches.append(block.statements)
                case nil: branches.append([])
                }
            }
            return branches
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            var branches: [CodeBlockItemListSyntax] = []
            for element in choice.cases {
                guard case .switchCase(let switchCase) = element else { return nil }
                branches.append(switchCase.statements)
            }
            return branches
        }
        return nil
    }

    /// The blocks of a loop or a `do` statement, and whether only some of them run. A loop
    /// (`for`, `while`) may run its body any number of times, none included: read once, as
    /// an alternative to nothing (a contribution to a collection is read; a binding the
    /// loop would repeat is not reported as a duplicate). A `repeat` body runs at least once,
    /// read once. A `do` body runs, or its `catch` bodies instead of its rest: alternatives.
    /// `nil` for any other statement.
    private static func blocks(of node: Syntax) -> (branches: [CodeBlockItemListSyntax], areAlternatives: Bool)? {
        if let loop = node.as(ForStmtSyntax.self) {
            return ([loop.body.statements, []], true)
        }
        if let loop = node.as(WhileStmtSyntax.self) {
            return ([loop.body.statements, []], true)
        }
        if let loop = node.as(RepeatStmtSyntax.self) {
            return ([loop.body.statements], false)
        }
        if let attempt = node.as(DoStmtSyntax.self) {
            let handlers = attempt.catchClauses.map(\.body.statements)
            return ([attempt.body.statements] + handlers, !handlers.isEmpty)
        }
        return nil
    }

    /// `OtherModule.configure(binder: binder)`.
    private func inlineConfigure(_ expression: ExprSyntax, binderName: String) -> ConfigureStep? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "configure",
              call.arguments.count == 1, call.arguments.first?.label?.text == "binder",
              call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == binderName,
              let base = member.base,
              let module = resolver.resolve(typeExpression: base, in: context), module.path != nil
        else { return nil }
        return .inline(module: module, at: file.position(of: call.leftParen ?? call.calledExpression.lastToken(viewMode: .sourceAccurate)!))
    }

    func opaque(_ node: some SyntaxProtocol, _ reason: String, unknownKeys: Bool, kind: OpaqueKind) -> ConfigureStep {
        .opaque(OpaqueConstruct(position: file.position(of: node), reason: reason, mayBindUnknownKeys: unknownKeys, kind: kind))
    }

    func mentions(_ name: String, in node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
    }

    /// A statement's first line, whole (a note quotes what it could not read, never a part).
    static func describe(_ node: Syntax) -> String {
        node.sourceText.split(separator: "\n").first.map(String.init) ?? ""
    }

    static func singleParameterName(of closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return names.first?.name.text
        case .parameterClause(let clause)?: return (clause.parameters.first?.secondName ?? clause.parameters.first?.firstName)?.text
        case nil: return nil
        }
    }
}
