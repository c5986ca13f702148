@testable import App
import Cleanse
import Core
import DesignSystem
import FeatureA
import FeatureB
import Synchronization
import Testing

/// Counts how often each component's graph is validated.
private final class ValidationCounter: GraphObserver, Sendable {
    let counts = Mutex<[String: Int]>([:])
    func observe<T>(_ event: GraphEvent, _ work: () throws -> T) rethrows -> T {
        if event.kind == .validate {
            counts.withLock { $0[event.component.shortName, default: 0] += 1 }
        }
        return try work()
    }
}

/// A UI test's double of a service the profile feature binds itself.
private struct HighContrastThemeModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Theme.self).to { Theme(accent: "black", titleFont: "SF Pro Bold") }
    }
}

@Suite struct AppGraphTests {
    @Test func anOverrideOfTheAppReachesItsFeatures() throws {
        let app = try ComponentFactory.of(AppComponent.self, overrides: HighContrastThemeModule.self).build(Session(userName: "ada"))
        #expect(app.profiles.build().profile(of: "grace").theme.accent == "black")
        let shipped = try ComponentFactory.of(AppComponent.self).build(Session(userName: "ada"))
        #expect(shipped.profiles.build().profile(of: "grace").theme.accent == "indigo")
    }

    @Test func theAppOpensItsFeaturesWithItsOwnServices() throws {
        let app = try ComponentFactory.of(AppComponent.self).build(Session(userName: "ada"))
        let lines = app.start()
        #expect(lines.contains("opened the profile of ada"))
        #expect(lines.contains("GET https://api.example.com/users/ada/following/grace"))
        // One analytics for the app: both features reported to it.
        #expect(app.analytics.events.contains("feed refreshed: 2 posts"))
        #expect(app.analytics.events.contains("follow tapped: grace"))
    }

    @Test func eachFeatureIsValidatedOnceHoweverOftenItOpens() throws {
        let counter = ValidationCounter()
        let app = try ComponentFactory.of(AppComponent.self, observer: counter).build(Session(userName: "ada"))
        for _ in 0..<1_000 {
            _ = app.profiles.build().profile(of: "grace")
        }
        #expect(counter.counts.withLock { $0 } == ["AppComponent": 1, "ProfileComponent": 1, "FeedComponent": 1])
    }
}
