import Cleanse

/// Screens installed by the app's own `Binder` helper, one generic component per screen
/// kind (`install(screen: Home.self)` installs `ScreenComponent<Home>`), as navigation
/// frameworks do. The screens' controller needs analytics nobody binds.
public enum ScreenHelpers {
    protocol ScreenKind: SendableMetatype { static var title: String { get } }
    enum Home: ScreenKind { static let title = "Home" }
    enum Settings: ScreenKind { static let title = "Settings" }

    final class API {}
    final class Analytics {}
    final class ScreenController<S: ScreenKind> {
        init(api: API, analytics: Analytics) {}
    }

    struct ScreenScope: Scope {}
    struct ScreenComponent<S: ScreenKind>: Cleanse.Component {
        typealias Root = ScreenController<S>
        static func configure(binder: Binder<ScreenScope>) {}
        static func configureRoot(binder bind: ReceiptBinder<ScreenController<S>>) -> BindingReceipt<ScreenController<S>> {
            bind.to(factory: ScreenController<S>.init) // expect: MissingBinding
        }
    }

    final class Navigator {
        init(home: ComponentFactory<ScreenComponent<Home>>, settings: ComponentFactory<ScreenComponent<Settings>>) {}
    }

    struct AppComponent: RootComponent {
        typealias Root = Navigator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(API.self).sharedInScope().to(factory: API.init)
            binder.install(screen: Home.self)
            binder.install(screen: Settings.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Navigator>) -> BindingReceipt<Navigator> {
            bind.to(factory: Navigator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }
}

extension Binder {
    /// Installs the component of one kind of screen.
    fileprivate func install<S: ScreenHelpers.ScreenKind>(screen: S.Type) {
        install(dependency: ScreenHelpers.ScreenComponent<S>.self)
    }
}
