/// Makes the seed passed to `build(_:)` injectable inside its component.
///
/// A plain seed is bound as its own type; a `Provider<T>` or `TaggedProvider<Tag>` seed is
/// bound as the key it provides, so `TaggedProvider<UserID>` can be requested as such.
enum SeedBinding {
    static func record<Seed>(for seed: Seed.Type, at location: SourceLocation) -> BindingRecord? {
        if Seed.self == Void.self { return nil }
        let key: BindingKey
        let resolver: AnyResolver
        if InjectableWrappers.wrapper(seed)?.wrapper.isUnwrappedAsSeed == true, let wrapper = seed as? any SeedUnwrapping.Type {
            key = wrapper.seedKey
            resolver = wrapper.seedResolver
        } else {
            key = BindingKey(Seed.self)
            resolver = Resolver<Seed> { instance in instance.seed(as: Seed.self) }
        }
        let model = BindingModel(
            key: key,
            kind: .seed,
            scope: nil,
            // The seed comes in where the component does: its install(dependency:), or the
            // ComponentFactory.of of a root component.
            location: location,
            dependencies: []
        )
        return BindingRecord(model: model, resolver: resolver)
    }

    /// The error for a seed of a wrapper type that is not unwrapped (`WeakProvider<T>`,
    /// `AsyncProvider<T>`, `MainActorProvider<T>`): nothing inside could request it.
    static func wrapperProblem<Seed>(for seed: Seed.Type, of component: TypeIdentity, at location: SourceLocation) -> BoundWrapperType? {
        guard let wrapper = InjectableWrappers.wrapper(seed), !wrapper.wrapper.isUnwrappedAsSeed else { return nil }
        return BoundWrapperType(wrapper: TypeIdentity(seed), wrappedKey: wrapper.requestRecipe.model.key, location: location, seedOf: component)
    }
}

/// How a provider type that, used as a component's `Seed`, is bound as the key it provides
/// (the wrappers whose `RequestWrapper.isUnwrappedAsSeed`).
protocol SeedUnwrapping {
    static var seedKey: BindingKey { get }
    static var seedResolver: AnyResolver { get }
}
