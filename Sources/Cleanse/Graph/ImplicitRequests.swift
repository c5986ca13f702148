/// Requests that no binding provides as written, but that Cleanse 4 served from the binding
/// of another key: `() -> T` (a provider of `T` as a plain function) and `T?` or `T!` (the
/// binding of `T`, when `T?` itself is not bound).
///
/// A parameter's type is only known generically when its request is made, so these are
/// recognised after collection: an unbound direct request whose type is the function or
/// optional form of a bound type is rewritten into a request for that type.
enum ImplicitRequests {
    /// Rewrites the implicit requests of `collector`'s component and of its subcomponents,
    /// seeing the keys bound in `ancestors` (nearest last) too. Returns whether it rewrote any.
    @discardableResult
    static func resolve(in collector: BindingCollector, ancestors: [BindingCollector] = []) -> Bool {
        let chain = ancestors + [collector]
        var rewroteAny = false
        var visible: Set<BindingKey>?
        var forms: [ObjectIdentifier: (key: BindingKey, form: any ImplicitRequestForms.Type, isFunction: Bool)]?
        for position in collector.records.indices {
            let record = collector.records[position]
            for (index, request) in record.requests.models.enumerated() where request.kind == .direct {
                // Most requests are bound as written; the look-up tables are built only for
                // a component that has an unbound one.
                if visible == nil {
                    visible = Set(chain.flatMap { $0.records.map(\.model.key) })
                }
                guard let visible, !visible.contains(request.key), request.key.tag == nil,
                      let requested = request.key.type.metatype
                else { continue }
                if forms == nil {
                    forms = table(of: chain)
                }
                guard let (key, form, isFunction) = forms?[ObjectIdentifier(requested)] else { continue }
                let rewritten = isFunction
                    ? form.functionRequest(for: key, requestedType: request.requestedType)
                    : form.optionalRequest(for: key, requestedType: request.requestedType)
                collector.replaceRequest(at: index, ofRecordAt: position, with: rewritten)
                rewroteAny = true
            }
        }
        for (child, _) in collector.subcomponents where resolve(in: child, ancestors: chain) {
            rewroteAny = true
        }
        return rewroteAny
    }

    /// The function and optional forms of every untagged key bound in `chain`, by the
    /// identity of the form's type.
    private static func table(of chain: [BindingCollector]) -> [ObjectIdentifier: (key: BindingKey, form: any ImplicitRequestForms.Type, isFunction: Bool)] {
        var table: [ObjectIdentifier: (key: BindingKey, form: any ImplicitRequestForms.Type, isFunction: Bool)] = [:]
        for record in chain.flatMap(\.records) where record.model.key.tag == nil {
            guard let form = record.implicitForms else { continue }
            table[ObjectIdentifier(form.functionType)] = (record.model.key, form, true)
            table[ObjectIdentifier(form.optionalType)] = (record.model.key, form, false)
        }
        return table
    }
}

/// The implicit request forms of one bound type, kept by each binding record as a metatype
/// (no allocation) and used only when an implicit request needs them.
protocol ImplicitRequestForms {
    static var functionType: any Any.Type { get }
    static var optionalType: any Any.Type { get }
    static func functionRequest(for key: BindingKey, requestedType: TypeIdentity) -> RequestRecipe
    static func optionalRequest(for key: BindingKey, requestedType: TypeIdentity) -> RequestRecipe
}

enum ImplicitForms<Value>: ImplicitRequestForms {
    static var functionType: any Any.Type { (() -> Value).self }
    static var optionalType: any Any.Type { Value?.self }

    /// `() -> Value`: a provider in all but name, so it is deferred like `Provider<Value>`.
    static func functionRequest(for key: BindingKey, requestedType: TypeIdentity) -> RequestRecipe {
        RequestRecipe(
            model: DependencyRequest(key: key, kind: .provider, requestedType: requestedType),
            resolving: (() -> Value).self,
            link: { linker, _ in
                let target = linker.resolver(for: key, as: Value.self, deferred: true)
                return target.handles { resolver, instance in { resolver.resolve(instance) } }
            }
        )
    }

    /// `Value?`: the binding of `Value`, always present.
    static func optionalRequest(for key: BindingKey, requestedType: TypeIdentity) -> RequestRecipe {
        RequestRecipe(
            model: DependencyRequest(key: key, kind: .direct, requestedType: requestedType),
            resolving: Value?.self,
            link: { linker, deferred in
                let target = linker.resolver(for: key, as: Value.self, deferred: deferred)
                return Resolver<Value?> { instance in target.resolve(instance) }
            }
        )
    }
}

/// `Provider<T>?` or `Provider<T>!` (and the other wrappers): how a storyboard-era class
/// declares an injected property (`var titles: Provider<String>!`), which an injector closure
/// `{ $0.titles = $1 }` then requests. Served as the wrapper itself, always present.
protocol OptionalWrapperRequest {
    /// The wrapper's own request, made optional; `nil` when the wrapped type is no wrapper.
    static var wrapperRequest: RequestRecipe? { get }
}

enum OptionalMetadata {
    /// Whether `type` is an `Optional`, read from its metadata's kind (`0x202` in the Swift
    /// ABI, on every platform) without a conformance look-up.
    static func isOptional(_ type: any Any.Type) -> Bool {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        return metadata.load(as: UInt.self) == 0x202
    }
}

extension Optional: OptionalWrapperRequest {
    static var wrapperRequest: RequestRecipe? {
        guard let wrapper = InjectableWrappers.wrapper(Wrapped.self) else { return nil }
        let inner = wrapper.requestRecipe
        let model = DependencyRequest(key: inner.model.key, kind: inner.model.kind, requestedType: TypeIdentity(Wrapped?.self))
        return RequestRecipe(
            model: model,
            link: { linker, deferred in
                let target = inner.link(linker, deferred).typed(Wrapped.self)
                return Resolver<Wrapped?> { instance in target.resolve(instance) }
            },
            linkAsync: { linker in
                let target = inner.linkAsync(linker).typed(Wrapped.self)
                return AsyncResolver<Wrapped?> { instance in try await target.resolve(instance) }
            }
        )
    }
}
