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

    private func steps(of chain: CallChain, receiptKey: SpelledType?, node: Syntax) -> [ConfigureStep] {
        let first = chain.calls[0]
        switch first.name {
        case "include", "install":
            guard let argument = first.arguments.first?.expression,
                  let type = metatype(argument), type.path != nil
            else { return [opaque(node, "\(first.name) of a type the analyzer cannot name", unknownKeys: true, kind: .typeName)] }
            let position = first.position(in: file)
            if first.name == "install", first.arguments.first?.label?.text == "feature" {
                return [featureInstallation(of: type, at: position, node: node)]
            }
            return [first.name == "include" ? .include(module: type, at: position) : .install(component: type, at: position)]
        case "bind":
            var draft = BindingDraft()
            if let argument = first.arguments.first?.expression {
                guard let type = metatype(argument) else {
                    return [opaque(node, "bind(_:) of a type the analyzer cannot read", unknownKeys: true, kind: .typeName)]
                }
                draft.type = type
            }
            return binding(draft, chain.calls.dropFirst(), node: node)
        case "bindFactory":
            guard chain.calls.count == 3, chain.calls[1].name == "with",
                  let argument = chain.calls[1].arguments.first?.expression, let factory = metatype(argument)
            else { return [opaque(node, "an assisted factory binding the analyzer does not follow", unknownKeys: true, kind: .dslForm)] }
            var draft = BindingDraft()
            draft.type = .named("Factory", [factory])
            draft.assistedSeed = factory.path.flatMap { resolver.associatedType("Seed", of: $0) }
            if draft.assistedSeed == nil {
                return [opaque(node, "the Seed of assisted factory '\(factory)' is not declared in the analysed files", unknownKeys: true, kind: .declaredElsewhere)]
            }
            draft.kind = .assistedFactory
            return binding(draft, chain.calls.dropFirst(2), node: node)
        case "bindPropertyInjectionOf":
            var draft = BindingDraft()
            let target = first.arguments.isEmpty ? injectorOwner(chain.calls.last) : first.arguments.first.flatMap { metatype($0.expression) }
            guard let target else {
                return [opaque(node, "bindPropertyInjectionOf() without a type, which the analyzer cannot infer", unknownKeys: true, kind: .typeName)]
            }
            // A main-actor class's injector is isolated to the main actor, and so is its key:
            // a class marked `@MainActor`, or `@Injectable(mainActor: true)` (a view
            // controller, main-actor through its UIKit superclass).
            let declaration = target.path.flatMap { resolver.index.declaration($0) }
            let isolated = declaration?.globalActor != nil || declaration?.injectableMacro?.isMainActor == true
            draft.type = .named(isolated ? "MainActorPropertyInjector" : "PropertyInjector", [target])
            draft.injectionTarget = target
            draft.kind = .propertyInjector
            return binding(draft, chain.calls.dropFirst(), node: node)
        case "to" where receiptKey != nil:
            var draft = BindingDraft()
            draft.type = receiptKey
            draft.isComponentRoot = true
            if let target = receiptKey?.singleArgument, target.path == "PropertyInjector" || target.path == "MainActorPropertyInjector",
               injects(target.argument, first) {
                draft.injectionTarget = target.argument
                draft.kind = .propertyInjector
            }
            return binding(draft, chain.calls[...], node: node)
        case "propertyInjector" where receiptKey?.singleArgument?.path == "PropertyInjector":
            guard let argument = TerminatingStep.propertyInjector.argument(of: first), let function = receiptFunction(argument) else {
                return [opaque(node, "propertyInjector(configuredWith:) with a function the analyzer does not follow", unknownKeys: true, kind: .dslForm)]
            }
            return function.reader.steps(of: function.statements, binderName: function.binderName, receiptKey: receiptKey)
        default:
            return [opaque(node, "binder.\(first.name)(…), which the analyzer does not model", unknownKeys: true, kind: .dslForm)]
        }
    }

    /// The target of `bindPropertyInjectionOf().to(injector: Profile.injectProperties)`, which
    /// Swift infers from the instance method the injector names: `Profile`.
    private func injectorOwner(_ call: CallChain.Call?) -> SpelledType? {
        guard let call, TerminatingStep(call) == .injector, let argument = TerminatingStep.injector.argument(of: call) else { return nil }
        let (expression, reader) = followed(argument)
        guard let base = expression.as(MemberAccessExprSyntax.self)?.base,
              let owner = reader.resolver.resolve(typeExpression: base, in: reader.context), owner.path != nil
        else { return nil }
        return owner
    }

    /// Whether `call`, a `to` of a property injector's receipt, is `to(injector:)` rather than
    /// `to(factory:)`: by its label, or, for a trailing closure, as the compiler chooses by
    /// what the closure takes first (the target) and returns. `bind.to { (i:
    /// PropertyInjector<Main>) in i }` hands the injector on: a factory.
    private func injects(_ target: SpelledType, _ call: CallChain.Call) -> Bool {
        // Written with its label (`to(injector:)`, `to(factory:)`), the step says which.
        if let step = TerminatingStep(call), let label = step.label, call.arguments.contains(where: { $0.label?.text == label }) {
            return step == .injector
        }
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
              case .parameterClause(let clause)? = closure.signature?.parameterClause,
              let first = clause.parameters.first?.type
        else { return true }
        return resolver.resolve(first, in: context) == target
    }

    /// A binding being read: what the calls before the terminating `to` said.
    /// The warnings a binding may silence, by the name `DiagnosticID` gives each.
    static let silenceableWarnings: [String: DiagnosticID] = ["unrequestedPropertyInjector": .unrequestedPropertyInjector]

    private struct BindingDraft {
        var type: SpelledType?
        var tag: SpelledType?
        var isShared = false
        var kind: BindingKind = .factory
        var collection: Collection = .none
        var assistedSeed: SpelledType?
        var injectionTarget: SpelledType?
        /// The root a `configureRoot` binds, which may be a wrapper (`Provider<Window>`): the
        /// runtime records it as the root, never as a binding that requests would reach.
        var isComponentRoot = false
        /// The warnings `.silencing(…)` silences.
        var silenced: [DiagnosticID] = []

        enum Collection {
            case none, array, set, dictionary(ExprSyntax)

            /// The name the runtime gives the collection a contribution joins.
            var typeName: String? {
                switch self {
                case .none: nil
                case .array: "Array"
                case .set: "Set"
                case .dictionary: "Dictionary"
                }
            }
        }
    }

    /// `…configured(with: AppComponent.configureRoot)`: the function's own `bind.to(…)`
    /// completes the binding the chain began (its type, tag and scope).
    private func configured(_ draft: BindingDraft, with call: CallChain.Call, node: Syntax) -> [ConfigureStep] {
        guard let argument = TerminatingStep.configured.argument(of: call), let function = receiptFunction(argument) else {
            return [opaque(node, "configured(with:) with a function the analyzer does not follow", unknownKeys: true, kind: .dslForm)]
        }
        let reader = function.reader
        var draft = draft
        // An untyped `bind()` binds the `T` of the function's `ReceiptBinder<T>`, as the
        // compiler infers it from the function's type, not from what its body returns.
        if draft.type == nil, let bound = function.boundType { draft.type = bound }
        // The body's `bind.to(…)` statements, `#if` clauses among them (a fake in `#if DEBUG`).
        func receiptSteps(of items: CodeBlockItemListSyntax) -> [ConfigureStep] {
            var steps: [ConfigureStep] = []
            for item in items {
                let statement = Syntax(item.item)
                if let group = statement.as(IfConfigDeclSyntax.self) {
                    let (clauses, areAlternatives) = reader.resolver.index.conditions.clauses(of: group)
                    let read = clauses.map { clause -> [ConfigureStep] in
                        guard case .statements(let inner)? = clause.elements else {
                            return reader.mentions(function.binderName, in: Syntax(clause))
                                ? [reader.opaque(clause, "an #if clause that is not a list of statements", unknownKeys: true, kind: .statement)] : []
                        }
                        return receiptSteps(of: inner)
                    }
                    steps += areAlternatives ? [.alternatives(read)] : read.flatMap { $0 }
                    continue
                }
                guard let expression = Self.expression(of: statement), let chain = CallChain(expression),
                      chain.root == function.binderName, chain.calls.last?.name == "to" else {
                    if reader.mentions(function.binderName, in: statement) {
                        steps.append(reader.opaque(statement, "a statement the analyzer does not follow (\(Self.describe(statement)))", unknownKeys: true, kind: .statement))
                    }
                    continue
                }
                steps += reader.binding(draft, chain.calls[...], node: statement)
            }
            return steps
        }
        return receiptSteps(of: function.statements)
    }

    private func binding(_ start: BindingDraft, _ calls: ArraySlice<CallChain.Call>, node: Syntax) -> [ConfigureStep] {
        var draft = start
        for call in calls.dropLast() {
            switch call.name {
            case "tagged":
                guard let argument = call.arguments.first?.expression, let tag = metatype(argument) else {
                    return [opaque(node, "a tag the analyzer cannot name", unknownKeys: true, kind: .typeName)]
                }
                draft.tag = tag
                // `bind().tagged(with: Width.self)`: the compiler takes the bound type from the
                // tag (`tagged(with:)` requires `Tag.Element == Element`); after
                // `.intoCollection()` it requires `Tag.Element == [Element]` (`Set<Element>`,
                // `[Key: Element]`), so the element is the collection's.
                if draft.type == nil, let path = tag.path, let tagElement = resolver.associatedType("Element", of: path) {
                    switch draft.collection {
                    case .none:
                        draft.type = tagElement
                    case .array, .set, .dictionary:
                        // A tag whose `Element` is not the collection the chain makes does
                        // not compile; its element is left unnamed rather than guessed.
                        if case .named(let collection, let arguments) = tagElement,
                           collection == draft.collection.typeName, let element = arguments.last {
                            draft.type = element
                        }
                    }
                }
            case "sharedInScope":
                draft.isShared = true
            case "asSingleton":
                break
            case "silencing":
                // `.silencing(.unrequestedPropertyInjector)`: Cleanse's own warnings by name.
                if let name = call.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                   let id = Self.silenceableWarnings[name] {
                    draft.silenced.append(id)
                }
            case "intoCollection": draft.collection = .array
            case "intoSet": draft.collection = .set
            case "intoDictionary":
                guard let key = call.arguments.first?.expression else { return [opaque(node, "intoDictionary without a key", unknownKeys: true, kind: .dslForm)] }
                draft.collection = .dictionary(key)
            default:
                return [opaque(node, "the step .\(call.name)(…), which the analyzer does not model", unknownKeys: true, kind: .dslForm)]
            }
        }
        guard let terminator = calls.last, let step = TerminatingStep(terminator), step != .propertyInjector else {
            return [opaque(node, "a binding that does not end in .to(…)", unknownKeys: true, kind: .dslForm)]
        }
        if step == .configured {
            return configured(draft, with: terminator, node: node)
        }
        let position = terminator.position(in: file)
        var requests: [DependencyRequest]? = []
        var effect = BindingEffect.synchronous
        var inferred: SpelledType?
        var kind = draft.kind
        var notes: [ConfigureStep] = []
        // `.intoDictionary(key:).to(value: [k: v, …])`: the runtime takes the literal as the
        // whole dictionary and reports it.
        var wholeDictionary = false

        // `to(isolatedFactory:)` awaits a factory isolated to its global actor.
        let isIsolatedFactory = step == .isolatedFactory
        let written = step.takesFactory ? step.argument(of: terminator) : nil
        // A helper's parameter is read as the argument its caller gave, where it gave it.
        let (factoryExpression, factoryReader) = written.map { followed($0) }.map { ($0.expression as ExprSyntax?, $0.reader) } ?? (nil, self)
        if let factoryExpression {
            var signature: Result<FactorySignature, Unreadable>
            if draft.kind == .propertyInjector, let target = draft.injectionTarget,
               let member = factoryExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                // `self.injectProperties` in a static method names the enclosing type's.
                let owner = ["self", "Self"].contains(base.trimmedDescription)
                    ? factoryReader.context.joined(separator: ".")
                    : factoryReader.resolver.resolve(typeExpression: base, in: factoryReader.context)?.path
                let labels = member.declName.argumentNames?.arguments.map(\.name.text)
                let name = member.declName.baseName.text
                if let owner, owner != target.path,
                   let declaration = factoryReader.resolver.index.declaration(owner), declaration.functions[name] != nil {
                    // Another type's function (a static `inject(_ screen:…)`): the target first.
                    signature = factoryReader.factories.functionSignature(named: name, labels: labels, in: owner, instance: false).map { read in
                        var read = read
                        read.parameters = Array(read.parameters.dropFirst())
                        return read
                    }
                } else {
                    // `X.injectProperties`: an instance method, curried with the target first.
                    signature = factoryReader.factories.functionSignature(named: name, labels: labels, in: target.path, instance: true)
                }
            } else {
                // An assisted factory's closure of one parameter is typed by the overload whose
                // only parameter is `Assisted<Seed>`.
                let contextual = draft.kind == .assistedFactory ? draft.assistedSeed.map { [SpelledType.named("Assisted", [$0])] } : nil
                signature = factoryReader.factories.signature(
                    of: factoryExpression, in: factoryReader.context, file: factoryReader.file,
                    contextual: contextual, expected: draft.type, target: draft.kind == .propertyInjector ? draft.injectionTarget : nil
                )
                if draft.kind == .propertyInjector, case .success(var read) = signature {
                    // A closure injector takes the target first.
                    read.parameters = Array(read.parameters.dropFirst())
                    signature = .success(read)
                }
            }
            switch signature {
            case .success(let read):
                effect = isIsolatedFactory ? .asynchronous : read.effect
                inferred = read.result
                requests = []
                for parameter in read.parameters {
                    guard let request = self.request(for: parameter, assistedSeed: draft.assistedSeed) else {
                        requests = nil
                        notes.append(factoryReader.opaque(factoryExpression, "the parameter type '\(parameter)' cannot be named as the runtime names it", unknownKeys: false, kind: .typeName))
                        break
                    }
                    requests?.append(request)
                }
            case .failure(let unreadable):
                requests = nil
                notes.append(factoryReader.opaque(factoryExpression, unreadable.reason, unknownKeys: false, kind: unreadable.kind))
            }
        } else if step == .injectedProperties {
            guard let target = draft.injectionTarget else {
                return [opaque(node, "toInjectedProperties() of a type the analyzer cannot name", unknownKeys: true, kind: .typeName)]
            }
            // The injector of a main-actor class fills it on the main actor.
            if draft.type?.path == "MainActorPropertyInjector" { effect = .mainActor }
            switch injectedPropertyRequests(of: target) {
            case .success(let read):
                requests = read.map(\.request)
                notes += read.map { .place($0.place) }
            case .failure(let unreadable):
                requests = nil
                notes.append(opaque(terminator.node, unreadable.reason, unknownKeys: false, kind: unreadable.kind))
            }
        } else if step == .value, let value = step.argument(of: terminator) {
            kind = .value
            let (argument, reader) = followed(value)
            inferred = reader.literalType(of: argument)
            if case .dictionary = draft.collection, value.is(DictionaryExprSyntax.self) { wholeDictionary = true }
        } else if step == .provider {
            kind = .provider
        } else {
            return [opaque(node, "a .to(…) form the analyzer does not model", unknownKeys: true, kind: .dslForm)]
        }

        // A `PropertyInjectable` class bound as itself (or a component's root of one) has its
        // `@Injected` properties filled by the binding, which requests them after the
        // factory's parameters, as the runtime's `bind(_:)` for such a class does.
        // Objects of `async`, throwing and main-actor factories too, once awaited, and
        // collection elements.
        if step == .factory, draft.kind == .factory,
           let element = draft.type ?? inferred, let path = element.path, isPropertyInjectable(path: path),
           !(draft.isComponentRoot && CollectionRules.handsOn(requests ?? [], rootKey: BindingKey(type: TypeIdentity(spelling: element.description)))) {
            switch injectedPropertyRequests(of: element) {
            case .success(let read):
                requests = requests.map { $0 + read.map(\.request) }
                notes += read.map { .place($0.place) }
            case .failure(let unreadable):
                requests = nil
                notes.append(opaque(terminator.node, unreadable.reason, unknownKeys: false, kind: unreadable.kind))
            }
        }
        guard var element = draft.type ?? inferred, element.isKnown else {
            // Advice that fits what was written: only an untyped bind() can be given its type.
            let reason = draft.type.map { "a binding of '\($0)', a type the analyzer cannot name here (a generic parameter, or one declared where it does not read)" }
                ?? "bind() whose type the analyzer cannot name: it cannot infer it from its factory; write bind(T.self)"
            return notes + [opaque(node, reason, unknownKeys: true, kind: .typeName)]
        }
        // An `async` or throwing injector binds an `AsyncPropertyInjector`.
        if kind == .propertyInjector, effect.isAsynchronous, effect.actor == nil, case .named("PropertyInjector", let arguments) = element {
            element = .named("AsyncPropertyInjector", arguments)
        }
        var keyType = element
        var entryKey: MultibindingKey?
        switch draft.collection {
        case .none: break
        case .array: keyType = .named("Array", [element])
        case .set: keyType = .named("Set", [element])
        case .dictionary(let expression):
            let (key, reader) = followed(expression)
            guard let (type, spelling) = reader.dictionaryKey(key) else {
                return notes + [opaque(node, "a dictionary key '\(expression.trimmedDescription)' whose type the analyzer cannot tell", unknownKeys: true, kind: .typeName)]
            }
            keyType = .named("Dictionary", [type, element])
            entryKey = MultibindingKey(spelling: spelling)
        }
        if case .none = draft.collection {} else { kind = .collectionElement }
        let key = BindingKey(type: TypeIdentity(spelling: keyType.description), tag: draft.tag.map { TypeIdentity(spelling: $0.description) })
        var model = BindingModel(
            key: key,
            kind: kind,
            scope: draft.isShared ? binderScope.map { TypeIdentity(spelling: $0.description) } : nil,
            location: SourceLocation(file: file.fileID, line: position.line),
            dependencies: requests ?? [],
            multibindingKey: wholeDictionary ? nil : entryKey,
            effect: effect,
            makesValueTypes: resolver.isValueType(keyType)
        )
        for id in draft.silenced {
            model.silence(id)
        }
        var result = notes
        if wholeDictionary, let entryKey {
            result.append(.reported(WholeDictionaryContribution(dictionary: key, entryKey: entryKey, location: model.location), at: position))
        }
        if case .none = draft.collection, !draft.isComponentRoot, let wrapped = request(for: element, assistedSeed: nil), wrapped.kind != .direct, kind != .propertyInjector, kind != .assistedFactory {
            result.append(.reported(BoundWrapperType(wrapper: key.type, wrappedKey: wrapped.key, location: model.location), at: position))
        }
        result.append(.binding(model, at: position))
        return result
    }

    /// The type and the runtime's `String(reflecting:)` spelling of a dictionary entry key.
    func dictionaryKey(_ expression: ExprSyntax) -> (SpelledType, String)? {
        if let string = expression.as(StringLiteralExprSyntax.self), string.segments.count <= 1,
           string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
            let text = string.segments.first?.as(StringSegmentSyntax.self)?.content.text ?? ""
            return (.named("String", []), "\"\(text)\"")
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return (.named("Int", []), String(Int(String(integer.literal.text.filter { $0 != "_" })) ?? 0))
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return (.named("Bool", []), boolean.literal.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
           let resolved = resolver.resolve(typeExpression: base, in: context) {
            guard let path = resolved.path, let declaration = resolver.index.declaration(path), declaration.kind == .enum else { return nil }
            return (resolved, "\(declaration.moduleName).\(path).\(member.declName.baseName.text)")
        }
        return nil
    }

    /// The type of a `to(value:)` argument, as the compiler infers it (a literal, a call of a
    /// known type, a chain: ``FactoryReader/expressionType(_:in:file:depth:)``).
    func literalType(of expression: ExprSyntax) -> SpelledType? {
        factories.expressionType(expression, in: context, file: file)
    }

    func opaque(_ node: some SyntaxProtocol, _ reason: String, unknownKeys: Bool, kind: OpaqueKind) -> ConfigureStep {
        .opaque(OpaqueConstruct(position: file.position(of: node), reason: reason, mayBindUnknownKeys: unknownKeys, kind: kind))
    }

    func mentions(_ name: String, in node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
    }

    /// A statement's first line, whole (a note quotes what it could not read, never a part).
    private static func describe(_ node: Syntax) -> String {
        node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
    }

    static func singleParameterName(of closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return names.first?.name.text
        case .parameterClause(let clause)?: return (clause.parameters.first?.secondName ?? clause.parameters.first?.firstName)?.text
        case nil: return nil
        }
    }
}

