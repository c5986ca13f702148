import Cleanse
import CleanseMacros
import Core

/// One opening of the feed.
public struct FeedScope: Scope {}

/// A post in the feed.
public struct Post: Sendable, Equatable {
    public let author: String
    public let text: String
}

/// Loads posts through the app's API client; constructed by the graph with no binding line,
/// one per opening of the feed.
@Injectable(scope: FeedScope.self)
final class FeedRepository {
    let api: APIClient

    init(api: APIClient) {
        self.api = api
    }

    func latest() -> [Post] {
        _ = api.get("/feed")
        return [Post(author: "ada", text: "Notes on the analytical engine"), Post(author: "grace", text: "Found a moth")]
    }
}

/// The feed screen.
public final class FeedViewController {
    let repository: FeedRepository
    let analytics: Analytics
    let dependencies: any FeedDependencies
    public private(set) var posts: [Post] = []

    init(repository: FeedRepository, analytics: Analytics, dependencies: any FeedDependencies) {
        self.repository = repository
        self.analytics = analytics
        self.dependencies = dependencies
    }

    /// Loads the latest posts.
    public func refresh() {
        posts = repository.latest()
        analytics.track("feed refreshed: \(posts.count) posts")
    }

    /// A tap on a post's author: the app decides where that goes.
    public func tapAuthor(of post: Post) -> String {
        dependencies.showProfile(of: post.author)
    }
}

/// The feed feature's root component.
public struct FeedComponent: RootComponent {
    public typealias Scope = FeedScope
    public typealias Seed = any FeedDependencies
    public typealias Root = FeedViewController

    public static func configure(binder: Binder<FeedScope>) {
        binder.include(module: FeedDependenciesModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<FeedViewController>) -> BindingReceipt<FeedViewController> {
        bind.to(factory: FeedViewController.init)
    }
}
