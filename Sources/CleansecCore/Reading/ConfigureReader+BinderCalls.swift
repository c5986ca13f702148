import CleanseGraph
import SwiftSyntax

/// The binder's own calls in a `configure` body: `include`, `install`, `bind` and its
/// kinds (`bindFactory`, `bindPropertyInjectionOf`), and a root's `to` in `configureRoot`.
extension ConfigureReader {
    func steps(of chain: CallChain, receiptKey: SpelledType?, node: Syntax) -> [ConfigureStep] {
        let first = chain.calls[0]
        switch first.name {
        case "include", "install":
            guard let argument = first.arguments.first?.expression,
                  let type = metatype(argument), type.path != nil
            else { return [opaque(node, "\(first.name) of a type the analyzer cannot name", unknownKeys: true, kind: .typeName)] }
            guard let position = place(of: first) else {
                return [opaque(node, Self.unfollowedPlace, unknownKeys: true, kind: .dslForm)]
            }
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
            // (`@Injectable` decides it from its own arguments, which compile only as they say.)
            if let declaration, declaration.injectableMacro == nil, let reason = FactoryReader.unreadIsolation(of: declaration, for: .injector) {
                return [opaque(node, reason, unknownKeys: true, kind: .declaredElsewhere)]
            }
            let isolated = declaration?.globalActor != nil || declaration?.injectableMacro?.isMainActor == true
            draft.type = .named(isolated ? BuiltInNames.mainActorPropertyInjector : BuiltInNames.propertyInjector, [target])
            draft.injectionTarget = target
            draft.kind = .propertyInjector
            return binding(draft, chain.calls.dropFirst(), node: node)
        case "to" where receiptKey != nil:
            var draft = BindingDraft()
            draft.type = receiptKey
            draft.isComponentRoot = true
            if let target = receiptKey?.singleArgument, target.path == BuiltInNames.propertyInjector || target.path == BuiltInNames.mainActorPropertyInjector,
               injects(target.argument, first) {
                draft.injectionTarget = target.argument
                draft.kind = .propertyInjector
            }
            return binding(draft, chain.calls[...], node: node)
        case "propertyInjector" where receiptKey?.singleArgument?.path == BuiltInNames.propertyInjector:
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
    func injectorOwner(_ call: CallChain.Call?) -> SpelledType? {
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
    func injects(_ target: SpelledType, _ call: CallChain.Call) -> Bool {
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
        let key = BindingKey(type: TypeIdentity(spelling: SpelledType.named(BuiltInNames.featureFactory, [feature]).description))
        let model = CollectionRules.featureFactoryBinding(key: key, seedRequest: seedRequest, location: position.location)
        return .binding(model, at: position)
    }
}
