import CleanseGraph
import SwiftSyntax

/// One binding chain, from `bind(…)` to its terminating step, read into the binding the
/// runtime would record: its key (type, tag, collection), scope, kind, effect and requests.
extension ConfigureReader {
    /// `…configured(with: AppComponent.configureRoot)`: the function's own `bind.to(…)`
    /// completes the binding the chain began (its type, tag and scope).
    func configured(_ draft: BindingDraft, with call: CallChain.Call, node: Syntax) -> [ConfigureStep] {
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

    /// The binding `calls` write, from `start` (what `bind(…)` said) through their steps
    /// (`tagged`, `sharedInScope`, `intoCollection`…) to the terminating one; notes for
    /// what it could not read, mistakes the runtime reports while the binding is written.
    func binding(_ start: BindingDraft, _ calls: ArraySlice<CallChain.Call>, node: Syntax) -> [ConfigureStep] {
        let draft: BindingDraft
        switch start.applying(calls.dropLast(), reader: self, node: node) {
        case .success(let applied): draft = applied
        case .failure(let unread): return [unread.step]
        }
        guard let terminator = calls.last, let step = TerminatingStep(terminator), step != .propertyInjector else {
            return [opaque(node, "a binding that does not end in .to(…)", unknownKeys: true, kind: .dslForm)]
        }
        if step == .configured {
            return configured(draft, with: terminator, node: node)
        }
        var made: Terminated
        switch terminated(draft, by: step, terminator, node: node) {
        case .success(let read): made = read
        case .failure(let unread): return [unread.step]
        }
        fillInjectedProperties(of: &made, draft: draft, step: step, terminator: terminator)
        return steps(binding: made, draft: draft, terminator: terminator, node: node)
    }

    /// What the terminating step makes: its requests (`nil` when unread), effect, kind, the
    /// type its factory or value gives, and notes.
    struct Terminated {
        var requests: [DependencyRequest]? = []
        var effect = BindingEffect.synchronous
        var inferred: SpelledType?
        /// Why the typing rules prove no type for the factory's or value's expression.
        var inferredUnread: String?
        var kind: BindingKind
        var notes: [ConfigureStep] = []
        /// `.intoDictionary(key:).to(value: [k: v, …])`: the runtime takes the literal as
        /// the whole dictionary and reports it.
        var wholeDictionary = false
    }

    /// The terminating `step` (`terminator`) of a binding drafted as `draft`: its factory's
    /// parameters, an injector's properties, a value's type; a note for a form not modelled.
    private func terminated(_ draft: BindingDraft, by step: TerminatingStep, _ terminator: CallChain.Call, node: Syntax) -> Result<Terminated, UnreadBinding> {
        // Made only when needed: a note costs the position of its node.
        func notModelled() -> UnreadBinding {
            UnreadBinding(step: opaque(node, "a .to(…) form the analyzer does not model", unknownKeys: true, kind: .dslForm))
        }
        var made = Terminated(kind: draft.kind)
        // A helper's parameter is read as the argument its caller gave, where it gave it.
        if step.takesFactory, let written = step.argument(of: terminator) {
            let (factoryExpression, factoryReader) = followed(written)
            switch factoryReader.factorySignature(of: factoryExpression, draft: draft, step: step) {
            case .success(let read):
                // `to(isolatedFactory:)` awaits a factory isolated to its global actor.
                made.effect = step == .isolatedFactory ? .asynchronous : read.effect
                made.inferred = read.result
                made.inferredUnread = read.resultUnread
                for parameter in read.parameters {
                    guard let request = self.request(for: parameter, assistedSeed: draft.assistedSeed) else {
                        made.requests = nil
                        made.notes.append(factoryReader.opaque(factoryExpression, "the parameter type '\(parameter)' cannot be named as the runtime names it", unknownKeys: false, kind: .typeName))
                        break
                    }
                    made.requests?.append(request)
                }
            case .failure(let unreadable):
                made.requests = nil
                made.notes.append(factoryReader.opaque(factoryExpression, unreadable.reason, unknownKeys: false, kind: unreadable.kind))
            }
        } else if step.takesFactory {
            return .failure(notModelled())
        } else if step == .injectedProperties {
            guard let target = draft.injectionTarget else {
                return .failure(UnreadBinding(step: opaque(node, "toInjectedProperties() of a type the analyzer cannot name", unknownKeys: true, kind: .typeName)))
            }
            // The injector of a main-actor class fills it on the main actor.
            if draft.type?.path == BuiltInNames.mainActorPropertyInjector { made.effect = .mainActor }
            switch injectedPropertyRequests(of: target) {
            case .success(let read):
                made.requests = read.map(\.request)
                made.notes += read.map { .place($0.place) }
            case .failure(let unreadable):
                made.requests = nil
                made.notes.append(opaque(terminator.node, unreadable.reason, unknownKeys: false, kind: unreadable.kind))
            }
        } else if step == .value, let value = step.argument(of: terminator) {
            made.kind = .value
            let (argument, reader) = followed(value)
            switch reader.valueType(of: argument) {
            case .typed(let type, _): made.inferred = type
            case .unread(let reason): made.inferredUnread = "'\(SourceFile.oneLine(argument))': \(reason)"
            }
            if case .dictionary = draft.collection, value.is(DictionaryExprSyntax.self) { made.wholeDictionary = true }
        } else if step == .provider {
            made.kind = .provider
        } else {
            return .failure(notModelled())
        }
        return .success(made)
    }

    /// The signature of the factory `expression` gives a binding drafted as `draft`: an
    /// injector's function or method (the target first), or any factory
    /// (``FactoryReader/signature(of:in:file:contextual:expected:target:ranking:)``);
    /// `step` decides whether overloads rank (only `to(factory:)` on a binder or a collection has
    /// fixed arities).
    private func factorySignature(of expression: ExprSyntax, draft: BindingDraft, step: TerminatingStep) -> Result<FactorySignature, Unreadable> {
        if draft.kind == .propertyInjector, let target = draft.injectionTarget,
           let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            // `self.injectProperties` in a static method names the enclosing type's.
            let owner = ["self", "Self"].contains(base.sourceText)
                ? context.joined(separator: ".")
                : resolver.resolve(typeExpression: base, in: context)?.path
            let labels = member.declName.argumentNames?.arguments.map(\.name.text)
            let name = member.declName.baseName.text
            if let owner, owner != target.path, let declaration = resolver.index.declaration(owner), declaration.functions[name] != nil {
                // Another type's function (a static `inject(_ screen:…)`): the target first.
                return factories.functionSignature(named: name, labels: labels, in: owner, instance: false).map { read in
                    var read = read
                    read.parameters = Array(read.parameters.dropFirst())
                    return read
                }
            }
            // `X.injectProperties`: an instance method, curried with the target first.
            return factories.functionSignature(named: name, labels: labels, in: target.path, instance: true)
        }
        // An assisted factory's closure of one parameter is typed by the overload whose
        // only parameter is `Assisted<Seed>`.
        let contextual = draft.kind == .assistedFactory ? draft.assistedSeed.map { [SpelledType.named("Assisted", [$0])] } : nil
        // A binder's and a collection's `to(factory:)` have the fixed-arity forms that rank
        // overloads, an assisted factory the form of its seed alone; injectors and
        // `to(isolatedFactory:)` have packs only.
        let ranking: FactoryOverloadChoice.Ranking =
            step == .isolatedFactory || draft.kind == .propertyInjector ? .none : draft.kind == .assistedFactory ? .seedAlone(draft.assistedSeed) : .byArity
        let signature = factories.signature(
            of: expression, in: context, file: file,
            contextual: contextual, expected: draft.type, target: draft.kind == .propertyInjector ? draft.injectionTarget : nil,
            ranking: ranking
        )
        // A closure injector takes the target first.
        guard draft.kind == .propertyInjector else { return signature }
        return signature.map { read in
            var read = read
            read.parameters = Array(read.parameters.dropFirst())
            return read
        }
    }

