/// The builder `binder.bind(_:)` returns: add a tag and a scope if needed, then complete
/// the binding with a terminating step.
///
/// ```swift
/// binder
///     .bind(URL.self)                       // bind step
///     .tagged(with: PrimaryAPIURL.self)     // optional tag step
///     .sharedInScope()                      // optional scope step
///     .to(value: apiURL)                    // terminating step
/// ```
///
/// The steps before the terminating one warn when their result is unused: a binding left
/// unfinished binds nothing.
public struct BaseBindingBuilder<Element, BinderScope: _ScopeBase>: BindToable, CollectorHolding {
    public typealias Input = Element

    let collector: BindingCollector
    private(set) var tag: TypeIdentity?
    private(set) var isShared = false
    /// For a `PropertyInjectable` class bound with `bind(_:)`: its `@Injected` properties,
    /// filled in each object the binding makes, before anyone receives it.
    private(set) var injectedProperties: [InjectedProperty]?

    init(collector: BindingCollector) {
        self.collector = collector
    }

    init(collector: BindingCollector, injecting properties: [InjectedProperty]) {
        self.collector = collector
        injectedProperties = properties
    }

    /// Qualifies the binding with a tag; request it as `TaggedProvider<T>`.
    public func tagged<T: Tag>(with tag: T.Type) -> BaseBindingBuilder where T.Element == Element {
        var builder = self
        builder.tag = TypeIdentity(tag)
        return builder
    }

    /// Makes the binding build its value once per component instance and share it.
    ///
    /// The binding is shared in the binder's scope, which must be the scope of the
    /// component the module is included in.
    public func sharedInScope() -> BaseBindingBuilder where BinderScope: Cleanse.Scope {
        var builder = self
        builder.isShared = true
        return builder
    }

    /// Renamed `sharedInScope()` in Cleanse 4.
    @available(*, unavailable, renamed: "sharedInScope()")
    public func asSingleton() -> BaseBindingBuilder { self }

    public func _register(_ recipe: TypedBindingRecord<Element>) -> BindingReceipt<Element> {
        let key = BindingKey(type: TypeIdentity(Element.self), tag: tag)
        let scope = isShared ? TypeIdentity(BinderScope.self) : nil
        if let wrapper = InjectableWrappers.wrapper(Element.self) {
            collector.report(BoundWrapperType(wrapper: key.type, wrappedKey: wrapper.requestRecipe.model.key, location: recipe.location))
        }
        // No optional of the recipe on the way: in this unspecialised code, forming one
        // looked up `TypedBindingRecord<Element>`'s metadata for every binding (+1.9 M
        // instructions on R(1000)'s construction).
        if let injectedProperties {
            collector.add(recipe.fillingInjectedProperties(injectedProperties).record(key: key, scope: scope))
        } else {
            collector.add(recipe.record(key: key, scope: scope))
        }
        return BindingReceipt()
    }
}
