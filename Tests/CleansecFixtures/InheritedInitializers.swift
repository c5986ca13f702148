import Cleanse
import Foundation

/// A settings app in UIKit's style, where `X.init` does not name the initializer its author
/// meant: a storyboard screen that declares no initializer inherits its superclass's, so
/// `AboutViewController.init` is `init(nibName:bundle:)` and asks for an optional name; an
/// image cache with `init()` and `init(capacity:)` is made by the first (the one with fewer
/// parameters, as in Cleanse 4), and so asks for nothing. A formatter subclass of Foundation's is bound by its
/// type, so its failable `init?(coder:)` is not a candidate and `init()` is chosen. A
/// session clock declares only a convenience initializer, which leaves it Swift's `init()`:
/// `SessionClock.init` is that one, and asks for nothing.
public enum InheritedInitializers {
    /// A stand-in for UIKit's view controller (its isolation left out).
    class UIViewController {
        init(nibName: String?, bundle: Bundle?) {}
        required init?(coder: NSCoder) { nil }
    }

    final class AboutViewController: UIViewController {}

    final class ImageCache {
        convenience init() { self.init(capacity: 100) }
        init(capacity: Int) {}
    }

    final class PriceFormatter: NumberFormatter, @unchecked Sendable {}

    final class SessionClock {
        var startedAt = 0
        convenience init(startedAt: Int) {
            self.init()
            self.startedAt = startedAt
        }
    }

    final class SettingsCoordinator {
        init(about: Provider<AboutViewController>, images: ImageCache, prices: PriceFormatter, clock: SessionClock) {}
    }

    struct SettingsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Bundle.self).to(value: Bundle.main)
            binder.bind(AboutViewController.self).to(factory: AboutViewController.init) // expect: MissingBinding
            binder.bind().sharedInScope().to(factory: ImageCache.init)
            binder.bind(PriceFormatter.self).to(factory: PriceFormatter.init)
            binder.bind(SessionClock.self).to(factory: SessionClock.init)
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