    /// A `PropertyInjectable` class bound as itself (or a component's root of one) has its
    /// `@Injected` properties filled by the binding, which requests them after the
    /// factory's parameters, as the runtime's `bind(_:)` for such a class does. Objects of
    /// `async`, throwing and main-actor factories too, once awaited, and collection elements.
    private func fillInjectedProperties(of made: inout Terminated, draft: BindingDraft, step: TerminatingStep, terminator: CallChain.Call) {
        if step.takesFactory, draft.kind == .factory, let bound = draft.type?.path,
           resolver.index.declaration(bound)?.kind == .protocol {
            reportUnfilledProperties(of: &made, draft: draft, step: step, terminator: terminator)
            return
        }
        guard step == .factory, draft.kind == .factory,
              let element = draft.type ?? made.inferred, let path = element.path, isPropertyInjectable(path: path),
              !(draft.isComponentRoot && CollectionRules.handsOn(made.requests ?? [], rootKey: BindingKey(type: TypeIdentity(spelling: element.description))))
        else { return }
        switch injectedPropertyRequests(of: element) {
        case .success(let read):
            made.requests = made.requests.map { $0 + read.map(\.request) }
            made.notes += read.map { .place($0.place) }
        case .failure(let unreadable):
            made.requests = nil
            made.notes.append(opaque(terminator.node, unreadable.reason, unknownKeys: false, kind: unreadable.kind))
        }
    }

