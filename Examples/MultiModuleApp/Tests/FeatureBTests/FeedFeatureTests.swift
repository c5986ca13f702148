import Cleanse
import Core
import FeatureB
import Synchronization
import Testing

/// The feed feature, built alone: the fake records where a tap on an author would go.
private final class FakeFeedDependencies: FeedDependencies {
    let api = APIClient(baseURL: "https://fake.test")
    let analytics = Analytics()
    let shown = Mutex<[String]>([])

    func showProfile(of author: String) -> String {
        shown.withLock { $0.append(author) }
        return "profile of \(author)"
    }
}

@Suite struct FeedFeatureTests {
    @Test func refreshLoadsPostsAndTracksIt() throws {
        let fake = FakeFeedDependencies()
        let feed = try ComponentFactory.of(FeedComponent.self).build(fake)
        feed.refresh()
        #expect(feed.posts.map(\.author) == ["ada", "grace"])
        #expect(fake.analytics.events == ["feed refreshed: 2 posts"])
    }

    @Test func aTapOnAnAuthorAsksTheAppToShowTheProfile() throws {
        let fake = FakeFeedDependencies()
        let feed = try ComponentFactory.of(FeedComponent.self).build(fake)
        feed.refresh()
        #expect(feed.tapAuthor(of: feed.posts[1]) == "profile of grace")
        #expect(fake.shown.withLock { $0 } == ["grace"])
    }
}
