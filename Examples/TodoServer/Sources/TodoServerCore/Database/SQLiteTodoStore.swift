import Logging
import SQLiteNIO
import Synchronization

/// The embedded default: one SQLite file, no set-up. One connection, held by one
/// transaction at a time (SQLite has one writer; readers would wait on it anyway).
final class SQLiteTodoStore: TodoStore {
    private let connection: SQLiteConnection
    private let access = ExclusiveAccess()
    /// Whether `close()` has begun; a store released before it closes its connection then.
    private let closed = Atomic(false)

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// A store released open (its server failed to start before its service ran, a test
    /// that never ran one) still closes its connection: SQLite's file stays consistent, and
    /// a connection freed open traps in a debug build. The close keeps the connection alive
    /// until it has run.
    deinit {
        if !closed.exchange(true, ordering: .acquiringAndReleasing) {
            _ = connection.close()
        }
    }

    /// Opens (or creates) the database file at `path`.
    static func open(path: String, logger: Logger) async throws -> SQLiteTodoStore {
        do {
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
            return SQLiteTodoStore(connection: connection)
        } catch {
            throw DatabaseUnavailable(description: "cannot open the SQLite database at \(path): \(error)")
        }
    }

    func migrate() async throws {
        _ = try await connection.query("PRAGMA journal_mode = WAL")
        _ = try await connection.query("""
            CREATE TABLE IF NOT EXISTS users (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                token TEXT NOT NULL UNIQUE)
            """)
        _ = try await connection.query("""
            CREATE TABLE IF NOT EXISTS todos (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                owner INTEGER NOT NULL REFERENCES users(id),
                title TEXT NOT NULL,
                done INTEGER NOT NULL DEFAULT 0)
            """)
        _ = try await connection.query("CREATE INDEX IF NOT EXISTS todos_owner ON todos(owner, id)")
        _ = try await connection.query("""
            CREATE TABLE IF NOT EXISTS idempotency_keys (
                owner INTEGER NOT NULL REFERENCES users(id),
                key TEXT NOT NULL,
                request TEXT NOT NULL,
                status INTEGER NOT NULL,
                response TEXT NOT NULL,
                created_at INTEGER NOT NULL DEFAULT (unixepoch()),
                PRIMARY KEY (owner, key))
            """)
    }

    func beginTransaction(timeout: Duration) async throws -> any TodoTransaction {
        try await access.acquire(timeout: timeout) {
            DatabaseOutage("the SQLite database stayed busy for \(timeout)")
        }
        let transaction = SQLiteTransaction(connection: connection, access: access)
        do {
            _ = try await connection.query("BEGIN")
        } catch {
            access.release()
            throw DatabaseFailure(description: "SQLite cannot begin a transaction: \(error)")
        }
        return transaction
    }

    /// Closes the connection, also from a cancelled task (a service group cancelled while it
    /// shuts down): the future-returning close runs whatever the task's state, where the
    /// `async` one skips the close in a cancelled task and leaves the connection open.
    func close() async throws {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        do {
            try await connection.close().get()
        } catch {
            // Still open: `deinit` tries again.
            closed.store(false, ordering: .releasing)
            throw error
        }
    }
}

/// A transaction on the store's connection, which it holds until it ends.
final class SQLiteTransaction: TodoTransaction {
    private let connection: SQLiteConnection
    private let access: ExclusiveAccess
    private let ended = Atomic(false)

    init(connection: SQLiteConnection, access: ExclusiveAccess) {
        self.connection = connection
        self.access = access
    }

    func createUser(name: String, token: String) async throws -> User {
        let rows = try await connection.query("INSERT INTO users (name, token) VALUES (?, ?) RETURNING id", [.text(name), .text(token)])
        return User(id: try Self.int(rows.first?.column("id")), name: name, token: token)
    }

    func user(token: String) async throws -> User? {
        let rows = try await connection.query("SELECT id, name, token FROM users WHERE token = ?", [.text(token)])
        return try rows.first.map { row in
            User(id: try Self.int(row.column("id")), name: row.column("name")?.string ?? "", token: row.column("token")?.string ?? "")
        }
    }

