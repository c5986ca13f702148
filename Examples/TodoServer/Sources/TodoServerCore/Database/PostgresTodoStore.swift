import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// PostgreSQL, when `DATABASE_URL` is set. Its connection pool runs as a service of the
/// server's service group, so it starts before the migrations and drains on shutdown.
final class PostgresTodoStore: TodoStore, Service {
    private let client: PostgresClient

    private init(client: PostgresClient) {
        self.client = client
    }

    /// Checks that the server at `url` answers, then makes the pool (which connects once its
    /// service runs).
    static func open(url: String, logger: Logger) async throws -> PostgresTodoStore {
        let url = try PostgresURL(url)
        do {
            var check = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: try url.connectionTLS()
            )
            check.options.connectTimeout = .seconds(5)
            let connection = try await PostgresConnection.connect(configuration: check, id: 0, logger: logger)
            try await connection.close()
        } catch let error as DatabaseUnavailable {
            throw error
        } catch {
            throw DatabaseUnavailable(description: Self.describe(error, url: url))
        }
        let configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: url.clientTLS
        )
        return PostgresTodoStore(client: PostgresClient(configuration: configuration, backgroundLogger: logger))
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

    func migrate() async throws {
        try await client.query("""
            CREATE TABLE IF NOT EXISTS users (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL,
                token TEXT NOT NULL UNIQUE)
            """)
        try await client.query("""
            CREATE TABLE IF NOT EXISTS todos (
                id BIGSERIAL PRIMARY KEY,
                owner BIGINT NOT NULL REFERENCES users(id),
                title TEXT NOT NULL,
                done BOOLEAN NOT NULL DEFAULT FALSE)
            """)
        try await client.query("CREATE INDEX IF NOT EXISTS todos_owner ON todos(owner, id)")
    }

    func createUser(name: String, token: String) async throws -> User {
        let rows = try await client.query("INSERT INTO users (name, token) VALUES (\(name), \(token)) RETURNING id")
        for try await id in rows.decode(Int.self) {
            return User(id: id, name: name, token: token)
        }
        throw DatabaseUnavailable(description: "the database returned no id")
    }

    func user(token: String) async throws -> User? {
        let rows = try await client.query("SELECT id, name, token FROM users WHERE token = \(token)")
        for try await (id, name, token) in rows.decode((Int, String, String).self) {
            return User(id: id, name: name, token: token)
        }
        return nil
    }

    func createTodo(owner: Int, title: String) async throws -> Todo {
        let rows = try await client.query("INSERT INTO todos (owner, title) VALUES (\(owner), \(title)) RETURNING id, title, done")
        return try await Self.first(rows) ?? { throw DatabaseUnavailable(description: "the database returned no id") }()
    }

    func todos(owner: Int, limit: Int, offset: Int) async throws -> [Todo] {
        let rows = try await client.query("SELECT id, title, done FROM todos WHERE owner = \(owner) ORDER BY id LIMIT \(limit) OFFSET \(offset)")
        var todos: [Todo] = []
        for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
            todos.append(Todo(id: id, title: title, done: done))
        }
        return todos
    }

    func todo(id: Int, owner: Int) async throws -> Todo? {
        try await Self.first(client.query("SELECT id, title, done FROM todos WHERE id = \(id) AND owner = \(owner)"))
    }

    func updateTodo(id: Int, owner: Int, title: String?, done: Bool?) async throws -> Todo? {
        try await Self.first(client.query("""
            UPDATE todos SET title = COALESCE(\(title), title), done = COALESCE(\(done), done)
            WHERE id = \(id) AND owner = \(owner) RETURNING id, title, done
            """))
    }

    func deleteTodo(id: Int, owner: Int) async throws -> Bool {
        try await Self.first(client.query("DELETE FROM todos WHERE id = \(id) AND owner = \(owner) RETURNING id, title, done")) != nil
    }

    func close() async throws {}

    private static func first(_ rows: PostgresRowSequence) async throws -> Todo? {
        for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
            return Todo(id: id, title: title, done: done)
        }
        return nil
    }
}
