import Cleanse
import Core
import FeatureA
import FeatureB

/// The app's answer to what the profile feature needs.
struct AppProfileDependencies: ProfileDependencies {
    let session: Session
    let api: APIClient
    let analytics: Analytics
}

/// The app's answer to what the feed feature needs: a tap on an author opens the profile
/// feature, which the feed itself does not know.
struct AppFeedDependencies: FeedDependencies {
    let api: APIClient
    let analytics: Analytics
    let profiles: FeatureFactory<ProfileComponent>

    func showProfile(of author: String) -> String {
        profiles.build().profile(of: author).userName
    }
}

/// The app's root object: it opens the features.
final class AppCoordinator {
    let feed: FeatureFactory<FeedComponent>
    let profiles: FeatureFactory<ProfileComponent>
    let analytics: Analytics
    let clock: Clock

    init(feed: FeatureFactory<FeedComponent>, profiles: FeatureFactory<ProfileComponent>, analytics: Analytics, clock: Clock) {
        self.feed = feed
        self.profiles = profiles
        self.analytics = analytics
        self.clock = clock
    }

    /// What a short session in the app does: the feed, an author's profile, a follow.
    func start() -> [String] {
        var lines: [String] = []
        let feedScreen = feed.build()
        feedScreen.refresh()
        for post in feedScreen.posts {
            lines.append("\(post.author): \(post.text)")
        }
        if let first = feedScreen.posts.first {
            lines.append("opened the profile of \(feedScreen.tapAuthor(of: first))")
        }
        lines.append(profiles.build().profile(of: "grace").tapFollow())
        lines.append("analytics at \(clock.now()): \(analytics.events.joined(separator: "; "))")
        return lines
    }
}

/// The app's graph, built once the user has signed in (its seed is their session).
struct AppComponent: RootComponent {
    typealias Scope = Singleton
    typealias Seed = Session
    typealias Root = AppCoordinator

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CoreModule.self)
        binder.bind(String.self).tagged(with: APIBaseURL.self).to(value: "https://api.example.com")
        // Each feature's dependencies, and the feature.
        binder.bind((any ProfileDependencies).self).to(factory: AppProfileDependencies.init)
        binder.install(feature: ProfileComponent.self)
        binder.bind((any FeedDependencies).self).to(factory: AppFeedDependencies.init)
        binder.install(feature: FeedComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
        bind.to(factory: AppCoordinator.init)
    }
}
