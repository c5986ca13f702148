import Cleanse

/// An app whose screens share one generic component: each screen type knows how it is made
/// (`static func configureRoot`), and `ScreenComponent<S>` hands its root to it
/// (`S.configureRoot(binder: bind)`). A coordinator holds the factories of two screens; the
/// settings screen asks for a preferences store nobody binds.
public enum GenericScreens {
    /// A screen that binds itself as the root of its component.
    protocol ScreenFactory {
        static func configureRoot(binder bind: ReceiptBinder<Self>) -> BindingReceipt<Self>
    }

    final class SessionStore {
        init() {}
    }

    final class PreferencesStore {
        init() {}
    }

    final class ProfileScreen: ScreenFactory {
        init(session: SessionStore) {}

        static func configureRoot(binder bind: ReceiptBinder<ProfileScreen>) -> BindingReceipt<ProfileScreen> {
            bind.to(factory: ProfileScreen.init)
        }
    }

    final class SettingsScreen: ScreenFactory {
        init(session: SessionStore, preferences: PreferencesStore) {}

        static func configureRoot(binder bind: ReceiptBinder<SettingsScreen>) -> BindingReceipt<SettingsScreen> {
            bind.to(factory: SettingsScreen.init) // expect: MissingBinding
        }
    }

    struct ScreenScope: Scope {}

    struct ScreenComponent<S: ScreenFactory>: Component {
        typealias Root = S
        typealias Scope = ScreenScope
        static func configure(binder: Binder<ScreenScope>) {}
        static func configureRoot(binder bind: ReceiptBinder<S>) -> BindingReceipt<S> {
            return S.configureRoot(binder: bind)
        }
    }

    final class AppCoordinator {
        let profile: ComponentFactory<ScreenComponent<ProfileScreen>>
        let settings: ComponentFactory<ScreenComponent<SettingsScreen>>
        init(profile: ComponentFactory<ScreenComponent<ProfileScreen>>, settings: ComponentFactory<ScreenComponent<SettingsScreen>>) {
            self.profile = profile
            self.settings = settings
        }
    }

    struct AppComponent: RootComponent {
        typealias Root = AppCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(SessionStore.self).sharedInScope().to(factory: SessionStore.init)
            binder.install(dependency: ScreenComponent<ProfileScreen>.self)
            binder.install(dependency: ScreenComponent<SettingsScreen>.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
            bind.to(factory: AppCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }
}
