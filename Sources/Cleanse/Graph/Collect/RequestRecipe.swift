/// How a factory asks for one parameter: the model of the request, and how to turn the
/// linked graph into a resolver of exactly the parameter's type.
@usableFromInline
struct RequestRecipe {
    private(set) var model: DependencyRequest
    /// For a wrapper or an implicit form: builds its resolver of exactly the parameter's
    /// type. `deferred` is true inside a `Provider` or `WeakProvider`, where the target may
    /// not be linked yet. `nil` for a direct request, which the linker links by its key (no
    /// closures: most requests are direct, and two closure contexts each were a third of
    /// the allocations of `ComponentFactory.of`).
    private let wrapperLink: ((_ linker: Linker, _ deferred: Bool) -> AnyResolver)?
    /// For a wrapper or an implicit form: builds the `AsyncResolver` an asynchronous factory
    /// awaits for the parameter.
    private let wrapperLinkAsync: ((_ linker: Linker) -> AnyAsyncResolver)?

    /// A request whose asynchronous form awaits nothing: its synchronous resolver, wrapped.
    /// (Wrappers such as `Provider<T>` are made synchronously even for an async factory.)
    init<D>(model: DependencyRequest, resolving _: D.Type, link: @escaping (_ linker: Linker, _ deferred: Bool) -> AnyResolver) {
        self.model = model
        wrapperLink = link
        wrapperLinkAsync = { linker in AsyncResolver(wrapping: link(linker, true).typed(D.self)) }
    }

    init(model: DependencyRequest, link: @escaping (_ linker: Linker, _ deferred: Bool) -> AnyResolver, linkAsync: @escaping (_ linker: Linker) -> AnyAsyncResolver) {
        self.model = model
        wrapperLink = link
        wrapperLinkAsync = linkAsync
    }

    /// A direct request: the parameter is the bound type itself.
    init(direct model: DependencyRequest) {
        self.model = model
        wrapperLink = nil
        wrapperLinkAsync = nil
    }

    /// The same request, declared at `site` (an `@Injected` property).
    func declared(at site: RequestSite) -> RequestRecipe {
        var copy = self
        copy.model = model.declared(at: site)
        return copy
    }

    /// Whether the parameter is the bound type itself, linked by its key.
    var isDirect: Bool { wrapperLink == nil }

    /// The resolver of the parameter's type, once the graph is linked up to what it needs.
    /// `target`: a direct request's entry in the linked component's ``RequestTargets``,
    /// when the caller knows it.
    func link(_ linker: Linker, _ deferred: Bool, target: Int? = nil) -> AnyResolver {
        if let wrapperLink {
            return wrapperLink(linker, deferred)
        }
        return linker.directResolver(for: model, deferred: deferred, target: target)
    }

    /// The asynchronous resolver an asynchronous factory awaits for the parameter.
    func linkAsync(_ linker: Linker, target: Int? = nil) -> AnyAsyncResolver {
        if let wrapperLinkAsync {
            return wrapperLinkAsync(linker)
        }
        return linker.directAsyncResolver(for: model, target: target)
    }

    /// The recipe for a parameter of type `D`: a wrapper such as `Provider<T>` knows its own
    /// (made optional for `Provider<T>?`); any other type is a direct request for its own key.
    static func of<D>(_ type: D.Type) -> RequestRecipe {
        if let wrapper = InjectableWrappers.wrapper(type) {
            return wrapper.requestRecipe
        }
        // Only an optional is asked whether it wraps a wrapper: a conformance look-up of every
        // other parameter type would cost each new type an entry in the runtime's cache.
        if OptionalMetadata.isOptional(type), let optional = type as? any OptionalWrapperRequest.Type,
           let recipe = optional.wrapperRequest {
            return recipe
        }
        let identity = TypeIdentity(D.self)
        return RequestRecipe(direct: DependencyRequest(key: BindingKey(type: identity), kind: .direct, requestedType: identity))
    }

    /// The recipes of every parameter in a pack, in order.
    @usableFromInline
    static func all<each D>(_ types: repeat (each D).Type) -> RequestList {
        var count = 0
        for _ in repeat each types {
            count += 1
        }
        var requests = RequestList()
        requests.reserveCapacity(count)
        for type in repeat each types {
            requests.append(of(type))
        }
        return requests
    }
}

/// The requests of one binding, in parameter order: their models, which validation reads,
/// and the recipes of those that are not direct (a wrapper such as `Provider<T>`, an
/// implicit form).
///
/// Most bindings only request their dependencies directly: then the list is one array, the
/// models, which the binding's model shares (a list of recipes beside it was one more
/// array, and a copy of every model, per binding).
@usableFromInline
struct RequestList: ExpressibleByArrayLiteral {
    /// The requests' models, in parameter order.
    private(set) var models: [DependencyRequest] = []
    /// Once any request is not direct: the recipe of each such request, `nil` for a direct one.
    private var recipes: [RequestRecipe?]?

    init() {}

    @usableFromInline
    init(arrayLiteral requests: RequestRecipe...) {
        for request in requests {
            append(request)
        }
    }

    var count: Int { models.count }

    mutating func reserveCapacity(_ count: Int) {
        models.reserveCapacity(count)
    }

    /// Adds the request of the next parameter.
    mutating func append(_ request: RequestRecipe) {
        if recipes == nil, !request.isDirect {
            recipes = [RequestRecipe?](repeating: nil, count: models.count)
        }
        recipes?.append(request.isDirect ? nil : request)
        models.append(request.model)
    }

    /// The request of parameter `index`.
    subscript(index: Int) -> RequestRecipe {
        if let recipes, let recipe = recipes[index] {
            return recipe
        }
        return RequestRecipe(direct: models[index])
    }

    /// Replaces the request of parameter `index`.
    mutating func replace(at index: Int, with request: RequestRecipe) {
        if recipes == nil, !request.isDirect {
            recipes = [RequestRecipe?](repeating: nil, count: models.count)
        }
        recipes?[index] = request.isDirect ? nil : request
        models[index] = request.model
    }
}

/// A type that, requested as a parameter, stands for another binding (`Provider<T>` stands
/// for `T`). Conformances are Cleanse's own.
protocol InjectableWrapper {
    /// The wrapper's row in the table both front ends read: its request kind and seed rule.
    static var wrapper: RequestWrapper { get }
    static var requestRecipe: RequestRecipe { get }
}

/// Answers "is this parameter type a wrapper such as `Provider<T>`?" for every parameter of
/// every binding while a component is collected. The runtime's conformance check scans
/// conformance tables and costs thousands of instructions even when it fails, so classes
/// (which are never wrappers) skip it and other types' answers are remembered.
enum InjectableWrappers {
    private static let lock = RecursiveLock()
    nonisolated(unsafe) private static var known: [ObjectIdentifier: (any InjectableWrapper.Type)?] = [:]

    static func wrapper<D>(_ type: D.Type) -> (any InjectableWrapper.Type)? {
        if type is AnyObject.Type {
            return nil
        }
        let id = ObjectIdentifier(type)
        return lock.withLock {
            if let answer = known[id] {
                return answer
            }
            let answer = type as? any InjectableWrapper.Type
            known[id] = answer
            return answer
        }
    }
}
