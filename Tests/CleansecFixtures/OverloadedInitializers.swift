import Cleanse

/// A podcast player wired the way Cleanse 4 apps were: every binding names its type's
/// initializer (`Type.init`) even where the type has several, and lets the overload with
/// the fewest parameters be bound, as Cleanse 4 did. A download queue with `init()` and
/// `init(limit:)` is made by `init()`; an episode list whose memberwise initializer stands
/// beside a shorter one in an extension is made by the extension's; a coordinator with a
/// two- and a three-parameter initializer by the two; an episode screen's assisted factory,
/// whose initializers take the episode alone or with the queue, by the episode alone. The
/// audio session's shorter factory asks for a route the app never binds.
public enum OverloadedInitializers {
    struct FeedURL: Cleanse.Tag { typealias Element = String }
    struct AudioRoute { let name: String }

    final class DownloadQueue {
        init() {}
        init(limit: Int) {}
    }

    struct EpisodeList {
        var titles: [String]
        var feed: String
    }

    final class AudioSession {
        static func make(route: AudioRoute) -> AudioSession { AudioSession() }
        static func make(route: AudioRoute, mixWithOthers: Bool) -> AudioSession { AudioSession() }
    }

    final class FeedClient {
        init(feed: TaggedProvider<FeedURL>) {}
        init(feed: TaggedProvider<FeedURL>, retries: Int) {}
    }

    struct EpisodeScreen {
        init(episode: Assisted<String>) {}
        init(episode: Assisted<String>, queue: DownloadQueue) {}
        struct Factory: AssistedFactory {
            typealias Seed = String
            typealias Element = EpisodeScreen
        }
    }

    final class PlayerCoordinator {
        init(queue: DownloadQueue, episodes: EpisodeList, client: FeedClient) {}
        init(queue: DownloadQueue, episodes: EpisodeList, client: FeedClient, session: AudioSession) {}
    }

    struct PlayerModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind().tagged(with: FeedURL.self).to(value: "https://example.com/feed.xml")
            binder.bind(DownloadQueue.self).sharedInScope().to(factory: DownloadQueue.init)
            binder.bind(EpisodeList.self).to(factory: EpisodeList.init)
            binder.bind(FeedClient.self).to(factory: FeedClient.init)
            binder.bindFactory(EpisodeScreen.self).with(EpisodeScreen.Factory.self).to(factory: EpisodeScreen.init)
            binder.bind(AudioSession.self).sharedInScope().to(factory: AudioSession.make) // expect: MissingBinding
        }
    }

    struct PlayerComponent: RootComponent {
        typealias Root = PlayerCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: PlayerModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<PlayerCoordinator>) -> BindingReceipt<PlayerCoordinator> {
            bind.to(factory: PlayerCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(PlayerComponent.self)
    }
}

extension OverloadedInitializers.EpisodeList {
    init(feed: TaggedProvider<OverloadedInitializers.FeedURL>) {
        self.init(titles: [], feed: feed.get())
    }
}
