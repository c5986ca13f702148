/// The names the runtime prints for its own types that cleansec must spell alike, in one
/// place: cleansec writes them into keys (`ComponentFactory<Child>`, the `ExposedRoot` tag),
/// and the diagnostics recognise them. `BuiltInNamesTests` checks each against the runtime's
/// `TypeIdentity` of the real type, so a rename fails there, not in a user's build.
package enum BuiltInNames {
    /// The tag under which a root that only hands on its type's binding is re-keyed.
    package static let exposedRoot = "ExposedRoot"
    /// ``exposedRoot`` with the runtime's module, as `TypeIdentity.qualifiedName` prints it.
    package static let qualifiedExposedRoot = "Cleanse." + exposedRoot
    /// The graph every component binds for Cleanse 4's look-ups.
    package static let legacyObjectGraph = "LegacyObjectGraph"
    /// `ComponentFactory<C>`, bound by `install(dependency:)`.
    package static let componentFactory = "ComponentFactory"
    /// `FeatureFactory<F>`, bound by `install(feature:)`.
    package static let featureFactory = "FeatureFactory"
    /// `Assisted<T>`, the caller's argument of an assisted factory.
    package static let assisted = "Assisted"
    /// `Factory<AF>`, bound by `bindFactory(_:)`.
    package static let assistedFactory = "Factory"
    /// Cleanse's public protocols. None is isolated to a global actor, so conforming to one
    /// isolates nothing (`CleansecTests` checks the list against `Sources/Cleanse`).
    package static let protocols: Set<String> = [
        "AssistedFactory", "BindToable", "BinderBase", "CleanseBindingPlugin", "Component", "ComponentBase",
        "ComponentFactoryProtocol", "ConstructorInjectable", "GraphObserver", "LegacyObjectGraphProtocol",
        "MainActorPropertyInjectable", "Module", "PropertyInjectable", "ProviderProtocol", "RootComponent", "Scope",
        "ScopedModule", "Tag", "WrappedBinder", "_ScopeBase",
    ]
    /// `PropertyInjector<T>`, `MainActorPropertyInjector<T>`, `AsyncPropertyInjector<T>`.
    package static let propertyInjector = "PropertyInjector"
    package static let mainActorPropertyInjector = "MainActorPropertyInjector"
    package static let asyncPropertyInjector = "AsyncPropertyInjector"
    /// Every kind of property injector.
    package static let propertyInjectors = [propertyInjector, mainActorPropertyInjector, asyncPropertyInjector]
    /// Cleanse's generic types of one argument that are keys of a graph (`Factory<AF>`,
    /// `PropertyInjector<T>`, `ComponentFactory<C>`…): a program's own type of one of these
    /// names prints alike, so cleansec keys it with its module.
    package static let genericKeyTypes: Set<String> = Set([assistedFactory, componentFactory, featureFactory] + propertyInjectors)
    /// `Binder<S>`, the binder of a scope.
    package static let binder = "Binder"
    /// Cleanse's generic types of one argument a program may declare a type of its own named
    /// like (`Provider`, `Factory`, a reactive `Binder`…): request wrappers, `Assisted`,
    /// `Binder` and ``genericKeyTypes``. Such a type of one argument, of another module, is
    /// keyed with its module by cleansec (`Metrics::Provider`, printed `Provider`), and code
    /// (a fix) writes it with its module (`Metrics.Provider<Clock>`), which compiles beside
    /// `import Cleanse`.
    package static let rivalledTypeNames: Set<String> = Set(RequestWrapper.allCases.map(\.rawValue)).union([assisted, binder]).union(genericKeyTypes)
    /// The parameter counts `to(factory:)` has an overload of its own for (beyond them, the
    /// parameter-pack overload): the compiler ranks these first, and cleansec with it.
    package static let fixedFactoryArities = 0...6

    /// `Name<argument>`, as the runtime prints a generic built-in type of one argument.
    package static func generic(_ name: String, of argument: String) -> String {
        "\(name)<\(argument)>"
    }
}
