import Cleanse

/// A news app whose modules use plain control flow around their bindings, as apps do:
/// feed sources contributed in a `for` loop over a launch list, a debug menu bound only
/// after a `guard` on a launch flag, and a session token read in a `do`/`catch` with an
/// anonymous fallback, and bundled images chosen by an `if` that returns early. Everything is
/// read; the debug menu (bound, as the flag is set) needs a shake detector nothing binds.
public enum LoopsAndGuards {
    enum LaunchOptions {
        static let showsDebugMenu = true
        static let usesBundledImages = true
        static let feedURLs = ["https://news.example/top", "https://news.example/local"]
    }

    struct KeychainLocked: Error {}
    enum Keychain {
        static func sessionToken() throws -> String { throw KeychainLocked() }
    }

    struct FeedSource {
        let url: String
    }
    struct SessionToken: Cleanse.Tag { typealias Element = String }

    final class ShakeDetector {
        init() {}
    }
    final class DebugMenu {
        init(shakes: ShakeDetector) {}
    }
    final class ArticleStore {
        init(sources: [FeedSource], token: TaggedProvider<SessionToken>) {}
    }
    protocol ImageLoader: AnyObject {}
    final class BundledImages: ImageLoader {
        init() {}
    }
    final class RemoteImages: ImageLoader {
        init() {}
    }
    final class HomeScreen {
        init(store: ArticleStore, debugMenu: Provider<DebugMenu>, images: any ImageLoader) {}
    }

    struct ImagesModule: Module {
        static func configure(binder: Binder<Singleton>) {
            if LaunchOptions.usesBundledImages {
                binder.bind((any ImageLoader).self).sharedInScope().to(factory: BundledImages.init)
                return
            }
            binder.bind((any ImageLoader).self).sharedInScope().to(factory: RemoteImages.init)
        }
    }

    struct FeedsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            for url in LaunchOptions.feedURLs {
                binder.bind(FeedSource.self).intoCollection().to(value: FeedSource(url: url))
            }
            binder.bind(ArticleStore.self).sharedInScope().to(factory: ArticleStore.init)
            do {
                let token = try Keychain.sessionToken()
                binder.bind(String.self).tagged(with: SessionToken.self).to(value: token)
            } catch {
                binder.bind(String.self).tagged(with: SessionToken.self).to(value: "anonymous")
            }
        }
    }

    struct DebugModule: Module {
        static func configure(binder: Binder<Singleton>) {
            guard LaunchOptions.showsDebugMenu else {
                return
            }
            binder.bind(DebugMenu.self).to(factory: DebugMenu.init) // expect: MissingBinding
        }
    }

    struct NewsApp: RootComponent {
        typealias Root = HomeScreen
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: FeedsModule.self)
            binder.include(module: DebugModule.self)
            binder.include(module: ImagesModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<HomeScreen>) -> BindingReceipt<HomeScreen> {
            bind.to(factory: HomeScreen.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(NewsApp.self)
    }
}
