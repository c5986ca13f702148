import Cleanse

/// A networking module written with untyped `bind()`s, whose keys are what the compiler
/// infers each closure to return: a failable initializer makes an optional (the backup
/// endpoint is `Endpoint?`, beside the primary `Endpoint`), and so does an enum's
/// `init?(rawValue:)`. (A generic type whose arguments the call infers is unread:
/// `FactoryOverloadTests`.)
public enum InferredResults {
    struct Endpoint: Sendable {
        let path: String
        init(path: String) { self.path = path }
        init?(string: String) {
            guard string.hasPrefix("https://") else { return nil }
            path = string
        }
    }
    enum Region: String, Sendable { case eu, us }

    final class APIClient {
        init(primary: Endpoint, backup: Endpoint?, region: Region?) {}
    }

    struct NetworkModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind().to { Endpoint(path: "/v2") }
            binder.bind().to { Endpoint(string: "https://backup.example") }
            binder.bind().to { Region(rawValue: "eu") }
        }
    }

    struct ClientComponent: RootComponent {
        typealias Root = APIClient
        static func configure(binder: UnscopedBinder) {
            binder.include(module: NetworkModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<APIClient>) -> BindingReceipt<APIClient> {
            bind.to(factory: APIClient.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(ClientComponent.self)
    }
}
