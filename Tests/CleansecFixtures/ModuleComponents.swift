import Cleanse

/// Modules checked on their own, as an app's tests check them: a component of one module
/// whose root is its binding of a type (`asComponent(rootObjectType:)`, `ModuleComponent`),
/// or its property injector (`asPropertyInjectorComponent(targetClass:)`). The networking
/// module forgets the URL session its client needs; the settings module is whole.
public enum ModuleComponents {
    final class HTTPSession {
        init() {}
    }

    final class APIClient {
        init(session: HTTPSession, baseURL: String) {}
    }

    struct NetworkModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(String.self).to(value: "https://api.example.com")
            binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init) // expect: MissingBinding
        }
    }

    final class SettingsStore {
        init() {}
    }

    class ViewController {}

    final class SettingsViewController: ViewController {
        var store: SettingsStore?
        func injectProperties(_ store: SettingsStore) {
            self.store = store
        }
    }

    struct SettingsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(SettingsStore.self).sharedInScope().to(factory: SettingsStore.init)
            binder.bindPropertyInjectionOf(SettingsViewController.self).to(injector: SettingsViewController.injectProperties) // expect: UnrequestedPropertyInjector
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(NetworkModule.asComponent(rootObjectType: APIClient.self))
    }

    /// The store's component leaves the module's injector unrequested (the injector's own
    /// component requests it).
    static func settingsWarnings() throws -> [any CleanseError] {
        try ComponentFactory.of(ModuleComponent<SettingsModule, SettingsStore>.self).warnings
            + ComponentFactory.of(SettingsModule.asPropertyInjectorComponent(targetClass: SettingsViewController.self)).warnings
    }

    static func validateSettings() throws {
        _ = try ComponentFactory.of(ModuleComponent<SettingsModule, SettingsStore>.self)
        _ = try ComponentFactory.of(SettingsModule.asPropertyInjectorComponent(targetClass: SettingsViewController.self))
    }
}
