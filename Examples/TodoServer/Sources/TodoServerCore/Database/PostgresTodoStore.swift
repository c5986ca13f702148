#if PostgreSQL
import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// PostgreSQL, when `DATABASE_URL` is set. Its connection pool runs as a service of the
/// server's service group, so it starts before the migrations and drains on shutdown.
/// Built only with the package's `PostgreSQL` trait (`swift build --traits PostgreSQL`).
final class PostgresTodoStore: TodoStore, Service {
    private let client: PostgresClient
    /// How to open a connection outside the pool (the start-up check, the migrations).
    private let direct: PostgresConnection.Configuration
    private let logger: Logger

    private init(client: PostgresClient, direct: PostgresConnection.Configuration, logger: Logger) {
        self.client = client
        self.direct = direct
        self.logger = logger
    }

    /// Checks that the server at `url` answers, then makes the pool (which connects once its
    /// service runs).
    static func open(url: String, logger: Logger) async throws -> PostgresTodoStore {
        let url = try PostgresURL(url)
        var direct = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: try url.connectionTLS()
        )
        direct.options.connectTimeout = .seconds(5)
        if let options = url.options {
            // As libpq sends them: one `options` string, which the server reads.
            direct.options.additionalStartupParameters = [("options", options)]
        }
        do {
            let connection = try await PostgresConnection.connect(configuration: direct, id: 0, logger: logger)
            try await connection.close()
        } catch let error as DatabaseUnavailable {
            throw error
        } catch {
            throw DatabaseUnavailable(description: Self.describe(error, url: url))
        }
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: url.clientTLS
        )
        configuration.options.additionalStartupParameters = direct.options.additionalStartupParameters
        return PostgresTodoStore(client: PostgresClient(configuration: configuration, backgroundLogger: logger), direct: direct, logger: logger)
    }

    /// Why the start-up check failed, in words: the server refused the credentials or the
    /// database, TLS failed, or the server could not be reached at all.
    static func describe(_ error: any Error, url: PostgresURL) -> String {
        let at = "PostgreSQL at \(url.host):\(url.port)"
        if let error = error as? PSQLError, error.code == .sslUnsupported {
            return "\(at) does not offer TLS, which sslmode=\(url.sslmode) requires"
        }
        if let error = error as? PSQLError, let server = error.serverInfo, let code = server[.sqlState] {
            let message = server[.message] ?? "no message"
            switch code {
            case "28P01", "28000": return "\(at) refused user '\(url.user)': \(message) (SQLSTATE \(code))"
            case "3D000": return "\(at) has no database '\(url.database ?? url.user)': \(message) (SQLSTATE \(code))"
            default: return "\(at) refused the connection: \(message) (SQLSTATE \(code))"
            }
        }
        let text = String(reflecting: error)
        let lowercased = text.lowercased()
        if url.sslmode != "disable", ["ssl", "tls", "certificate", "handshake"].contains(where: lowercased.contains) {
            return "TLS to \(at) failed with sslmode=\(url.sslmode) (\(text.prefix(200)))"
        }
        return "cannot reach \(at) (\(text.prefix(200)))"
    }

    func run() async throws {
        await client.run()
    }

    /// Creates the tables on a connection of its own: the pool only lends connections once
    /// its service runs, which the server starts beside (not before) its start-up work.
    ///
    /// Replicas start together (a rolling deploy, a scaled service): `CREATE TABLE IF NOT
    /// EXISTS` run at once by two of them on an empty database fails one with a duplicate
    /// key in PostgreSQL's catalog, so the schema is made in one transaction that first takes
    /// ``migrationLock`` (waiting at most 30 s for it): the second replica waits, then finds
    /// every table made. A statement the database refuses says what the database said, with
    /// its SQLSTATE (`classify`).
    func migrate() async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: direct, id: 1, logger: logger)
        } catch {
            throw Self.classify(error)
        }
        do {
            // A replica that holds the lock for longer than this is stuck: fail, say so.
            let lock = ["BEGIN", "SET LOCAL lock_timeout = '30s'", "SELECT pg_advisory_xact_lock(\(Self.migrationLock))"]
            for statement in lock + Self.schema + ["COMMIT"] {
                _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect()
            }
        } catch {
            try? await connection.close()
            throw Self.classify(error)
        }
        try await connection.close()
    }

    /// The advisory lock every server takes while it migrates (a transaction-level lock, so
    /// a server that dies while it holds it lets it go): "todo" in ASCII.
    static let migrationLock: Int64 = 0x746F_646F

    /// Waits at most `timeout` in all for a connection and the answer to `BEGIN`: one wait,
    /// not one for each.
    func beginTransaction(timeout: Duration) async throws -> any TodoTransaction {
        let deadline = ContinuousClock.now + timeout
        let lease = try await PostgresConnectionLease.acquire(from: client, timeout: timeout)
        let transaction = PostgresTransaction(lease: lease, statementLimit: timeout, firstAnswerBy: deadline, logger: logger)
        do {
            try await transaction.execute("BEGIN")
        } catch {
            lease.release()
            throw error
        }
        return transaction
    }

    func close() async throws {}

    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS users (
            id BIGSERIAL PRIMARY KEY,
            name TEXT NOT NULL,
            token TEXT NOT NULL UNIQUE)
        """,
        """
        CREATE TABLE IF NOT EXISTS todos (
            id BIGSERIAL PRIMARY KEY,
            owner BIGINT NOT NULL REFERENCES users(id),
            title TEXT NOT NULL,
            done BOOLEAN NOT NULL DEFAULT FALSE)
        """,
        "CREATE INDEX IF NOT EXISTS todos_owner ON todos(owner, id)",
        """
        CREATE TABLE IF NOT EXISTS idempotency_keys (
            owner BIGINT NOT NULL REFERENCES users(id),
            key TEXT NOT NULL,
            request TEXT NOT NULL,
            status INTEGER NOT NULL,
            response TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, key))
        """,
    ]

    /// What a failed query means for the request: the connection or the server going away
    /// is a `DatabaseOutage` (503); an error the server reported is a `DatabaseFailure`
    /// with its message and SQLSTATE (PSQLError's own description hides both).
    static func classify(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError else { return error }
        guard let server = error.serverInfo, let code = server[.sqlState] else {
            return DatabaseOutage("the PostgreSQL connection failed (\(error.code))")
        }
        let message = server[.message] ?? "no message"
        // 08: connection exception; 53: insufficient resources; 57P: the server is shutting down or starting.
        if code.hasPrefix("08") || code.hasPrefix("53") || code.hasPrefix("57P") {
            return DatabaseOutage("PostgreSQL cannot serve now: \(message) (SQLSTATE \(code))")
        }
        return DatabaseFailure(description: "PostgreSQL: \(message) (SQLSTATE \(code))")
    }
}

/// A transaction on one leased connection. Every statement's rows are read to the end, so
/// a statement is complete (and `COMMIT` durable) when its method returns: the first row of
/// `INSERT … RETURNING` arrives before the statement has finished. A statement that has not
/// finished by its deadline closes its connection (a connection made while the server
/// restarts can stay silent forever), which fails it as a `DatabaseOutage`. The deadline is
/// `statementLimit` after the database last answered (for the first statement, the
/// deadline the connection was waited for by), so a request never waits more than one
/// `statementLimit` on a silent database.
final class PostgresTransaction: TodoTransaction {
    private let lease: PostgresConnectionLease
    private let statementLimit: Duration
    /// When the next statement must have been answered by.
    private let answerBy: Mutex<ContinuousClock.Instant>
    private let logger: Logger

    init(lease: PostgresConnectionLease, statementLimit: Duration, firstAnswerBy deadline: ContinuousClock.Instant, logger: Logger) {
        self.lease = lease
        self.statementLimit = statementLimit
        answerBy = Mutex(deadline)
        self.logger = logger
    }

    func execute(_ query: PostgresQuery) async throws {
        _ = try await decoded(query) { _ in () }
    }

    func createUser(name: String, token: String) async throws -> User {
        let ids = try await decoded("INSERT INTO users (name, token) VALUES (\(name), \(token)) RETURNING id") { try $0.decode(Int.self) }
        guard let id = ids.first else { throw DatabaseFailure(description: "the database returned no id") }
        return User(id: id, name: name, token: token)
    }

    func user(token: String) async throws -> User? {
        try await rows("SELECT id, name, token FROM users WHERE token = \(token)", as: (Int, String, String).self)
            .first.map { User(id: $0.0, name: $0.1, token: $0.2) }
    }

    func createTodo(owner: Int, title: String) async throws -> Todo {
        guard let todo = try await todos("INSERT INTO todos (owner, title) VALUES (\(owner), \(title)) RETURNING id, title, done").first else {
            throw DatabaseFailure(description: "the database returned no id")
        }
        return todo
    }

    func todos(owner: Int, limit: Int, offset: Int) async throws -> [Todo] {
        try await todos("SELECT id, title, done FROM todos WHERE owner = \(owner) ORDER BY id LIMIT \(limit) OFFSET \(offset)")
    }

    func todo(id: Int, owner: Int) async throws -> Todo? {
        try await todos("SELECT id, title, done FROM todos WHERE id = \(id) AND owner = \(owner)").first
    }

    func updateTodo(id: Int, owner: Int, title: String?, done: Bool?) async throws -> Todo? {
        try await todos("""
            UPDATE todos SET title = COALESCE(\(title), title), done = COALESCE(\(done), done)
            WHERE id = \(id) AND owner = \(owner) RETURNING id, title, done
            """).first
    }

    func deleteTodo(id: Int, owner: Int) async throws -> Bool {
        try await !todos("DELETE FROM todos WHERE id = \(id) AND owner = \(owner) RETURNING id, title, done").isEmpty
    }

    func storedOutcome(owner: Int, key: String) async throws -> StoredOutcome? {
        try await rows(
            """
            SELECT request, status, response FROM idempotency_keys
            WHERE owner = \(owner) AND key = \(key) AND created_at > now() - interval '24 hours'
            """,
            as: (String, Int, String).self
        ).first.map { StoredOutcome(request: $0.0, status: $0.1, response: $0.2) }
    }

    func storeOutcome(_ outcome: StoredOutcome, owner: Int, key: String) async throws {
        // Only expired outcomes (the key's own included): under read committed, deleting
        // the key's row whatever its age would remove an outcome another server committed
        // since `storedOutcome` looked, and two writes would both keep the key.
        try await execute("DELETE FROM idempotency_keys WHERE owner = \(owner) AND created_at <= now() - interval '24 hours'")
        do {
            try await execute("""
                INSERT INTO idempotency_keys (owner, key, request, status, response)
                VALUES (\(owner), \(key), \(outcome.request), \(outcome.status), \(outcome.response))
                """)
        } catch let failure as DatabaseFailure where failure.description.contains("SQLSTATE 23505") {
            throw IdempotencyKeyInUse()
        }
    }

    func commit() async throws {
        defer { lease.release() }
        try await execute("COMMIT")
    }

    func rollback() async {
        defer { lease.release() }
        do {
            try await execute("ROLLBACK")
        } catch {
            // A connection left inside a transaction must not go back to the pool.
            let _: EventLoopFuture<Void> = lease.connection.close()
        }
    }

    private func todos(_ query: PostgresQuery) async throws -> [Todo] {
        try await rows(query, as: (Int, String, Bool).self).map { Todo(id: $0.0, title: $0.1, done: $0.2) }
    }

    private func rows<each Column: PostgresDecodable & Sendable>(_ query: PostgresQuery, as: (repeat each Column).Type) async throws -> [(repeat each Column)] {
        try await decoded(query) { try $0.decode((repeat each Column).self) }
    }

    /// Runs `query` and decodes every row, within `statementLimit`. The statement runs in a
    /// task of its own that is abandoned when the limit passes: a query written to a
    /// connection that has just died is never answered (PostgresNIO drops the write), and
    /// cancellation does not reach it. Its connection is then closed, so the pool does not
    /// lend it again.
    private func decoded<Row: Sendable>(_ query: PostgresQuery, _ decode: @escaping @Sendable (PostgresRow) throws -> Row) async throws -> [Row] {
        let connection = lease.connection
        let logger = logger
        let outcome = HandOver<[Row]>()
        let statement = Task {
            do {
                var result: [Row] = []
                for try await row in try await connection.query(query, logger: logger) {
                    result.append(try decode(row))
                }
                _ = outcome.offer(result)
            } catch {
                outcome.fail(error)
            }
        }
        let limit = max(answerBy.withLock { $0 } - ContinuousClock.now, .milliseconds(1))
        do {
            let rows = try await outcome.value(timeout: limit) { [statementLimit] in
                DatabaseOutage("PostgreSQL did not answer within \(statementLimit)")
            }
            answerBy.withLock { [statementLimit] in $0 = ContinuousClock.now + statementLimit }
            return rows
        } catch {
            statement.cancel()
            // A statement left unanswered (the database gone, or the shutdown's grace over)
            // must not leave its connection to the pool with the statement still running.
            if error is DatabaseOutage || error is ServerShuttingDown {
                let _: EventLoopFuture<Void> = connection.close()
            }
            throw PostgresTodoStore.classify(error)
        }
    }
}
#endif
