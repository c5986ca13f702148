import Cleanse

/// Property injection as UIKit apps write it, with one injector nothing requests: the
/// sign-in screen comes from a storyboard and its coordinator forgets to inject it.
public enum ForgottenInjectors {
    final class AuthClient {}
    final class SettingsStore {}
    final class SignInViewController {
        var auth: AuthClient?
        func injectProperties(_ auth: AuthClient) { self.auth = auth }
    }
    final class SettingsViewController {
        var store: SettingsStore?
        func injectProperties(_ store: SettingsStore) { self.store = store }
    }
    final class WidgetView {
        var store: SettingsStore?
        func injectProperties(_ store: SettingsStore) { self.store = store }
    }

    /// Shows the sign-in screen, made by the storyboard, without injecting it.
    final class AppCoordinator {
        let settings: ComponentFactory<SettingsComponent>
        init(settings: ComponentFactory<SettingsComponent>) { self.settings = settings }
    }

    /// Injects the settings screen where it is made.
    final class SettingsCoordinator {
        let injector: PropertyInjector<SettingsViewController>
        init(injector: PropertyInjector<SettingsViewController>) { self.injector = injector }
    }

    struct SettingsScope: Scope {}
    struct SettingsComponent: Cleanse.Component {
        typealias Root = SettingsCoordinator
        static func configure(binder: Binder<SettingsScope>) {}
        static func configureRoot(binder bind: ReceiptBinder<SettingsCoordinator>) -> BindingReceipt<SettingsCoordinator> {
            bind.to(factory: SettingsCoordinator.init)
        }
    }

    struct AuthModule: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(AuthClient.self).sharedInScope().to(factory: AuthClient.init)
            binder.bind(SettingsStore.self).sharedInScope().to(factory: SettingsStore.init)
            binder.bindPropertyInjectionOf(SignInViewController.self).to(injector: SignInViewController.injectProperties) // expect: UnrequestedPropertyInjector
            binder.bindPropertyInjectionOf(SettingsViewController.self).to(injector: SettingsViewController.injectProperties)
            // A widget host looks injectors up itself.
            binder.bindPropertyInjectionOf(WidgetView.self)
                .silencing(.unrequestedPropertyInjector)
                .to(injector: WidgetView.injectProperties)
        }
    }

    struct AppComponent: RootComponent {
        typealias Root = AppCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: AuthModule.self)
            binder.install(dependency: SettingsComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
            bind.to(factory: AppCoordinator.init)
        }
    }

    static func warnings() throws -> [any CleanseError] {
        try ComponentFactory.of(AppComponent.self).warnings
    }
}
