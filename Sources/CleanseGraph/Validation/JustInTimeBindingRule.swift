/// Constructor injection without a binding line, as one rule for both front ends: a type
/// that says how it is constructed (`@Injectable` on a type with one initializer, or a
/// `ConstructorInjectable` conformance written by hand) is bound just in time when an
/// untagged request for it finds no binding it can see.
///
/// Where the binding goes:
/// - unscoped (the default), in the component whose binding requests it, so that it sees
///   what the requester sees; a component below sees it there and makes no other;
/// - scoped, in the nearest component of that scope at or above the requester, so that
///   it is made once per instance of that component; with none, nowhere: the key stays
///   missing, and the error says the scope is what stops it (a feature that forgot the
///   module giving it the app's object gets that one error, not a scope error besides).
///
/// A just-in-time binding's own requests are served the same way. An explicit binding of
/// the type, anywhere the requester can see, always wins. Each front end says which keys it
/// can construct (from the metatype's conformance at run time, from the attribute in
/// cleansec) and adds the bindings to its own records; where they go is decided here.
package enum JustInTimeBindingRule {
    /// What a front end says of a type asked for by key.
    package enum Construction: Sendable {
        /// The binding that constructs it.
        case binding(BindingModel)
        /// The type says it is constructed, but its declaration gives no initializer to call.
        case unconstructed(MissingProvider.Unconstructed)

        /// The binding, when there is one.
        package var binding: BindingModel? {
            if case .binding(let binding) = self { return binding }
            return nil
        }
    }

    /// One binding to add.
    package struct Addition: Sendable {
        /// The component, as the positions of the subcomponents leading to it from the root.
        package let component: [Int]
        /// The binding, as the front end described it.
        package let binding: BindingModel
        /// Which call of `constructor` described the binding, counting from 0: a front end
        /// that keeps its answers in the order asked finds it without a look-up (the rule
        /// is the only caller of `constructor` until its additions are added).
        package let answer: Int
        /// Whether no earlier addition of the list has the binding's key: a front end may add
        /// what it described itself the first time, and a copy after.
        package let isFirstOfKey: Bool
    }

    /// The bindings to add and whether they serve every request.
    package struct Plan: Sendable {
        /// The bindings to add, each component's in the order they are to be appended.
        package let additions: [Addition]
        /// Whether, once `additions` are added, every untagged request finds a binding it can
        /// see and no request is tagged: then no key is missing and nothing need look again.
        package let servesEveryRequest: Bool
    }

    /// The bindings to add to `model` and its subcomponents, each component's in the order
    /// they are to be appended. `constructor` describes the just-in-time binding of an
    /// untagged key, or returns `nil` when its type is not constructed; it is asked once per
    /// key.
    package static func additions(in model: ComponentModel, constructor: (BindingKey) -> Construction?) -> [Addition] {
        plan(in: model, constructor: constructor).additions
    }

    /// ``additions(in:constructor:)``, and whether they leave a request unserved.
    package static func plan(in model: ComponentModel, constructor: (BindingKey) -> Construction?) -> Plan {
        var walk = JustInTimeAdditionWalk(model)
        walk.serveRequests(constructor)
        return Plan(additions: walk.additions(), servesEveryRequest: walk.servesEveryRequest)
    }
}

extension JustInTimeBindingRule {
    /// `model` with `additions` appended to their components' bindings: the graph a front
    /// end that keeps only the model (cleansec) validates next.
    package static func applying(_ additions: [Addition], to model: ComponentModel) -> ComponentModel {
        var model = model
        for addition in additions {
            append(addition.binding, at: addition.component[...], in: &model)
        }
        return model
    }

    private static func append(_ binding: BindingModel, at path: ArraySlice<Int>, in model: inout ComponentModel) {
        guard let first = path.first else {
            model.bindings.append(binding)
            return
        }
        append(binding, at: path.dropFirst(), in: &model.subcomponents[first])
    }
}

extension JustInTimeBindingRule {
    /// `errors` with each missing binding of a type that says it is constructed, but is not,
    /// told why (``MissingProvider/unconstructed``): its declaration gives no initializer,
    /// or it is shared in a scope no component at or above the request has.
    package static func explaining(_ errors: [any CleanseError], constructor: (BindingKey) -> Construction?) -> [any CleanseError] {
        errors.map { error in
            guard var missing = error as? MissingProvider, missing.requestedKey.tag == nil else { return error }
            switch constructor(missing.requestedKey) {
            case .unconstructed(let why):
                missing.unconstructed = why
            case .binding(let binding):
                guard let scope = binding.scope else { return error }
                // The type's own scope, or that of a test's override replacing its construction.
                let sharedBy = binding.kind == .injectableConstructor ? "@Injectable(scope:)" : "the override's sharedInScope()"
                missing.unconstructed = MissingProvider.Unconstructed(
                    reason: "it is shared in scope '\(scope.name)' (\(sharedBy)), and no component at or above where it is requested has that scope. "
                        + "Give one of them the scope, or, in a feature, receive the app's object through the feature's dependencies (include the module that binds them)",
                    location: binding.location
                )
            case nil:
                return error
            }
            return missing
        }
    }
}
