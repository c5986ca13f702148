import Cleanse

/// A binding missing in a subcomponent, requested through a module written in another file.
public enum MissingAcrossFiles {
    final class Session {}
    final class Profile {
        init(session: Session, storage: Storage) {}
    }
    final class Screen {
        init(profile: Profile) {}
    }
    struct ScreenScope: Scope {}

    struct ScreenComponent: Component {
        typealias Root = Screen
        typealias Scope = ScreenScope
        static func configure(binder: Binder<ScreenScope>) {
            binder.include(module: ProfileModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
            bind.to(factory: Screen.init)
        }
    }

    struct App: RootComponent {
        typealias Root = ComponentFactory<ScreenComponent>
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: StorageModule.self)
            binder.install(dependency: ScreenComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<ScreenComponent>>) -> BindingReceipt<ComponentFactory<ScreenComponent>> {
            bind.to { (factory: ComponentFactory<ScreenComponent>) in factory }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(App.self)
    }
}
