/// Where a provider's values come from: a resolver of the component graph, run in the
/// component instance that made the provider, or a closure written by hand.
///
/// Graph-made providers hold the resolver itself rather than a closure around it, so making
/// one allocates nothing and `get()` is one call into code specialized for `Element`.
@usableFromInline
enum ProviderSource<Element> {
    case graph(Resolver<Element>, ComponentInstance)
    case closure(() -> Element)

    @inlinable @inline(__always)
    func get() -> Element {
        switch self {
        case .graph(let resolver, let instance):
            // An object shared in that instance and made already is read here, in code
            // specialised for `Element`: a singleton's `get()` costs a load and a retain.
            // (`objectSlotHere` is -1 for a hop, which is called: one test, levels folded.)
            return instance.resolve(resolver, objectIn: resolver.objectSlotHere, levels: 0)
        case .closure(let getter):
            return getter()
        }
    }
}
