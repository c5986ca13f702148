import Cleanse
import Logging

/// The database work of one request: the store, reached once per request, and a count of
/// the operations, logged with the request's id.
public final class UnitOfWork: @unchecked Sendable {
    // Safe to share: a request's handlers run on the request's task, one after another;
    // `operations` is only touched there.
    private let storeProvider: AsyncProvider<any TodoStore>
    private let logger: Logger
    private var operations = 0

    init(store: AsyncProvider<any TodoStore>, logger: TaggedProvider<RequestLog>) {
        storeProvider = store
        self.logger = logger.get()
    }

    /// Runs `work` against the store, counting it.
    func run<Result>(_ name: String, _ work: (any TodoStore) async throws -> Result) async throws -> Result {
        operations += 1
        logger.debug("database: \(name)")
        return try await work(storeProvider.get())
    }

    deinit {
        if operations > 0 {
            logger.debug("request used the database \(operations) time(s)")
        }
    }
}

/// Finds the user a request's bearer token belongs to, once per request.
public final class Authenticator: @unchecked Sendable {
    // Safe to share: used by one request's task only (see `UnitOfWork`).
    private let unitOfWork: UnitOfWork
    private let token: String?
    private var user: User?

    init(unitOfWork: UnitOfWork, seed: RequestSeed) {
        self.unitOfWork = unitOfWork
        token = seed.bearerToken
    }

    /// The authenticated user, or a 401.
    func requireUser() async throws -> User {
        if let user { return user }
        guard let token, !token.isEmpty, let found = try await unitOfWork.run("user(token:)", { try await $0.user(token: token) }) else {
            throw APIError.unauthorized
        }
        user = found
        return found
    }
}
