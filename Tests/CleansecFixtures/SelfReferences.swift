import Cleanse

/// A component that is its own root (a composite of what the screen shows), built with
/// `self.init`, whose bindings name static functions through `self`: read as the runtime
/// calls them. The clock is planted missing.
public enum SelfReferences {
    final class APIClient {}
    final class Feed { init(api: APIClient) {} }
    final class Clock {}

    struct Dashboard: RootComponent {
        typealias Root = Dashboard
        let feed: Feed
        let clock: Clock

        static func configure(binder: Binder<Singleton>) {
            binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init)
            binder.bind(Feed.self).to(factory: self.makeFeed)
        }

        static func makeFeed(api: APIClient) -> Feed {
            Feed(api: api)
        }

        static func configureRoot(binder bind: ReceiptBinder<Dashboard>) -> BindingReceipt<Dashboard> {
            bind.to(factory: self.init) // expect: MissingBinding
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Dashboard.self)
    }
}
