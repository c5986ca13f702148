/// What a request's recipe is linked against: the ``Linker`` of the component being
/// linked, or, for the `@Injected` properties of a class met only once the graph is linked
/// (``DiscoveredPropertyInjection``), the finished component templates.
protocol RequestLinking: AnyObject {
    /// The resolver of a direct request (the parameter is the bound type itself).
    func directResolver(for request: DependencyRequest, deferred: Bool, target: Int?) -> AnyResolver
    /// The asynchronous resolver an asynchronous factory awaits for a direct request.
    func directAsyncResolver(for request: DependencyRequest, target: Int?) -> AnyAsyncResolver
    /// The resolver of `key`, typed as the binding's value; `deferred` inside a provider.
    func resolver<Value>(for key: BindingKey, as _: Value.Type, deferred: Bool) -> Resolver<Value>
    /// The resolver an `AsyncProvider` of `key` awaits.
    func asyncProviderResolver<Value>(for key: BindingKey, as _: Value.Type) -> AsyncResolver<Value>
}

extension Linker: RequestLinking {}

/// Links requests against finished templates: the component `template` of the instance a
/// binding's resolver is given, and its ancestors. Every key must be bound there and made
/// synchronously off the main actor; anything else ends in `unlinkable`, which names why.
final class TemplateRequestLinking: RequestLinking {
    private let template: ComponentTemplate
    private let unlinkable: (_ reason: String) -> Never

    init(template: ComponentTemplate, unlinkable: @escaping (_ reason: String) -> Never) {
        self.template = template
        self.unlinkable = unlinkable
    }

    /// The nearest template that binds `key`, and how many components up it is.
    private func nearest(binding key: BindingKey) -> (template: ComponentTemplate, levels: Int) {
        var current: ComponentTemplate? = template
        var levels = 0
        while let candidate = current {
            if candidate.resolvers[key] != nil {
                return (candidate, levels)
            }
            current = candidate.parent
            levels += 1
        }
        unlinkable("nothing binds \(key.quoted) in \(template.componentType.quoted) or its ancestors")
    }

    /// The resolver of `key`, hopped up to the template that binds it.
    private func found(_ key: BindingKey) -> AnyResolver {
        let (owner, levels) = nearest(binding: key)
        let resolver = owner.resolvers[key].unsafelyUnwrapped
        return levels == 0 ? resolver : resolver.hop(levels)
    }

    /// A direct request is resolved as the object is filled, on whatever thread made it:
    /// its binding must be made synchronously and off the main actor. (A provider's target
    /// is reached later, through the provider, as one the linker links.)
    func directResolver(for request: DependencyRequest, deferred: Bool, target: Int?) -> AnyResolver {
        let key = request.key
        let owner = nearest(binding: key).template
        if deferred {
            return found(key)
        }
        if let cause = owner.awaitCauses[key] {
            unlinkable("\(key.quoted) is made asynchronously (\(cause.location))")
        }
        if let place = owner.mainActorBindings[key] {
            unlinkable("\(key.quoted) is made on the main actor (\(place))")
        }
        return found(key)
    }

    func directAsyncResolver(for request: DependencyRequest, target: Int?) -> AnyAsyncResolver {
        asyncResolver(for: request.key)
    }

    func resolver<Value>(for key: BindingKey, as _: Value.Type, deferred: Bool) -> Resolver<Value> {
        found(key).typed(Value.self)
    }

    func asyncProviderResolver<Value>(for key: BindingKey, as _: Value.Type) -> AsyncResolver<Value> {
        asyncResolver(for: key).typed(Value.self)
    }

    /// An asynchronous binding's own resolver, or a synchronous one's, awaited.
    private func asyncResolver(for key: BindingKey) -> AnyAsyncResolver {
        let (owner, levels) = nearest(binding: key)
        if let resolver = owner.asyncResolvers[key] {
            return levels == 0 ? resolver : resolver.hop(levels)
        }
        return found(key).awaited()
    }
}
