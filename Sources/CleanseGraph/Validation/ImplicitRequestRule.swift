/// Cleanse 4's implicit requests, as one rule for both front ends: a request for `() -> T`
/// is served as a provider of `T`, and a request for `T?` (or `T!`) as `T` itself, when
/// nothing binds the requested type as written and an untagged binding of `T` that the
/// requester can see makes values (not a seed, a subcomponent's factory or a built-in).
///
/// A parameter's type is only known generically when a request is made, so the rule runs
/// after collection, and only for a graph that has missing keys. Each front end names the
/// function and optional forms of a bound type its own way (metatypes at run time,
/// spellings in cleansec) and applies the rewrites to its own records; which requests are
/// rewritten, and into what, is decided here.
package enum ImplicitRequestRule {
    /// The types through which a bound type may be requested implicitly.
    package struct Forms: Sendable {
        /// `() -> T`.
        package let function: TypeIdentity
        /// `Optional<T>`.
        package let optional: TypeIdentity

        package init(function: TypeIdentity, optional: TypeIdentity) {
            self.function = function
            self.optional = optional
        }
    }

    /// Which form a request was written in.
    package enum Form: Sendable {
        /// `() -> T`: deferred, like `Provider<T>`.
        case function
        /// `T?`: the binding of `T`, always present.
        case optional
    }

    /// One request to serve from another key's binding.
    package struct Rewrite: Sendable {
        /// The component, as the positions of the subcomponents leading to it from the root.
        package let component: [Int]
        /// The requesting binding's position in its component's bindings.
        package let binding: Int
        /// The request's position in the binding's dependencies.
        package let request: Int
        /// The key whose binding serves it.
        package let target: BindingKey
        /// How it was written.
        package let form: Form
        /// The request as it is validated and linked from now on: a provider request of the
        /// target for a function, a direct one for an optional, as written (`requestedAs`).
        package let rewritten: DependencyRequest
    }

    /// Whether a binding of `kind` serves implicit requests: Cleanse's own bindings (seeds,
    /// subcomponent factories, built-ins) do not.
    package static func serves(_ kind: BindingKind) -> Bool {
        kind != .seed && kind != .subcomponentFactory && kind != .builtIn
    }

    /// The rewrites of `model` and its subcomponents. `forms` names the function and
    /// optional forms of an untagged bound key's type, or `nil` when the front end cannot.
    package static func rewrites(in model: ComponentModel, forms: (BindingKey) -> Forms?) -> [Rewrite] {
        var found: [Rewrite] = []
        collect(model, path: [], visibleAbove: [], formsAbove: [:], forms: forms, into: &found)
        return found
    }

    private static func collect(
        _ model: ComponentModel,
        path: [Int],
        visibleAbove: Set<BindingKey>,
        formsAbove: [TypeIdentity: (key: BindingKey, form: Form)],
        forms: (BindingKey) -> Forms?,
        into found: inout [Rewrite]
    ) {
        var visible = visibleAbove
        var table = formsAbove
        for binding in model.bindings {
            visible.insert(binding.key)
            guard binding.key.tag == nil, serves(binding.kind), let named = forms(binding.key) else { continue }
            table[named.function] = (binding.key, .function)
            table[named.optional] = (binding.key, .optional)
        }
        for (position, binding) in model.bindings.enumerated() {
            for (index, request) in binding.dependencies.enumerated()
            where request.kind == .direct && request.key.tag == nil && !visible.contains(request.key) {
                guard let (target, form) = table[request.key.type] else { continue }
                let kind: RequestKind = form == .function ? .provider : .direct
                found.append(Rewrite(
                    component: path,
                    binding: position,
                    request: index,
                    target: target,
                    form: form,
                    rewritten: DependencyRequest(key: target, kind: kind, requestedType: request.requestedType)
                ))
            }
        }
        for (index, child) in model.subcomponents.enumerated() {
            collect(child, path: path + [index], visibleAbove: visible, formsAbove: table, forms: forms, into: &found)
        }
    }
}
