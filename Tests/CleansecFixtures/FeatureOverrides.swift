import Cleanse
import CleanseMacros

/// A news reader split into features, and its UI tests' doubles: the article feature binds its
/// repository itself and installs the comments feature, which binds its moderation service.
/// The comments feature also constructs its formatter (`@Injectable`, no binding line). The
/// tests replace all three with `ComponentFactory.of(_:overrides:)` on the app, and reach
/// them inside the features. The fake repository asks for a clock the article feature does not
/// have, and a stale double replaces a service no graph binds any more.
public enum FeatureOverrides {
    // Core.
    final class HTTPClient {}
    final class ImageCache {}
    struct TestClock { let now: Double }

    // Feature "Comments".
    protocol ModerationService: AnyObject {}
    final class RemoteModeration: ModerationService {
        init(client: HTTPClient) {}
    }
    @Injectable
    final class CommentFormatter {
        init() {}
    }
    final class CommentsViewController {
        init(moderation: any ModerationService, formatter: CommentFormatter) {}
    }
    protocol CommentsDependencies {
        var client: HTTPClient { get }
    }
    struct CommentsComponent: RootComponent {
        typealias Seed = any CommentsDependencies
        typealias Root = CommentsViewController
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(HTTPClient.self).to { (dependencies: any CommentsDependencies) in dependencies.client }
            binder.bind((any ModerationService).self).to(factory: RemoteModeration.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<CommentsViewController>) -> BindingReceipt<CommentsViewController> {
            bind.to(factory: CommentsViewController.init)
        }
    }

    // Feature "Article": installs "Comments".
    protocol ArticleRepository: AnyObject {}
    final class RemoteArticleRepository: ArticleRepository {
        init(client: HTTPClient, images: ImageCache) {}
    }
    protocol ArticleDependencies {
        var client: HTTPClient { get }
        var images: ImageCache { get }
    }
    struct ArticleCommentsDependencies: CommentsDependencies {
        let client: HTTPClient
    }
    final class ArticleViewController {
        init(repository: any ArticleRepository, comments: FeatureFactory<CommentsComponent>) {}
    }
    struct ArticleComponent: RootComponent {
        typealias Seed = any ArticleDependencies
        typealias Root = ArticleViewController
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(HTTPClient.self).to { (dependencies: any ArticleDependencies) in dependencies.client }
            binder.bind(ImageCache.self).to { (dependencies: any ArticleDependencies) in dependencies.images }
            binder.bind((any ArticleRepository).self).to(factory: RemoteArticleRepository.init)
            binder.bind((any CommentsDependencies).self).to(factory: ArticleCommentsDependencies.init)
            binder.install(feature: CommentsComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ArticleViewController>) -> BindingReceipt<ArticleViewController> {
            bind.to(factory: ArticleViewController.init)
        }
    }

    // The app.
    struct AppArticleDependencies: ArticleDependencies {
        let client: HTTPClient
        let images: ImageCache
    }
    final class ReaderCoordinator {
        init(articles: FeatureFactory<ArticleComponent>) {}
    }
    struct ReaderComponent: RootComponent {
        typealias Root = ReaderCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.bind(HTTPClient.self).sharedInScope().to(factory: HTTPClient.init)
            binder.bind(ImageCache.self).sharedInScope().to(factory: ImageCache.init)
            binder.bind((any ArticleDependencies).self).to(factory: AppArticleDependencies.init)
            binder.install(feature: ArticleComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ReaderCoordinator>) -> BindingReceipt<ReaderCoordinator> {
            bind.to(factory: ReaderCoordinator.init)
        }
    }

    // The UI tests' doubles.
    final class FakeModeration: ModerationService {}
    final class FakeArticleRepository: ArticleRepository {
        init(clock: TestClock) {}
    }
    final class OfflineBanner {}

    struct FakeModerationModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind((any ModerationService).self).to(factory: FakeModeration.init)
            binder.bind(CommentFormatter.self).to { CommentFormatter() }
        }
    }

    struct FakeArticlesModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind((any ArticleRepository).self).to(factory: FakeArticleRepository.init) // expect: MissingBinding
        }
    }

    struct StaleDoublesModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(OfflineBanner.self).to(factory: OfflineBanner.init) // expect: UnusedOverride
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(ReaderComponent.self)
    }

    static func validateWithModerationFake() throws {
        _ = try ComponentFactory.of(ReaderComponent.self, overrides: FakeModerationModule.self)
    }

    static func validateWithEveryDouble() throws {
        _ = try ComponentFactory.of(ReaderComponent.self, overrides: FakeModerationModule.self, FakeArticlesModule.self, StaleDoublesModule.self)
    }
}
