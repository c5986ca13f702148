import Cleanse

/// Property injection written as closures, in the two forms Cleanse 4's README shows: a
/// storyboard screen whose injector assigns its properties (`$0.store = $1`), and a subclass
/// whose injector hands everything to its own method, the superclass's injector first
/// (`$0.injectProperties(superInjector: $1, …)`). The closures' parameters have the types of
/// the properties and of the method's parameters, as the compiler infers them; the app
/// forgets the page size.
public enum InjectorClosures {
    final class SettingsStore {}
    final class AccountService {}
    struct PageSize: Tag { typealias Element = Int }

    class SettingsViewController {
        var store: SettingsStore?
        var titles: [String] = []
        var pageSize: TaggedProvider<PageSize>?
    }

    final class AccountViewController: SettingsViewController {
        var account: AccountService?
        func injectProperties(superInjector: PropertyInjector<SettingsViewController>, account: AccountService) {
            superInjector.injectProperties(into: self)
            self.account = account
        }
    }

    /// Its injector assigns a property the superclass declares.
    final class PrivacyViewController: SettingsViewController {}

    final class SettingsCoordinator {
        init(settings: PropertyInjector<SettingsViewController>, account: PropertyInjector<AccountViewController>, privacy: PropertyInjector<PrivacyViewController>) {}
    }

    struct SettingsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(SettingsStore.self).sharedInScope().to(factory: SettingsStore.init)
            binder.bind(AccountService.self).to(factory: AccountService.init)
            binder.bind([String].self).to(value: ["General", "Account"])
            binder
                .bindPropertyInjectionOf(SettingsViewController.self)
                .to { $0.store = $1; $0.titles = $2; $0.pageSize = $3 } // expect: MissingBinding
            binder
                .bindPropertyInjectionOf(AccountViewController.self)
                .to {
                    $0.injectProperties(superInjector: $1, account: $2)
                }
            binder.bindPropertyInjectionOf(PrivacyViewController.self).to { $0.store = $1 }
        }
    }

    struct SettingsComponent: RootComponent {
        typealias Root = SettingsCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: SettingsModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<SettingsCoordinator>) -> BindingReceipt<SettingsCoordinator> {
            bind.to(factory: SettingsCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(SettingsComponent.self)
    }
}
