import Cleanse

/// A user of the API, who owns todos and authenticates with a bearer token.
public struct User: Codable, Sendable, Equatable {
    public let id: Int
    public let name: String
    public let token: String

    public init(id: Int, name: String, token: String) {
        self.id = id
        self.name = name
        self.token = token
    }
}

/// One todo item.
public struct Todo: Codable, Sendable, Equatable {
    public let id: Int
    public var title: String
    public var done: Bool

    public init(id: Int, title: String, done: Bool) {
        self.id = id
        self.title = title
        self.done = done
    }
}

/// Where users and todos are kept: SQLite by default, PostgreSQL when `DATABASE_URL` is set,
/// or a test double bound by an override. Work is done in transactions: a request's
/// `UnitOfWork` begins one when it first needs the database and commits it when the handler
/// has succeeded, so a `201` means the row is committed.
public protocol TodoStore: Sendable {
    /// Creates the tables if they are missing. Run once at start.
    func migrate() async throws
    /// Takes a connection and begins a transaction on it, waiting at most `timeout` for
    /// either; throws `DatabaseOutage` when it cannot.
    func beginTransaction(timeout: Duration) async throws -> any TodoTransaction
    /// Releases connections; the store is unusable afterwards.
    func close() async throws
}

/// One open transaction, holding its connection until `commit()` or `rollback()`. Every
/// todo query is scoped to its owner, so one user never sees another's todos.
public protocol TodoTransaction: Sendable {
    func createUser(name: String, token: String) async throws -> User
    func user(token: String) async throws -> User?
    func createTodo(owner: Int, title: String) async throws -> Todo
    func todos(owner: Int, limit: Int, offset: Int) async throws -> [Todo]
    func todo(id: Int, owner: Int) async throws -> Todo?
    /// Changes the fields given; returns the todo, or `nil` when the owner has no such todo.
    func updateTodo(id: Int, owner: Int, title: String?, done: Bool?) async throws -> Todo?
    /// Returns whether the owner had such a todo.
    func deleteTodo(id: Int, owner: Int) async throws -> Bool
    /// What the owner's write with idempotency key `key` answered, kept less than 24 hours
    /// ago; `nil` when there is none.
    func storedOutcome(owner: Int, key: String) async throws -> StoredOutcome?
    /// Keeps `outcome` for the owner's key, in this transaction, after forgetting the
    /// owner's outcomes older than 24 hours (the key's own expired one included, never a
    /// live one). The key is claimed by the table's unique key: throws
    /// `IdempotencyKeyInUse` when another transaction (another server) kept a live outcome
    /// for it meanwhile, so this one rolls back its write.
    func storeOutcome(_ outcome: StoredOutcome, owner: Int, key: String) async throws
    /// Makes the transaction's writes durable (returns once the database says so) and
    /// releases the connection.
    func commit() async throws
    /// Discards the transaction's writes and releases the connection; never throws (a
    /// connection that cannot roll back is closed, which rolls back).
    func rollback() async
}

/// The database cannot serve a request now (down, unreachable, or every connection busy
/// past the wait): the request is answered `503` with `Retry-After`, and nothing was written.
public struct DatabaseOutage: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The database became unreachable while a transaction was committed, before it confirmed
/// the commit: the writes may or may not be saved. Answered `503` saying so.
public struct CommitOutcomeUnknown: Error, CustomStringConvertible {
    /// What happened to the connection.
    public let outage: DatabaseOutage

    public var description: String { "commit not confirmed: \(outage)" }
}

/// A statement the database refused (a constraint, a full disk…): answered `500`, logged
/// with the database's own message.
public struct DatabaseFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// A database that could not be opened or migrated at start: the server stops with this
/// message and exit status 3.
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    public let description: String

    /// The `DatabaseUnavailable` behind `error`: itself, or the error a factory threw, which
    /// Cleanse hands on wrapped in a `FactoryFailed` that names the binding.
    public static func cause(of error: any Error) -> DatabaseUnavailable? {
        if let unavailable = error as? DatabaseUnavailable { return unavailable }
        if let failed = error as? FactoryFailed { return cause(of: failed.underlying) }
        return nil
    }
}

/// Another transaction (another server) kept an outcome for the same idempotency key while
/// this one ran: answered `409`, as for a request still in flight.
public struct IdempotencyKeyInUse: Error {}