    /// A factory bound under a protocol that is the initializer of a `PropertyInjectable`
    /// class with `@Injected` properties (`to(factory: VendorAnalytics.init)`): the runtime
    /// sees only the protocol and fills none of them, so the first read stops the program.
    /// `of` cannot tell without making an object; this line can: ``UnfilledInjectedProperties``.
    /// Only an initializer reference is certain to make the class: a closure may hand on an
    /// object something else filled.
    private func reportUnfilledProperties(of made: inout Terminated, draft: BindingDraft, step: TerminatingStep, terminator: CallChain.Call) {
        guard let written = step.argument(of: terminator),
              let reference = followed(written).expression.as(MemberAccessExprSyntax.self), reference.declName.baseName.text == "init",
              let bound = draft.type, let element = made.inferred, let path = element.path, isPropertyInjectable(path: path),
              case .success(let read) = injectedPropertyRequests(of: element), let first = read.first?.request.site,
              let position = place(of: terminator)
        else { return }
        let key = BindingKey(type: resolver.identity(of: bound), tag: draft.tag.map { TypeIdentity(spelling: $0.description) })
        var collectionStep: String?
        switch draft.collection {
        case .none: break
        case .array: collectionStep = ".intoCollection()"
        case .set: collectionStep = ".intoSet()"
        case .dictionary(let expression): collectionStep = ".intoDictionary(key: \(SourceFile.oneLine(expression)))"
        }
        let error = UnfilledInjectedProperties(
            key: key, location: position.location, objectType: resolver.identity(of: element),
            property: first.name, propertyLocation: first.location,
            isConstructed: resolver.index.declaration(path)?.injectableMacro != nil,
            line: .init(isRoot: draft.isComponentRoot, collectionStep: collectionStep, isShared: draft.isShared, effect: made.effect)
        )
        made.notes.append(.reported(error, at: position))
    }

