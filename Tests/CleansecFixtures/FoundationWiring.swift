import Cleanse
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A news app's networking, wired from the SDK's own types (cleansec reads them through the
/// toolchain): untyped bindings of Foundation's initializers, and a `$0` closure typed by
/// the SDK's initializer it is passed to. The app forgets the locale's identifier. It binds
/// `NumberFormatter.init` untyped, which names `init()` and the failable `init?(coder:)`: the
/// one with fewer parameters is bound, `init()`, as Cleanse 4 bound it.
public enum FoundationWiring {
    final class ArticleClient {
        init(session: URLSession, decoder: JSONDecoder, encoder: JSONEncoder, locale: Locale, prices: NumberFormatter) {}
    }

    struct NetworkingModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind().sharedInScope().to(factory: JSONDecoder.init)
            binder.bind().sharedInScope().to(factory: JSONEncoder.init)
            binder.bind().to { URLSessionConfiguration.ephemeral }
            binder.bind(URLSession.self).sharedInScope().to { URLSession(configuration: $0, delegate: nil, delegateQueue: nil) }
            binder.bind().to(factory: Locale.init(identifier:)) // expect: MissingBinding
            binder.bind().to(factory: NumberFormatter.init)
        }
    }

    struct NewsComponent: RootComponent {
        typealias Root = ArticleClient
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: NetworkingModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<ArticleClient>) -> BindingReceipt<ArticleClient> {
            bind.to(factory: ArticleClient.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(NewsComponent.self)
    }
}
