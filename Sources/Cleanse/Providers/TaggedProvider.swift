/// Provides the value bound for `Tag.Element` tagged with `Tag`; the way to request a
/// tagged binding.
///
/// ```swift
/// init(primaryURL: TaggedProvider<PrimaryAPIURL>) {
///     self.primaryURL = primaryURL.get()
/// }
/// ```
public struct TaggedProvider<Tag: Cleanse.Tag>: ProviderProtocol {
    /// The tagged type.
    public typealias Element = Tag.Element

    @usableFromInline
    let source: ProviderSource<Element>

    /// Creates a tagged provider whose `get()` calls `getter`.
    @available(swift, introduced: 6)
    public init(getter: @escaping @Sendable () -> Element) {
        source = .closure(getter)
    }

    init(source: ProviderSource<Element>) {
        self.source = source
    }

    /// Provides the tagged value.
    @inlinable
    public func get() -> Element {
        source.get()
    }

    /// The same values, as an untagged `Provider`.
    public func asProvider() -> Provider<Element> {
        Provider(source: source)
    }
}

// Safe to share when the element is, as `Provider`: the graph or a `@Sendable` getter.
extension TaggedProvider: @unchecked Sendable where Tag.Element: Sendable {}

extension TaggedProvider: InjectableWrapper {
    static var wrapper: RequestWrapper { .taggedProvider }

    static var requestRecipe: RequestRecipe {
        let key = BindingKey(Element.self, tag: Tag.self)
        return RequestRecipe(
            model: DependencyRequest(key: key, kind: wrapper.requestKind, requestedType: TypeIdentity(Self.self)),
            resolving: Self.self,
            link: { linker, deferred in
                let target = linker.resolver(for: key, as: Element.self, deferred: deferred)
                return target.handleResolver { resolver, instance in TaggedProvider(source: .graph(resolver, instance)) }
            }
        )
    }
}

extension TaggedProvider: SeedUnwrapping {
    static var seedKey: BindingKey { BindingKey(Element.self, tag: Tag.self) }
    static var seedResolver: AnyResolver {
        Resolver<Element> { instance in instance.seed(as: TaggedProvider<Tag>.self).get() }
    }
}