    /// The steps of the finished binding: its notes, mistakes the runtime reports as the
    /// binding is written (a whole dictionary contributed, a wrapper type bound), and the
    /// binding keyed as the runtime keys it; a note instead where its type cannot be named.
    private func steps(binding made: Terminated, draft: BindingDraft, terminator: CallChain.Call, node: Syntax) -> [ConfigureStep] {
        var notes = made.notes
        guard var element = draft.type ?? made.inferred, element.isKnown else {
            // Advice that fits what was written: only an untyped bind() can be given its type.
            let reason = draft.type.map { "a binding of '\($0)', a type the analyzer cannot name here (a generic parameter, or one declared where it does not read)" }
                ?? "bind() whose type the analyzer cannot name: \(made.inferredUnread ?? "it cannot infer it from its factory"); write bind(T.self) with the type it makes"
            return notes + [opaque(node, reason, unknownKeys: true, kind: .typeName)]
        }
        var kind = made.kind
        // An `async` or throwing injector binds an `AsyncPropertyInjector`.
        if kind == .propertyInjector, made.effect.isAsynchronous, made.effect.actor == nil, case .named(BuiltInNames.propertyInjector, let arguments) = element {
            element = .named(BuiltInNames.asyncPropertyInjector, arguments)
        }
        var keyType = element
        var entryKey: MultibindingKey?
        switch draft.collection {
        case .none: break
        case .array: keyType = .named("Array", [element])
        case .set: keyType = .named("Set", [element])
        case .dictionary(let expression):
            let (key, reader) = followed(expression)
            // A tag's `Element` (`[UInt8: Handler]`) gives the key its type.
            var declared: SpelledType?
            // (A generic tag's `Element` names its parameters, which only its arguments fix.)
            if let path = draft.tag?.path, resolver.index.declaration(path)?.genericParameters.isEmpty == true,
               case .named("Dictionary", let arguments)? = resolver.associatedType("Element", of: path), arguments.count == 2 {
                declared = arguments[0]
            }
            switch reader.keyTyping(of: key, declared: declared) {
            case .typed(let type, let spelling, _):
                keyType = .named("Dictionary", [type, element])
                entryKey = MultibindingKey(spelling: spelling)
            case .typedWithoutValue(let type, let reason):
                // The entry's key type is known: the dictionary is read; only a duplicate of
                // this key is not checked.
                keyType = .named("Dictionary", [type, element])
                notes.append(opaque(node, "a dictionary key '\(SourceFile.oneLine(expression))' whose value the analyzer cannot tell (\(reason)): a duplicate of it is not reported; write the key as a literal or a case of an enum this target declares", unknownKeys: false, kind: .typeName))
            case .unread(let reason):
                return notes + [opaque(node, "a dictionary key '\(SourceFile.oneLine(expression))' whose type the analyzer cannot tell: \(reason); write the key as a literal or a case of an enum this target declares", unknownKeys: true, kind: .typeName)]
            }
        }
        if case .none = draft.collection {} else { kind = .collectionElement }
        guard let position = place(of: terminator) else {
            return notes + [opaque(node, Self.unfollowedPlace, unknownKeys: true, kind: .dslForm)]
        }
        let key = BindingKey(type: resolver.identity(of: keyType), tag: draft.tag.map { TypeIdentity(spelling: $0.description) })
        var model = BindingModel(
            key: key,
            kind: kind,
            scope: draft.isShared ? binderScope.map { TypeIdentity(spelling: $0.description) } : nil,
            location: position.location,
            dependencies: made.requests ?? [],
            multibindingKey: made.wholeDictionary ? nil : entryKey,
            effect: made.effect,
            makesValueTypes: resolver.isValueType(keyType)
        )
        for id in draft.silenced {
            model.silence(id)
        }
        var result = notes
        if made.wholeDictionary, let entryKey {
            result.append(.reported(WholeDictionaryContribution(dictionary: key, entryKey: entryKey, location: model.location), at: position))
        }
        if case .none = draft.collection, !draft.isComponentRoot, let wrapped = request(for: element, assistedSeed: nil), wrapped.kind != .direct, kind != .propertyInjector, kind != .assistedFactory {
            result.append(.reported(BoundWrapperType(wrapper: key.type, wrappedKey: wrapped.key, location: model.location), at: position))
        }
        result.append(.binding(model, at: position))
        return result
    }

    /// The type and printed value of dictionary key `key`, as the typing interface proves them.
    func keyTyping(of key: ExprSyntax, declared: SpelledType?) -> DictionaryKeyTyping {
        ExpressionTyper(reader: factories).dictionaryKey(key, declared: declared, in: context, file: file)
    }

    /// The type of a `to(value:)` argument, as the typing interface proves it.
    func valueType(of expression: ExprSyntax) -> ExpressionTyping {
        ExpressionTyper(reader: factories).type(of: expression, in: context, file: file)
    }
}
