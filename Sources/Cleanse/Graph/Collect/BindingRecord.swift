/// One binding collected from the binder: its model for validation, its requests, and how
/// to make its resolvers once they are linked (see `BindingRecord+Linking.swift`).
///
/// A class: the collector, the validators' views and the linker pass records around and
/// read them many times, and a struct of a dozen closures would be copied (and destroyed)
/// at each step. A terminating step of the binder makes the record (inside a
/// ``TypedBindingRecord``) before its builder knows the key, which `TypedBindingRecord.record(key:scope:)`
/// then gives it. Only the collector that owns a record changes it (see `copy()`), on the
/// thread running `ComponentFactory.of`: its mutable properties are
/// `@exclusivity(unchecked)`.
@usableFromInline
final class BindingRecord {
    @exclusivity(unchecked)
    private(set) var model: BindingModel
    @exclusivity(unchecked)
    private(set) var requests: RequestList
    /// Makes the unscoped resolver (a `Resolver` of the value's type) from the resolvers of
    /// `requests`, in order.
    let make: ([AnyResolver]) -> AnyResolver
    /// For an asynchronous binding: makes its resolver (an `AsyncResolver` of the value's
    /// type) from the asynchronous resolvers of `requests`, in order.
    let makeAsync: (([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver)?
    /// Whether the synchronous resolver of a binding shared in scope shares its values
    /// (`false` for an asynchronous-only binding, whose synchronous resolver only reports
    /// that it needs `await`).
    let sharesSynchronously: Bool
    /// The type of the values, for what needs it only rarely (implicit request forms);
    /// `nil` for a binding Cleanse makes itself (a seed, a subcomponent's factory, the
    /// built-in object graph).
    let valueType: Any.Type?
    /// For an asynchronous binding that can make its shared resolver in one piece (claim,
    /// dependencies, factory and publication in one asynchronous frame): makes it from the
    /// asynchronous resolvers of `requests`, for `slot`. Otherwise the unscoped resolver is
    /// wrapped.
    @exclusivity(unchecked)
    var makeSharedAsync: ((_ dependencies: [AnyAsyncResolver], _ key: BindingKey, _ slot: Int, _ mayRetain: Bool) -> AnyAsyncResolver)?
    /// For a binding made synchronously whose values await their requests when used (an
    /// asynchronous property injector): makes its resolver from the asynchronous resolvers of
    /// `requests`, in order. `make` is not used then.
    @exclusivity(unchecked)
    var makeFromAsyncDependencies: (([AnyAsyncResolver]) -> AnyResolver)?
    /// For a collection contribution: joins the linked contributions of its key, after what
    /// the nearest ancestor's collection of the same key holds, into one resolver.
    @exclusivity(unchecked)
    private(set) var merge: ((_ contributions: [AnyResolver], _ inherited: AnyResolver?) -> AnyResolver)?
    /// `merge` for a collection that needs `await`: joins each contribution's asynchronous
    /// resolver, or its synchronous one where it has none, after the inherited collection.
    @exclusivity(unchecked)
    private(set) var mergeAsync: ((_ contributions: [ContributionResolvers], _ inherited: ContributionResolvers?) -> AnyAsyncResolver)?
    /// For a property injector: the class it injects into, and how to inject into an
    /// untyped object with the linked resolver (for `LegacyObjectGraph`).
    @exclusivity(unchecked)
    var untypedInjection: (target: ObjectIdentifier, inject: (AnyResolver) -> UntypedInjection)?

    /// The record a terminating step writes for values of `Value`, keyed by the type alone
    /// until its builder places it (`place(key:scope:kind:multibindingKey:merge:mergeAsync:)`).
    @usableFromInline
    init<Value>(
        of _: Value.Type,
        kind: BindingKind,
        location: SourceLocation,
        requests: RequestList,
        effect: BindingEffect,
        make: @escaping ([AnyResolver]) -> AnyResolver,
        makeAsync: (([AnyAsyncResolver], BindingKey) -> AnyAsyncResolver)?,
        sharesSynchronously: Bool = true
    ) {
        model = BindingModel(
            key: BindingKey(type: TypeIdentity(Value.self)),
            kind: kind,
            scope: nil,
            location: location,
            dependencies: requests.models,
            effect: effect,
            makesValueTypes: !ScopedValue.isReference(Value.self)
        )
        self.requests = requests
        self.make = make
        self.makeAsync = makeAsync
        self.sharesSynchronously = sharesSynchronously
        valueType = Value.self
    }

    /// A binding made directly from a resolver (a seed, a subcomponent's factory, the
    /// built-in object graph).
    init(model: BindingModel, resolver: AnyResolver) {
        self.model = model
        requests = []
        make = { _ in resolver }
        makeAsync = nil
        sharesSynchronously = true
        valueType = nil
    }

    /// Gives the record its builder's key, scope and kind (and, for a contribution, its
    /// entry key and how its collection is joined).
    func place(
        key: BindingKey,
        scope: TypeIdentity?,
        kind: BindingKind,
        multibindingKey: MultibindingKey?,
        merge: ((_ contributions: [AnyResolver], _ inherited: AnyResolver?) -> AnyResolver)?,
        mergeAsync: ((_ contributions: [ContributionResolvers], _ inherited: ContributionResolvers?) -> AnyAsyncResolver)?
    ) {
        model.place(key: key, scope: scope, kind: kind, multibindingKey: multibindingKey)
        self.merge = merge
        self.mergeAsync = mergeAsync
    }

    /// A contribution to the multibinding `key` (an array, set or dictionary): `join` adds a
    /// contribution's values to what came before it, starting from `empty` or from the
    /// nearest ancestor's collection of the same key.
    static func contribution<Collection>(
        _ recipe: TypedBindingRecord<Collection>,
        key: BindingKey,
        scope: TypeIdentity?,
        multibindingKey: MultibindingKey?,
        empty: Collection,
        join: @escaping (inout Collection, Collection) -> Void
    ) -> BindingRecord {
        recipe.record(key: key, scope: scope, kind: .collectionElement, multibindingKey: multibindingKey, merge: { contributions, inherited in
            let parts = contributions.map { $0.typed(Collection.self) }
            let inherited = inherited?.typed(Collection.self)
            return Resolver<Collection> { instance in
                var collection = inherited?.resolve(instance) ?? empty
                for part in parts {
                    join(&collection, part.resolve(instance))
                }
                return collection
            }
        }, mergeAsync: { contributions, inherited in
            let parts = contributions.map { $0.typed(Collection.self) }
            let inherited = inherited?.typed(Collection.self)
            return AsyncResolver<Collection> { instance in
                var collection = try await inherited?.resolve(instance) ?? empty
                for part in parts {
                    join(&collection, try await part.resolve(instance))
                }
                return collection
            }
        })
    }

    /// Records the module that wrote the binding.
    func setModule(_ module: TypeIdentity) {
        model.setModule(module)
    }

    /// The same binding under another key; only for an unscoped binding, whose resolver
    /// does not depend on its key.
    func rekey(to key: BindingKey) {
        model = model.rekeyed(to: key)
    }

    /// Takes `shared`, the model a rule of CleanseGraph writes for this binding (one that
    /// cleansec writes too), in place of the one its recipe made; it must request what the
    /// recipe's `requests` do, in their order.
    func adopt(_ shared: BindingModel) {
        model = shared
    }

    /// Records that the component's `configureRoot` wrote this binding.
    func markAsComponentRoot() {
        model.markAsComponentRoot()
    }

    /// Records that the binding silences the warnings `ids`.
    func silence(_ ids: [DiagnosticID]) {
        for id in ids {
            model.silence(id)
        }
    }

    /// A record of its own with the same contents, for a binding used in another place (an
    /// override applied in several components), so changing one leaves the other as it was.
    func copy() -> BindingRecord {
        BindingRecord(copying: self)
    }

    private init(copying other: BindingRecord) {
        model = other.model
        requests = other.requests
        make = other.make
        makeAsync = other.makeAsync
        sharesSynchronously = other.sharesSynchronously
        valueType = other.valueType
        makeSharedAsync = other.makeSharedAsync
        makeFromAsyncDependencies = other.makeFromAsyncDependencies
        merge = other.merge
        mergeAsync = other.mergeAsync
        untypedInjection = other.untypedInjection
    }

    /// Replaces the request in parameter position `index`, keeping its position.
    func replaceRequest(at index: Int, with request: RequestRecipe) {
        requests.replace(at: index, with: request)
        model = model.replacingDependencies(requests.models)
    }
}


/// The linked resolvers of one part of a collection that needs `await`: a contribution, or
/// the collection an ancestor joined. `asynchronous` is `nil` for a part made synchronously.
struct ContributionResolvers {
    let synchronous: AnyResolver
    let asynchronous: AnyAsyncResolver?

    /// The part, awaited: through its asynchronous resolver, or its synchronous one.
    func typed<Value>(_: Value.Type) -> AsyncResolver<Value> {
        asynchronous?.typed(Value.self) ?? AsyncResolver(wrapping: synchronous.typed(Value.self))
    }
}

/// Injects into an object whose static type is unknown, if it is of the injector's type.
typealias UntypedInjection = (ComponentInstance, Any) -> Void
