public import CleanseMacros

/// A podcast app whose services have no binding line: `@Injectable` classes (one with a
/// defaulted retry count, left to its default; one `Sendable` with the `init()` Swift writes) and a struct built memberwise are
/// constructed when requested, a player shared in the root's scope, a
/// store with two initializers and one marked `@Inject`, a protocol bound to its
/// implementation by a closure, a debug fake bound explicitly (which wins over the type's
/// own constructor), and a cache whose dependency nothing binds.
public enum ConstructedServices {
    final class URLSessionTransport {}
    final class PlaybackAnalytics {}
    final class DiskCache {}

    struct DateStyle {
        let usesISO8601: Bool
    }

    protocol Downloading: AnyObject {}

    /// `Sendable` hides no superclass: Swift writes its `init()`, which the graph calls.
    @Injectable
    final class DownloadProgress: Sendable {}

    @Injectable
    final class EpisodeDownloader: Downloading {
        let makeProgress: () -> DownloadProgress
        init(transport: URLSessionTransport, progress: @escaping () -> DownloadProgress, retries: Int = 3) {
            makeProgress = progress
        }
    }

    @Injectable
    struct FeedParser {
        let dateStyle: DateStyle
        var userAgent: String?
    }

    @Injectable(scope: Singleton.self)
    final class AudioPlayer {
        @Injected var analytics: PlaybackAnalytics
        let downloader: Provider<any Downloading>
        init(downloader: Provider<any Downloading>) { self.downloader = downloader }
    }

    @Injectable
    final class LibraryStore {
        @Inject init(parser: FeedParser, player: AudioPlayer) {}
        init(previewTitles: [String]) {}
    }

    @Injectable
    final class ArtworkCache { // expect: MissingBinding
        init(disk: DiskCache) {}
    }

    @Injectable
    final class CrashReporter {
        let endpoint: String
        init(endpoint: String) { self.endpoint = endpoint }
    }

    /// Two initializers and neither marked, and a property the graph fills: made elsewhere
    /// and only filled, the macro lets it be; requested as a dependency, the graph cannot
    /// choose an initializer, and says so. (Without `@Injected` properties the macro warns.)
    @Injectable
    final class SyncScheduler {
        @Injected var analytics: PlaybackAnalytics
        init(interval: Int) {}
        init(cron: String) {}
    }

    /// The search service the podcast kit exports: another module's graph constructs it,
    /// with no binding line there either.
    public struct SearchEndpoint: Tag {
        public typealias Element = String
    }

    @Injectable
    public final class EpisodeSearch {
        public let endpoint: String
        public init(endpoint: TaggedProvider<SearchEndpoint>) {
            self.endpoint = endpoint.get()
        }
    }

    final class PodcastApp {
        init(library: LibraryStore, artwork: ArtworkCache, player: AudioPlayer, crashes: CrashReporter, sync: SyncScheduler) {}
    }

    struct AppComponent: RootComponent {
        typealias Root = PodcastApp
        static func configure(binder: Binder<Singleton>) {
            binder.bind(URLSessionTransport.self).sharedInScope().to(factory: URLSessionTransport.init)
            binder.bind(PlaybackAnalytics.self).to(factory: PlaybackAnalytics.init)
            binder.bind(DateStyle.self).to(value: DateStyle(usesISO8601: true))
            binder.bind((any Downloading).self).to { (live: EpisodeDownloader) in live }
            #if DEBUG
            binder.bind(CrashReporter.self).to { CrashReporter(endpoint: "http://localhost:9000") }
            #else
            binder.bind(String.self).to(value: "https://crashes.example.com")
            #endif
        }
        static func configureRoot(binder bind: ReceiptBinder<PodcastApp>) -> BindingReceipt<PodcastApp> {
            bind.to(factory: PodcastApp.init) // expect: MissingBinding
        }
    }

    /// A test's fakes of constructed types: nothing binds `ArtworkCache` or `SyncScheduler`,
    /// so each override takes the place of the type's construction.
    struct OfflineArtwork: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(ArtworkCache.self).to { ArtworkCache(disk: DiskCache()) }
            binder.bind(SyncScheduler.self).to { SyncScheduler(interval: 60) }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(AppComponent.self)
    }

    static func validateWithFake() throws {
        _ = try ComponentFactory.of(AppComponent.self, overrides: OfflineArtwork.self)
    }
}