    func createTodo(owner: Int, title: String) async throws -> Todo {
        let rows = try await connection.query("INSERT INTO todos (owner, title) VALUES (?, ?) RETURNING id", [.integer(owner), .text(title)])
        return Todo(id: try Self.int(rows.first?.column("id")), title: title, done: false)
    }

    func todos(owner: Int, limit: Int, offset: Int) async throws -> [Todo] {
        let rows = try await connection.query(
            "SELECT id, title, done FROM todos WHERE owner = ? ORDER BY id LIMIT ? OFFSET ?",
            [.integer(owner), .integer(limit), .integer(offset)]
        )
        return try rows.map(Self.todo)
    }

    func todo(id: Int, owner: Int) async throws -> Todo? {
        let rows = try await connection.query("SELECT id, title, done FROM todos WHERE id = ? AND owner = ?", [.integer(id), .integer(owner)])
        return try rows.first.map(Self.todo)
    }

    func updateTodo(id: Int, owner: Int, title: String?, done: Bool?) async throws -> Todo? {
        let rows = try await connection.query(
            """
            UPDATE todos SET title = COALESCE(?, title), done = COALESCE(?, done)
            WHERE id = ? AND owner = ? RETURNING id, title, done
            """,
            [title.map { .text($0) } ?? .null, done.map { .integer($0 ? 1 : 0) } ?? .null, .integer(id), .integer(owner)]
        )
        return try rows.first.map(Self.todo)
    }

    func deleteTodo(id: Int, owner: Int) async throws -> Bool {
        let rows = try await connection.query("DELETE FROM todos WHERE id = ? AND owner = ? RETURNING id", [.integer(id), .integer(owner)])
        return !rows.isEmpty
    }

    func storedOutcome(owner: Int, key: String) async throws -> StoredOutcome? {
        let rows = try await connection.query(
            "SELECT request, status, response FROM idempotency_keys WHERE owner = ? AND key = ? AND created_at > unixepoch() - 86400",
            [.integer(owner), .text(key)]
        )
        return try rows.first.map { row in
            StoredOutcome(
                request: row.column("request")?.string ?? "", status: try Self.int(row.column("status")), response: row.column("response")?.string ?? ""
            )
        }
    }

    func storeOutcome(_ outcome: StoredOutcome, owner: Int, key: String) async throws {
        // Only expired outcomes, the key's own included (see `PostgresTodoStore`).
        _ = try await connection.query(
            "DELETE FROM idempotency_keys WHERE owner = ? AND created_at <= unixepoch() - 86400", [.integer(owner)]
        )
        do {
            _ = try await connection.query(
                "INSERT INTO idempotency_keys (owner, key, request, status, response) VALUES (?, ?, ?, ?, ?)",
                [.integer(owner), .text(key), .text(outcome.request), .integer(outcome.status), .text(outcome.response)]
            )
        } catch where "\(error)".contains("UNIQUE constraint failed") {
            throw IdempotencyKeyInUse()
        }
    }

    func commit() async throws {
        do {
            _ = try await connection.query("COMMIT")
        } catch {
            await rollback()
            throw DatabaseFailure(description: "SQLite cannot commit: \(error)")
        }
        end()
    }

    func rollback() async {
        _ = try? await connection.query("ROLLBACK")
        end()
    }

    /// Hands the connection on, once.
    private func end() {
        if !ended.exchange(true, ordering: .acquiringAndReleasing) {
            access.release()
        }
    }

    private static func todo(_ row: SQLiteRow) throws -> Todo {
        Todo(id: try int(row.column("id")), title: row.column("title")?.string ?? "", done: (row.column("done")?.integer ?? 0) != 0)
    }

    private static func int(_ data: SQLiteData?) throws -> Int {
        guard let value = data?.integer else { throw DatabaseFailure(description: "the database returned no id") }
        return Int(value)
    }
}
