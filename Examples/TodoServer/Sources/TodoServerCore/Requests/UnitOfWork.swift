import Cleanse
import Logging

/// The database work of one request: one transaction, begun when a repository first needs
/// the database, committed by `RequestScopeMiddleware` once the handler has succeeded (so a
/// `201` is sent only after the commit), rolled back when it failed. Every repository of
/// the request reads and writes through it, so they see each other's writes and commit or
/// roll back together.
public final class UnitOfWork: @unchecked Sendable {
    // Safe to share: a request's middleware and handlers run on the request's task, one
    // after another; the mutable state is only touched there.
    private let store: AsyncProvider<any TodoStore>
    private let logger: Logger
    private let wait: Duration
    private var transaction: (any TodoTransaction)?
    private var statements = 0
    /// What to do once the transaction has ended, committed or not.
    private var whenEnded: [@Sendable () -> Void] = []

    package init(store: AsyncProvider<any TodoStore>, configuration: ServerConfiguration, logger: TaggedProvider<RequestLog>) {
        self.store = store
        wait = configuration.databaseWait
        self.logger = logger.get()
    }

    /// Runs `work` in the request's transaction, beginning it first if needed.
    func run<Result>(_ name: String, _ work: (any TodoTransaction) async throws -> Result) async throws -> Result {
        let transaction = try await open()
        statements += 1
        logger.debug("database: \(name)")
        return try await work(transaction)
    }

    /// Runs `action` once the request's transaction has ended (committed, rolled back, or
    /// never begun): how a request holds a claim as long as its writes are uncommitted.
    func afterEnd(_ action: @escaping @Sendable () -> Void) {
        whenEnded.append(action)
    }

    private func ended() {
        let actions = whenEnded
        whenEnded = []
        actions.forEach { $0() }
    }

    /// Commits the transaction, if one was begun; throws (and has rolled back) when the
    /// database did not confirm it.
    public func commit() async throws {
        defer { ended() }
        guard let transaction else { return }
        self.transaction = nil
        do {
            try await transaction.commit()
        } catch let outage as DatabaseOutage {
            // The COMMIT may have reached the database before the connection went.
            throw CommitOutcomeUnknown(outage: outage)
        } catch is ServerShuttingDown {
            // The shutdown's grace ran out with the COMMIT sent and not confirmed.
            throw CommitOutcomeUnknown(outage: DatabaseOutage("the server shut down before PostgreSQL confirmed the commit"))
        }
        logger.debug("transaction committed", metadata: ["db.statements": "\(statements)"])
    }

    /// Rolls the transaction back, if one was begun.
    public func rollback() async {
        defer { ended() }
        guard let transaction else { return }
        self.transaction = nil
        await transaction.rollback()
        logger.debug("transaction rolled back", metadata: ["db.statements": "\(statements)"])
    }

    private func open() async throws -> any TodoTransaction {
        if let transaction { return transaction }
        let store = try await store.get()
        let transaction = try await store.beginTransaction(timeout: wait)
        self.transaction = transaction
        logger.debug("transaction began")
        return transaction
    }

    deinit {
        ended()
        // Only when a request ended without the middleware (a bug): never leave the
        // connection in a transaction.
        if let transaction {
            logger.error("a unit of work was released with its transaction open; rolling it back")
            Task { await transaction.rollback() }
        }
    }
}
