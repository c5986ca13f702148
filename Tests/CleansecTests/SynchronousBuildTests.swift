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
        @MainActor func showHome() throws -> HomeScreen {
            try ComponentFactory.of(HomeApp.self).build(())
        }
        actor Synchronizer {
            func refresh() throws {
                _ = try ComponentFactory.of(HomeApp.self).build(())
                Task { @MainActor in _ = try ComponentFactory.of(HomeApp.self).build(()) }
            }
        }
        nonisolated func preload() throws {
            _ = try ComponentFactory.of(HomeApp.self).build(())
        }
        """

    @Test func aSynchronousBuildOfAnAsynchronousRootIsReportedAtTheCall() throws {
        let report = Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: Self.app)]).analyze()
        let builds = report.diagnostics.filter { $0.id.rawValue == "Cleanse/AsyncBuildRequired" }
        let feed = try #require(builds.first { $0.message.contains("'FeedApp'") })
        #expect(feed.position?.line == 35)
        #expect(feed.message.contains("'Feed' is made asynchronously, so component 'FeedApp' cannot be built by the synchronous build(_:) at App/App.swift:35"))
        #expect(feed.message.contains("'Feed' is bound at App/App.swift:14"))
        #expect(feed.message.contains("try await factory.buildAsync(seed)"))
        // buildAsync, and build of a root made synchronously, are fine.
        #expect(!report.diagnostics.contains { $0.message.contains("'ClockApp'") })
    }

    /// `build(_:)` takes its caller's isolation: a root made on the main actor is built on
    /// the spot from code isolated to it, and stops anywhere else.
    @Test func aMainActorRootIsReportedOnlyWhereTheCallProvablyRunsOffTheMainActor() throws {
        let report = Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: Self.app)]).analyze()
        let homes = report.diagnostics.filter { $0.id.rawValue == "Cleanse/AsyncBuildRequired" && $0.message.contains("'HomeApp'") }
        // In an actor's method, and in a synchronous nonisolated function.
        #expect(homes.compactMap(\.position?.line).sorted() == [45, 50], "\(homes.map(\.message))")
        let home = try #require(homes.first)
        #expect(home.message.contains("'HomeScreen' is made on the main actor"))
        #expect(home.message.contains("from code isolated to the main actor"))
        // Not said: in `start()`, whose isolation its package's default decides; in a
        // @MainActor function; in a closure handed to a task on the main actor.
        #expect(!homes.contains { [37, 41, 46].contains($0.position?.line) })
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
        #expect(builds.count == 1, "\(builds.map(\.message))")
        let feed = try #require(builds.first { $0.message.contains("'FeedApp'") })
        #expect(feed.position?.line == 4)
        #expect(feed.message.contains("try await factory.buildAsync(seed)"))
        // `showHome()` may be isolated to the main actor (its package's default isolation,
        // a conformance): the syntax does not settle it, so nothing is said.
        #expect(!builds.contains { $0.message.contains("'HomeApp'") })
        // `screens` holds factories of two components in this file: which one
        // `screens.build` means is not known from the syntax, so nothing is said.
        #expect(!builds.contains { $0.position?.line == 31 })
    }
}
