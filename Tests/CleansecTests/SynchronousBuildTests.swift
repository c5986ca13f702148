import CleanseGraph
import CleansecCore
import Testing

/// `build(_:)` of a component whose root must be awaited traps at run time; cleansec finds
/// such calls before the program runs, with the asynchronous binding and the fix.
@Suite struct SynchronousBuildTests {
    static let app = """
        import Cleanse
        final class RemoteConfig: Sendable {
            static func load() async throws -> RemoteConfig { RemoteConfig() }
        }
        final class Feed { init(config: RemoteConfig) async {} }
        final class Clock {}
        @MainActor final class HomeScreen { init(clock: Clock) {} }
        struct FeedApp: RootComponent {
            typealias Root = Feed
            static func configure(binder: Binder<Singleton>) {
                binder.bind(RemoteConfig.self).sharedInScope().to(factory: RemoteConfig.load)
            }
            static func configureRoot(binder bind: ReceiptBinder<Feed>) -> BindingReceipt<Feed> {
                bind.to(factory: Feed.init)
            }
        }
        struct HomeApp: RootComponent {
            typealias Root = HomeScreen
            static func configure(binder: Binder<Singleton>) {
                binder.bind(Clock.self).to(factory: Clock.init)
            }
            static func configureRoot(binder bind: ReceiptBinder<HomeScreen>) -> BindingReceipt<HomeScreen> {
                bind.to(factory: HomeScreen.init)
            }
        }
        struct ClockApp: RootComponent {
            typealias Root = Clock
            static func configure(binder: Binder<Singleton>) {}
            static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                bind.to(factory: Clock.init)
            }
        }
        func start() async throws {
            let feeds = try ComponentFactory.of(FeedApp.self)
            _ = feeds.build(())
            _ = try await feeds.buildAsync(())
            _ = try ComponentFactory.of(HomeApp.self).build(())
            _ = try ComponentFactory.of(ClockApp.self).build(())
        }
        """

    @Test func aSynchronousBuildOfAnAsynchronousRootIsReportedAtTheCall() throws {
        let report = Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: Self.app)]).analyze()
        let builds = report.diagnostics.filter { $0.id.rawValue == "Cleanse/AsyncBuildRequired" }
        #expect(builds.count == 2)
        let feed = try #require(builds.first { $0.message.contains("'FeedApp'") })
        #expect(feed.position?.line == 35)
        #expect(feed.message.contains("'Feed' is made asynchronously, so component 'FeedApp' cannot be built by the synchronous build(_:) at App/App.swift:35"))
        #expect(feed.message.contains("'Feed' is bound at App/App.swift:14"))
        #expect(feed.message.contains("try await factory.buildAsync(seed)"))
        let home = try #require(builds.first { $0.message.contains("'HomeApp'") })
        #expect(home.position?.line == 37)
        #expect(home.message.contains("'HomeScreen' is made on the main actor"))
        #expect(home.message.contains("buildOnMainActor(seed)"))
        // buildAsync, and build of a root made synchronously, are fine.
        #expect(!report.diagnostics.contains { $0.message.contains("'ClockApp'") })
    }

    /// A coordinator keeps its factories in stored properties, declared after the methods
    /// that build from them, some optional.
    static let coordinator = """
        import Cleanse
        extension AppCoordinator {
            func showFeed() -> Feed {
                feeds.build(())
            }
            func showHome() -> HomeScreen? {
                self.homes?.build(())
            }
            func showClock() -> Clock {
                clocks.build(())
            }
        }
        final class AppCoordinator {
            let feeds: ComponentFactory<FeedApp>
            var homes: Cleanse.ComponentFactory<HomeApp>?
            let clocks: ComponentFactory<ClockApp>
            init() throws {
                feeds = try ComponentFactory.of(FeedApp.self)
                homes = try ComponentFactory.of(HomeApp.self)
                clocks = try ComponentFactory.of(ClockApp.self)
            }
        }
        final class Settings {
            let screens: ComponentFactory<FeedApp>
            init() throws { screens = try ComponentFactory.of(FeedApp.self) }
        }
        final class Profile {
            let screens: ComponentFactory<ClockApp>
            init() throws { screens = try ComponentFactory.of(ClockApp.self) }
            func show() -> Clock { screens.build(()) }
        }
        """

    @Test func aSynchronousBuildThroughAStoredFactoryPropertyIsReported() throws {
        let files = [
            SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: Self.app),
            SourceFile(path: "Sources/App/AppCoordinator.swift", moduleName: "App", text: Self.coordinator),
        ]
        let report = Analyzer(files: files).analyze()
        let builds = report.diagnostics.filter { $0.id.rawValue == "Cleanse/AsyncBuildRequired" && $0.position?.fileID == "App/AppCoordinator.swift" }
        #expect(builds.count == 2, "\(builds.map(\.message))")
        let feed = try #require(builds.first { $0.message.contains("'FeedApp'") })
        #expect(feed.position?.line == 4)
        #expect(feed.message.contains("try await factory.buildAsync(seed)"))
        let home = try #require(builds.first { $0.message.contains("'HomeApp'") })
        #expect(home.position?.line == 7)
        #expect(home.message.contains("buildOnMainActor(seed)"))
        // `screens` holds factories of two components in this file: which one
        // `screens.build` means is not known from the syntax, so nothing is said.
        #expect(!builds.contains { $0.position?.line == 31 })
    }
}
