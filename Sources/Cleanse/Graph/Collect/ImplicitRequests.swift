/// How the runtime serves Cleanse 4's implicit requests (`() -> T`, `T?`), which
/// ``ImplicitRequestRule`` in CleanseGraph finds: the forms of a bound type are named by its
/// metatype, and a rewrite replaces the request's recipe with one linked to `T`'s binding.
enum ImplicitRequests {
    /// The function and optional forms of an untagged key's type, as metatypes.
    static func forms(of key: BindingKey) -> ImplicitRequestRule.Forms? {
        key.type.metatype.map { type in
            let forms = recipes(of: type)
            return ImplicitRequestRule.Forms(function: TypeIdentity(forms.functionType), optional: TypeIdentity(forms.optionalType))
        }
    }

    /// Replaces each rewritten request of `collector`'s tree with the recipe of its form.
    static func apply(_ rewrites: [ImplicitRequestRule.Rewrite], to collector: BindingCollector) {
        for rewrite in rewrites {
            var component = collector
            for index in rewrite.component {
                component = component.subcomponents[index].collector
            }
            guard let type = rewrite.target.type.metatype else { continue }
            let forms = recipes(of: type)
            let requestedType = rewrite.rewritten.requestedType
            let recipe = switch rewrite.form {
            case .function: forms.functionRequest(for: rewrite.target, requestedType: requestedType)
            case .optional: forms.optionalRequest(for: rewrite.target, requestedType: requestedType)
            }
            component.replaceRequest(at: rewrite.request, ofRecordAt: rewrite.binding, with: recipe)
        }
    }

    /// The forms of values of `type`.
    private static func recipes(of type: any Any.Type) -> any ImplicitRequestForms.Type {
        func forms<T>(_: T.Type) -> any ImplicitRequestForms.Type { ImplicitForms<T>.self }
        return forms(type)
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
                return target.handleResolver { resolver, instance in { resolver.resolve(instance) } }
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
        let model = RequestWrapper.optional(of: inner.model, requestedAs: TypeIdentity(Wrapped?.self))
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
