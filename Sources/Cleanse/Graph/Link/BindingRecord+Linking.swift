extension TypedBindingRecord {
    /// The record of the binding this recipe makes under `key`: the recipe's own record,
    /// placed. A recipe is recorded once.
    func record(
        key: BindingKey,
        scope: TypeIdentity?,
        kind: BindingKind? = nil,
        multibindingKey: MultibindingKey? = nil,
        merge: ((_ contributions: [AnyResolver], _ inherited: AnyResolver?) -> AnyResolver)? = nil,
        mergeAsync: ((_ contributions: [ContributionResolvers], _ inherited: ContributionResolvers?) -> AnyAsyncResolver)? = nil
    ) -> BindingRecord {
        pending.place(key: key, scope: scope, kind: kind ?? self.kind, multibindingKey: multibindingKey, merge: merge, mergeAsync: mergeAsync)
        return pending
    }
}

/// How a record makes its resolvers once its requests are linked. What depends on the
/// value's type is asked of the resolvers, which know it: a record has no generic type of
/// its own to instantiate while the modules' `configure` run (see NOTES, Performance).
extension BindingRecord {
    /// The synchronous resolver, from the resolvers of the record's requests in order,
    /// shared in `slot` when the binding is scoped.
    func link(_ dependencies: [AnyResolver], key: BindingKey, slot: Int?, mayRetain: Bool, observer: GraphObserving? = nil) -> AnyResolver {
        var unscoped = make(dependencies)
        if let observer, let event = observer.constructionEvent(of: self, key: key, shared: slot != nil) {
            unscoped = unscoped.observed(by: observer.observer, as: event)
        }
        // An asynchronous-only binding's synchronous resolver reports the misuse; it is
        // never shared. A binding Cleanse makes itself is never scoped.
        guard let slot, sharesSynchronously, valueType != nil else { return unscoped }
        return unscoped.shared(in: slot, key: key, mayRetain: mayRetain)
    }

    /// Whether the binding is made synchronously but awaits its requests when its value is
    /// used (an asynchronous property injector): then `linkFromAsync` makes its resolver.
    var linksFromAsyncDependencies: Bool { makeFromAsyncDependencies != nil }

    /// The resolver of such a binding, from the asynchronous resolvers of its requests.
    func linkFromAsync(_ dependencies: [AnyAsyncResolver]) -> AnyResolver? {
        makeFromAsyncDependencies?(dependencies)
    }

    /// Whether the binding has an asynchronous resolver of its own.
    var linksAsync: Bool { makeAsync != nil }

    /// That resolver, from the asynchronous resolvers of its requests, shared in `slot` when
    /// the binding is scoped.
    func linkAsync(
        _ dependencies: [AnyAsyncResolver], key: BindingKey, slot: Int?, mayRetain: Bool, observer: GraphObserving? = nil
    ) -> AnyAsyncResolver? {
        guard let makeAsync else { return nil }
        // Observed, the unscoped resolver is wrapped and shared the general way.
        if let observer, let event = observer.constructionEvent(of: self, key: key, shared: slot != nil) {
            let observed = makeAsync(dependencies, key).observed(by: observer.observer, as: event)
            return slot.map { observed.shared(in: $0, key: key, mayRetain: mayRetain) } ?? observed
        }
        guard let slot else { return makeAsync(dependencies, key) }
        if let makeSharedAsync {
            return makeSharedAsync(dependencies, key, slot, mayRetain)
        }
        return makeAsync(dependencies, key).shared(in: slot, key: key, mayRetain: mayRetain)
    }

    /// Whether the binding is isolated to the main actor, so that awaiting it from elsewhere
    /// hops there (see `hopToMainActor`).
    var hopsToMainActor: Bool { valueType != nil && model.effect.actor != nil }

    /// Awaits the synchronous `resolver` on the main actor: how a main-actor binding made
    /// without awaiting anything is awaited from elsewhere.
    func hopToMainActor(_ resolver: AnyResolver) -> AnyAsyncResolver? {
        hopsToMainActor ? resolver.onMainActor() : nil
    }
}

/// A ``GraphObserver`` watching the component being linked: which of its bindings it sees
/// being made.
struct GraphObserving {
    let observer: any GraphObserver
    let component: TypeIdentity

    /// The event of making an object of `record`'s binding, or `nil` when the binding makes
    /// nothing worth a place in a profile (a value, a seed, or a handle Cleanse makes).
    func constructionEvent(of record: BindingRecord, key: BindingKey, shared: Bool) -> GraphEvent? {
        let kind = record.model.kind
        guard kind == .factory || kind == .provider || kind == .collectionElement else { return nil }
        return GraphEvent(
            kind: .construct, component: component, key: key, location: record.model.location, isShared: shared, bindingKind: kind
        )
    }
}
