import Cleanse

/// A news app whose modules bind through helpers that forward their caller's place, as a
/// team writes them once every error pointed into the helper: `bindShared` takes
/// `#fileID`, `#line` and `#column` and hands them to `to(…)`, so the runtime places each
/// binding at the module line that called it; `bindScreen`, older, forwards only the file
/// and the line (its bindings get the helper's own column). The article screen asks for an
/// image cache nobody binds.
public enum ForwardingHelpers {
    final class HTTPClient {
        init() {}
    }

    final class ArticleStore {
        init(client: HTTPClient) {}
    }

    final class ImageCache {}

    final class ArticleScreen {
        init(store: ArticleStore, images: ImageCache) {}
    }

    final class NewsCoordinator {
        let article: Provider<ArticleScreen>
        init(article: Provider<ArticleScreen>) { self.article = article }
    }

    struct NewsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(HTTPClient.self).sharedInScope().to(factory: HTTPClient.init)
            binder.bindShared(ArticleStore.self, factory: ArticleStore.init)
            binder.bindScreen(ArticleScreen.self, factory: ArticleScreen.init) // expect: MissingBinding
        }
    }

    struct NewsApp: RootComponent {
        typealias Root = NewsCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: NewsModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<NewsCoordinator>) -> BindingReceipt<NewsCoordinator> {
            bind.to(factory: NewsCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(NewsApp.self)
    }
}

extension Binder where Scope == Singleton {
    /// One instance for the component's life, placed where the helper is called.
    func bindShared<Element, Dependency>(
        _ type: Element.Type,
        file: StaticString = #fileID,
        line: Int = #line,
        column: Int = #column,
        factory: @escaping @Sendable (Dependency) -> Element
    ) {
        bind(type).sharedInScope().to(file: file, line: line, column: column, factory: factory)
    }

    /// A new screen each time, placed at the caller's line.
    func bindScreen<Screen, First, Second>(
        _ type: Screen.Type,
        file: StaticString = #fileID,
        line: Int = #line,
        factory: @escaping @Sendable (First, Second) -> Screen
    ) {
        bind(type).to(file: file, line: line, factory: factory)
    }
}
