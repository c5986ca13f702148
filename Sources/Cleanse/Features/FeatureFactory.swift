/// Builds a feature module's root component with the dependencies the app's graph gives it.
///
/// A feature module declares what it needs from outside as a protocol and seeds its own
/// root component with it, so it never imports the app. The app installs the feature with
/// ``BinderBase/install(feature:file:line:column:function:)`` and binds that protocol; any object
/// of the app's graph may then request `FeatureFactory<F>` and open the feature as often as
/// it likes.
///
/// ```swift
/// // In FeatureProfile: no import of the app.
/// public protocol ProfileDependencies { var session: Session { get } }
/// public struct ProfileComponent: RootComponent {
///     public typealias Seed = ProfileDependencies
///     public typealias Root = ProfileScreen
///     …
/// }
///
/// // In the app.
/// binder.bind(ProfileDependencies.self).to(factory: AppProfileDependencies.init)
/// binder.install(feature: ProfileComponent.self)
///
/// final class TabCoordinator {
///     init(profile: FeatureFactory<ProfileComponent>) { self.profile = profile }
///     func openProfile() -> ProfileScreen { profile.build() }
/// }
/// ```
///
/// The feature's root is validated with the app's graph, when the app's factory is made
/// (its errors are thrown with the app's), and its factory is made then, once: opening the
/// feature a thousand times validates nothing again. Each `build()` makes a new instance of
/// the feature's component, with its own scoped instances, freed when its root is released.
public struct FeatureFactory<F: RootComponent> {
    /// The feature's validated factory, made once per graph. Tests and previews build the
    /// feature from it with a fake of its dependencies: `factory.build(FakeDependencies())`.
    public let factory: ComponentFactory<F>
    /// What the installing component gives the feature: its binding of the feature's seed.
    public let dependencies: F.Seed

    init(factory: ComponentFactory<F>, dependencies: F.Seed) {
        self.factory = factory
        self.dependencies = dependencies
    }

    /// Builds a new instance of the feature's component and returns its root, from code
    /// whose isolation is not known (a function reference): the overload below, which
    /// knows it, is the one a call chooses.
    @_disfavoredOverload
    public func build() -> F.Root {
        factory.build(dependencies, isolation: nil)
    }

    /// Builds a new instance of the feature's component and returns its root.
    ///
    /// `isolation` is the caller's: leave it to its default. A feature whose root is made
    /// on the main actor is built from code isolated to it (a coordinator, a view
    /// controller), as ``ComponentFactory/build-swift.property`` says.
    public func build(isolation: isolated (any Actor)? = #isolation) -> F.Root {
        factory.build(dependencies, isolation: isolation)
    }

    /// Builds a new instance of the feature's component, awaiting its asynchronous
    /// bindings, and returns its root.
    ///
    /// - Throws: `FactoryFailed` when a factory throws, naming the binding.
    public func buildAsync() async throws -> F.Root {
        try await factory.buildAsync(dependencies)
    }

    /// Builds a new instance of the feature's component on the main actor, making the
    /// main-actor bindings its root needs on the spot.
    ///
    /// - Throws: `AsyncBuildRequired` when the root needs a binding made asynchronously.
    @MainActor
    public func buildOnMainActor() throws -> F.Root {
        try factory.buildOnMainActor(dependencies)
    }
}

extension FeatureFactory: Sendable where F.Seed: Sendable {}
