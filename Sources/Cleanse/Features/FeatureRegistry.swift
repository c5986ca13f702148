/// The features one `ComponentFactory.of` call installs: each feature's root is collected,
/// validated and linked once (with the call's overrides, if any), however many components
/// install it, and a feature that (through others) installs the app's own root ends instead
/// of nesting forever.
///
/// Used on the thread running `ComponentFactory.of` only, and dropped with the collectors:
/// its mutable state is `@exclusivity(unchecked)`.
final class FeatureRegistry {
    /// Each feature met, with the cell its factory is put in once made.
    @exclusivity(unchecked)
    private var cells: [ObjectIdentifier: AnyObject] = [:]
    /// What each feature's validation found, thrown with the installing graph's errors.
    @exclusivity(unchecked)
    private(set) var errors: [any CleanseError] = []
    /// The plugins the graph is validated with; its features are validated with them too.
    let plugins: CleanseServiceLoader?
    /// What watches the graph being made, and its features.
    let observer: (any GraphObserver)?
    /// Where the warnings of the graph and its features go.
    let warnings: WarningPolicy
    /// The overrides of the call, which apply to its features too; set before the root is
    /// collected.
    var overrides: OverrideReplacements?

    init(plugins: CleanseServiceLoader?, observer: (any GraphObserver)?, warnings: WarningPolicy) {
        self.plugins = plugins
        self.observer = observer
        self.warnings = warnings
    }

    /// Registers the root of the `ComponentFactory.of` call itself, so that a feature that
    /// installs it back (a chat opening a profile opening a chat) shares the root's factory
    /// rather than validating the root again; the caller fills the cell once it is linked.
    func enterRoot<F: RootComponent>(_ root: F.Type) -> FeatureCell<F> {
        let cell = FeatureCell<F>()
        cells[ObjectIdentifier(F.self)] = cell
        return cell
    }

    /// The cell holding feature `F`'s factory: on the first installation, `F` is collected
    /// (entering at `location`, where its seed comes in), validated and linked, and its
    /// errors kept; later installations share the cell.
    func cell<F: RootComponent>(for feature: F.Type, at location: SourceLocation) -> FeatureCell<F> {
        if let cell = cells[ObjectIdentifier(F.self)] as? FeatureCell<F> {
            return cell
        }
        let cell = FeatureCell<F>()
        cells[ObjectIdentifier(F.self)] = cell
        let collector = BindingCollector(component: F.self, at: location, observer: observer, features: self)
        overrides?.apply(to: collector, handedIn: BindingKey(F.Seed.self))
        switch ComponentFactory<F>.linkedFactory(collector, plugins: plugins) {
        case .success(let factory): cell.stored = factory
        case .failure(let failure): errors += failure.errors
        }
        return cell
    }
}

/// Where a feature's factory is put once its graph is validated and linked; the feature's
/// `FeatureFactory` binding reads it each time it makes one.
final class FeatureCell<F: RootComponent>: @unchecked Sendable {
    // Safe to share: `stored` is set once, by the registry, while `ComponentFactory.of`
    // runs and before the factory that can read it is returned; never changed afterwards.
    var stored: ComponentFactory<F>?

    var factory: ComponentFactory<F> {
        guard let stored else { RuntimeFailure.unlinkedKey(nil) }
        return stored
    }
}
