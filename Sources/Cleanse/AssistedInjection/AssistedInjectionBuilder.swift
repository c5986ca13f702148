/// The builder `binder.bindFactory(_:)` returns: name the assisted factory with `with(_:)`.
public struct AssistedInjectionBuilder<Element> {
    let collector: BindingCollector

    /// Names the `AssistedFactory` whose `Factory` this binding provides.
    public func with<AF: AssistedFactory>(_ factory: AF.Type) -> AssistedFactoryBuilder<AF> where AF.Element == Element {
        AssistedFactoryBuilder(collector: collector)
    }
}

/// Completes an assisted binding: a factory of any arity with one `Assisted<Seed>`
/// parameter, first, last or anywhere; every other parameter comes from the graph, with its
/// own scope.
///
/// ```swift
/// binder
///     .bindFactory(CustomerDetail.self)
///     .with(CustomerDetail.AssistedFactory.self)
///     .to(factory: CustomerDetail.init)
/// ```
public struct AssistedFactoryBuilder<AF: AssistedFactory> {
    let collector: BindingCollector

    /// Completes the binding; `Factory<AF>` becomes injectable.
    @available(swift, introduced: 6)
    @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat each Dependency) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        register(factory, location: SourceLocation(file: file, line: line, column: column, function: function))
    }

    /// Completes the binding with a factory whose only parameter is the caller's seed: the
    /// form whose closure needs no annotation, since its parameter's type is fixed.
    ///
    /// ```swift
    /// binder.bindFactory(Page.self).with(Page.Factory.self).to { (value) -> Page in
    ///     Page(showAll: value.get())
    /// }
    /// ```
    @available(swift, introduced: 6)
    @discardableResult
    public func to(
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        function: StaticString = #function,
        factory: @escaping @Sendable (Assisted<AF.Seed>) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        register(factory, location: SourceLocation(file: file, line: line, column: column, function: function))
    }
}

extension AssistedFactoryBuilder {
    /// Binds `Factory<AF>` to `factory`, whose `Assisted` parameter receives the caller's seed.
    func register<each Dependency>(
        _ factory: @escaping (repeat each Dependency) -> AF.Element,
        location: SourceLocation
    ) -> BindingReceipt<Factory<AF>> {
        collector.add(TypedBindingRecord<Factory<AF>>.assisted(factory, location: location).record(key: BindingKey(Factory<AF>.self), scope: nil))
        return BindingReceipt()
    }
}

extension Binder {
    /// Starts an assisted-injection binding of `Element`.
    public func bindFactory<Element>(_ type: Element.Type) -> AssistedInjectionBuilder<Element> {
        AssistedInjectionBuilder(collector: collector)
    }
}

/// One parameter of an assisted factory: the caller's seed for `Assisted<Seed>`, or a
/// resolver from the graph for anything else.
final class SeededArgument<Value, Seed> {
    let value: (ComponentInstance, Seed) -> Value

    private init(_ value: @escaping (ComponentInstance, Seed) -> Value) {
        self.value = value
    }

    /// Whether a parameter of type `Value` receives the seed.
    static var isAssisted: Bool { Value.self == Assisted<Seed>.self }

    /// What a parameter of type `Value` requests: from the graph, or from the caller when it
    /// is the assisted one (recorded in the model, linked to nothing).
    static var request: RequestRecipe {
        guard isAssisted else { return .of(Value.self) }
        return RequestRecipe(
            model: DependencyRequest(key: BindingKey(Seed.self), kind: .assisted, requestedType: TypeIdentity(Value.self)),
            resolving: Void.self,
            link: { _, _ in Resolver<Void> { _ in } }
        )
    }

    /// The argument for a parameter of type `Value`, from the next resolver, or from the seed
    /// for the assisted parameter (whose resolver is a placeholder).
    static func make(_ cursor: ResolverCursor) -> SeededArgument {
        if isAssisted {
            cursor.skip()
            // `Value` is `Assisted<Seed>` exactly (checked just above), so the bit cast is an identity.
            return SeededArgument { _, seed in unsafeBitCast(Assisted(value: seed), to: Value.self) }
        }
        let resolver = cursor.next(Value.self)
        return SeededArgument { instance, _ in resolver.resolve(instance) }
    }
}

extension TypedBindingRecord {
    /// A `Factory<AF>` binding: the graph supplies every parameter but the `Assisted` one.
    static func assisted<AF: AssistedFactory, each Dependency>(
        _ factory: @escaping (repeat each Dependency) -> AF.Element,
        location: SourceLocation
    ) -> TypedBindingRecord where Value == Factory<AF> {
        var requests = RequestList()
        repeat requests.append(SeededArgument<each Dependency, AF.Seed>.request)
        return TypedBindingRecord(kind: .assistedFactory, location: location, requests: requests) { resolvers in
            let cursor = ResolverCursor(resolvers)
            let arguments = (repeat SeededArgument<each Dependency, AF.Seed>.make(cursor))
            // The pack is captured once, here; a closure capturing it per factory made would
            // look up the metadata of every argument's type each time.
            let make: (ComponentInstance, AF.Seed) -> AF.Element = { instance, seed in
                factory(repeat (each arguments).value(instance, seed))
            }
            return Resolver<Value> { instance in
                Factory(resolving: { seed in make(instance, seed) })
            }
        }
    }
}