extension ConfigureReader {
    /// `install(feature: F.self)`: the binding of `FeatureFactory<F>` the runtime writes
    /// (``CollectionRules/featureFactoryBinding(key:seedRequest:location:)``), asking for
    /// the feature's seed. The feature's root is validated as a root of its own where it is
    /// declared.
    func featureInstallation(of feature: SpelledType, at position: SourcePosition, node: Syntax) -> ConfigureStep {
        guard let path = feature.path, resolver.index.declaration(path) != nil else {
            return opaque(node, "the feature component '\(feature)' is not declared in the analysed files", unknownKeys: true, kind: .declaredElsewhere)
        }
        let seed = resolver.associatedType("Seed", of: path) ?? .void
        var seedRequest: DependencyRequest?
        if seed != .void {
            guard let request = request(for: seed, assistedSeed: nil) else {
                return opaque(node, "the Seed of feature component '\(feature)' cannot be named", unknownKeys: true, kind: .typeName)
            }
            seedRequest = request
        }
        let key = BindingKey(type: TypeIdentity(spelling: SpelledType.named("FeatureFactory", [feature]).description))
        let model = CollectionRules.featureFactoryBinding(key: key, seedRequest: seedRequest, location: SourceLocation(file: position.fileID, line: position.line))
        return .binding(model, at: position)
    }
}
