/// How a binding record makes its resolvers once its requests are linked.
///
/// A record keeps its recipe, typed by the binding's value, behind this protocol: one object
/// per binding, with no closure per way of linking and no generic type of its own to
/// instantiate while the modules' `configure` run (see NOTES, Performance).
protocol RecordLinking {
    /// The synchronous resolver, from the resolvers of the record's requests in order,
    /// shared in `slot` when the binding is scoped.
    func link(_ dependencies: [AnyResolver], key: BindingKey, slot: Int?, mayRetain: Bool) -> AnyResolver
    /// Whether the binding is made synchronously but awaits its requests when its value is
    /// used (an asynchronous property injector): then `linkFromAsync` makes its resolver.
    var linksFromAsyncDependencies: Bool { get }
    /// The resolver of such a binding, from the asynchronous resolvers of its requests.
    func linkFromAsync(_ dependencies: [AnyAsyncResolver]) -> AnyResolver?
    /// Whether the binding has an asynchronous resolver of its own.
    var linksAsync: Bool { get }
    /// That resolver, from the asynchronous resolvers of its requests, shared in `slot` when
    /// the binding is scoped.
    func linkAsync(_ dependencies: [AnyAsyncResolver], key: BindingKey, slot: Int?, mayRetain: Bool) -> AnyAsyncResolver?
    /// Whether the binding is isolated to the main actor, so that awaiting it from elsewhere
    /// hops there (see `hopToMainActor`).
    var hopsToMainActor: Bool { get }
    /// Awaits the synchronous `resolver` on the main actor: how a main-actor binding made
    /// without awaiting anything is awaited from elsewhere.
    func hopToMainActor(_ resolver: AnyResolver) -> AnyAsyncResolver?
    /// How requests for `() -> Value` and `Value?` are served from this binding; `nil` when
    /// they are not.
    var implicitForms: (any ImplicitRequestForms.Type)? { get }
}

extension BindingRecipe {
    /// The record of the binding this recipe makes under `key`.
    func record(
        key: BindingKey,
        scope: TypeIdentity?,
        kind: BindingKind? = nil,
        multibindingKey: MultibindingKey? = nil,
        merge: ((_ contributions: [AnyResolver], _ inherited: AnyResolver?) -> AnyResolver)? = nil,
        mergeAsync: ((_ contributions: [ContributionResolvers], _ inherited: ContributionResolvers?) -> AnyAsyncResolver)? = nil
    ) -> BindingRecord {
        let model = BindingModel(
            key: key,
            kind: kind ?? self.kind,
            scope: scope,
            location: location,
            dependencies: requests.map(\.model),
            multibindingKey: multibindingKey,
            effect: effect,
            makesValues: !ScopedValue.isReference(Value.self)
        )
        return BindingRecord(model: model, requests: requests, linking: untyped, merge: merge, mergeAsync: mergeAsync)
    }
}

/// A binding written with the binder DSL links through its recipe. What depends on the
/// value's type is asked of the resolvers, which know it.
extension UntypedRecipe: RecordLinking {
    func link(_ dependencies: [AnyResolver], key: BindingKey, slot: Int?, mayRetain: Bool) -> AnyResolver {
        let unscoped = make(dependencies)
        // An asynchronous-only binding's synchronous resolver reports the misuse; it is
        // never shared.
        guard let slot, sharesSynchronously else { return unscoped }
        return unscoped.shared(in: slot, key: key, mayRetain: mayRetain)
    }

    var linksFromAsyncDependencies: Bool { makeFromAsyncDependencies != nil }

    func linkFromAsync(_ dependencies: [AnyAsyncResolver]) -> AnyResolver? {
        makeFromAsyncDependencies?(dependencies)
    }

    var linksAsync: Bool { makeAsync != nil }

    func linkAsync(_ dependencies: [AnyAsyncResolver], key: BindingKey, slot: Int?, mayRetain: Bool) -> AnyAsyncResolver? {
        guard let makeAsync else { return nil }
        guard let slot else { return makeAsync(dependencies, key) }
        if let makeSharedAsync {
            return makeSharedAsync(dependencies, key, slot, mayRetain)
        }
        return makeAsync(dependencies, key).shared(in: slot, key: key, mayRetain: mayRetain)
    }

    var hopsToMainActor: Bool { effect.actor != nil }

    func hopToMainActor(_ resolver: AnyResolver) -> AnyAsyncResolver? {
        hopsToMainActor ? resolver.onMainActor() : nil
    }

    var implicitForms: (any ImplicitRequestForms.Type)? {
        func forms<Value>(_: Value.Type) -> any ImplicitRequestForms.Type { ImplicitForms<Value>.self }
        return forms(valueType)
    }
}

/// A binding whose resolver Cleanse makes itself, before linking (a seed, a subcomponent's
/// factory, the built-in object graph).
struct FixedLinking: RecordLinking {
    private let resolver: AnyResolver

    init(_ resolver: AnyResolver) {
        self.resolver = resolver
    }

    func link(_: [AnyResolver], key _: BindingKey, slot _: Int?, mayRetain _: Bool) -> AnyResolver { resolver }
    var linksFromAsyncDependencies: Bool { false }
    func linkFromAsync(_: [AnyAsyncResolver]) -> AnyResolver? { nil }
    var linksAsync: Bool { false }
    func linkAsync(_: [AnyAsyncResolver], key _: BindingKey, slot _: Int?, mayRetain _: Bool) -> AnyAsyncResolver? { nil }
    var hopsToMainActor: Bool { false }
    func hopToMainActor(_: AnyResolver) -> AnyAsyncResolver? { nil }
    var implicitForms: (any ImplicitRequestForms.Type)? { nil }
}
