import Cleanse

/// A news reader as apps write them: view controllers with a `required init?(coder:)`, a
/// coordinator holding a provider of its screens, fakes in `#if DEBUG` and a platform
/// service chosen by `#if os(…)`. The debug fake needs settings nothing binds (reported in
/// debug builds, which the tests are; a release build takes the real feed and is valid).
public enum DebugFakes {
    final class Coder {}

    class ViewController {
        init() {}
        required init?(coder: Coder) { nil }
    }

    protocol Feed: AnyObject {
        var headlines: [String] { get }
    }

    final class HTTPClient {
        init(baseURL: String) {}
    }

    final class NetworkFeed: Feed {
        let headlines: [String] = []
        init(client: HTTPClient) {}
    }

    #if DEBUG
    final class DebugMenuSettings {
        init() {}
    }

    final class FakeFeed: Feed {
        let headlines = ["A fake headline"]
        init(settings: DebugMenuSettings) {}
    }
    #endif

    final class FeedViewController: ViewController {
        let feed: any Feed
        init(feed: any Feed) {
            self.feed = feed
            super.init()
        }
        required init?(coder: Coder) { nil }
    }

    protocol Keychain {}
    struct FileKeychain: Keychain {}
    struct SystemKeychain: Keychain {}

    final class AppCoordinator {
        let screens: Provider<FeedViewController>
        init(screens: Provider<FeedViewController>, keychain: any Keychain) {
            self.screens = screens
        }
    }

    struct FeedModule: Module {
        static func configure(binder: Binder<Singleton>) {
            #if DEBUG
            binder.bind((any Feed).self).sharedInScope().to(factory: FakeFeed.init) // expect: MissingBinding
            #else
            binder.bind((any Feed).self).sharedInScope().to(factory: NetworkFeed.init)
            #endif
        }
    }

    struct PlatformModule: Module {
        static func configure(binder: Binder<Singleton>) {
            #if os(Linux)
            binder.bind((any Keychain).self).to(value: FileKeychain())
            #else
            binder.bind((any Keychain).self).to(value: SystemKeychain())
            #endif
        }
    }

    struct NewsApp: RootComponent {
        typealias Root = AppCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: FeedModule.self)
            binder.include(module: PlatformModule.self)
            binder.bind(HTTPClient.self).sharedInScope().to { HTTPClient(baseURL: "https://news.example") }
            binder.bind(FeedViewController.self).to(factory: FeedViewController.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
            bind.to(factory: AppCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(NewsApp.self)
    }
}
