import Cleanse
import Foundation
import Logging
import TodoServerCore
import TodoServerHandWired

// `request-scope-profile di|hand COUNT`: makes COUNT request scopes, each with its todo
// handler and unit of work, either through `RequestComponent` (a child of a graph with the
// server's bindings) or by hand. Nothing else: `Scripts/profile-request-scope.sh` runs it
// under callgrind at two counts, and the difference is what one request's scope costs.

/// The parent a request component needs: the server's configuration, store and logger.
struct ProfiledServer: RootComponent {
    typealias Root = ComponentFactory<RequestComponent>
    typealias Seed = ServerConfiguration
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DatabaseModule.self)
        binder.include(module: LoggingModule.self)
        binder.install(dependency: RequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<RequestComponent>>) -> BindingReceipt<ComponentFactory<RequestComponent>> {
        bind.to { (requests: ComponentFactory<RequestComponent>) in requests }
    }
}

/// Keeps the optimizer from dropping what is made.
@inline(never) func use<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["di", "hand"].contains(arguments[1]), let count = Int(arguments[2]), count >= 0 else {
    print("usage: request-scope-profile di|hand COUNT")
    exit(2)
}
// The store is never opened: no request here touches the database.
let configuration = ServerConfiguration(port: 0, database: .sqlite(path: "/nonexistent/never-opened.sqlite"))
let logger = Logger(label: "request")
let requests = try ComponentFactory.of(ProfiledServer.self).build(configuration)
struct NotOpened: Error {}
let unopened = AsyncProvider<any TodoStore> { throw NotOpened() }
let claims = IdempotencyClaims()
for _ in 0..<count {
    let seed = RequestSeed(logger: logger, bearerToken: "token")
    let scope = arguments[1] == "di"
        ? requests.build(seed)
        : HandWiredServer.requestScope(seed: seed, store: unopened, claims: claims, configuration: configuration)
    use(scope.todos.get())
    use(scope.unitOfWork)
}
