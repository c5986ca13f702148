/// The builder `.intoCollection()` returns: each binding made with it adds elements to the
/// array `[Element]`, which can be requested as `[Element]` or `Provider<[Element]>`.
///
/// A terminating step may produce one element or an array of them, from a value, a
/// provider or a factory with dependencies:
///
/// ```swift
/// binder.bind(Interceptor.self).intoCollection().to(factory: LoggingInterceptor.init)
/// binder.bind(Interceptor.self).intoCollection().to(value: [RetryInterceptor(), AuthInterceptor()])
///
/// final class Client {
///     init(interceptors: [Interceptor]) { … }
/// }
/// ```
///
/// Contributions keep the order they were written in; a subcomponent's contributions come
/// after its ancestors'.
public struct CollectionBindingBuilder<Element, BinderScope: _ScopeBase>: BindToable {
    public typealias Input = [Element]

    let collector: BindingCollector
    private var tag: TypeIdentity?
    private var isShared = false

    init(collector: BindingCollector, tag: TypeIdentity?, isShared: Bool) {
        self.collector = collector
        self.tag = tag
        self.isShared = isShared
    }

    /// Qualifies the collection with a tag whose element is `[Element]`; request it as
    /// `TaggedProvider<T>`.
    public func tagged<T: Tag>(with tag: T.Type) -> CollectionBindingBuilder where T.Element == [Element] {
        var builder = self
        builder.tag = TypeIdentity(tag)
        return builder
    }

    /// Makes this contribution build its elements once per component instance.
    public func sharedInScope() -> CollectionBindingBuilder where BinderScope: Cleanse.Scope {
        var builder = self
        builder.isShared = true
        return builder
    }

    public func _register(_ recipe: BindingRecipe<[Element]>) -> BindingReceipt<[Element]> {
        let key = BindingKey(type: TypeIdentity([Element].self), tag: tag)
        let scope = isShared ? TypeIdentity(BinderScope.self) : nil
        collector.add(BindingRecord(contribution: recipe, key: key, scope: scope))
        return BindingReceipt()
    }

    /// Adds one element built by a factory of any arity.
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        factory: @escaping (repeat each Dependency) -> Element
    ) -> BindingReceipt<[Element]> {
        _register(BindingRecipe.factory(factory, location: SourceLocation(file: file, line: line)).map { [$0] })
    }

    /// Adds one element.
    @discardableResult
    public func to(value: Element, file: StaticString = #fileID, line: Int = #line) -> BindingReceipt<[Element]> {
        _register(.getter(.value, location: SourceLocation(file: file, line: line)) { [value] })
    }

    /// Adds the element a provider provides, asked anew each time the collection is built.
    @discardableResult
    public func to<P: ProviderProtocol>(provider: P, file: StaticString = #fileID, line: Int = #line) -> BindingReceipt<[Element]> where P.Element == Element {
        _register(.getter(.provider, location: SourceLocation(file: file, line: line)) { [provider.get()] })
    }
}

extension BaseBindingBuilder {
    /// Turns the binding into a contribution to the collection `[Element]`, keeping any
    /// tag or scope step already taken.
    public func intoCollection() -> CollectionBindingBuilder<Element, BinderScope> {
        CollectionBindingBuilder(collector: collector, tag: tag, isShared: isShared)
    }
}
