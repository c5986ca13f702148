import Foundation
import Logging

/// What the server is started with: the seed of its root component.
public struct ServerConfiguration: Sendable {
    /// Where the data lives.
    public enum Database: Sendable, Equatable {
        /// An SQLite file, created on first start.
        case sqlite(path: String)
        /// A PostgreSQL server, from a `postgres://user:password@host:port/database` URL.
        case postgres(url: String)
    }

    /// The address to listen on; loopback by default.
    public var host: String
    /// The port to listen on; 0 picks a free one (the tests use it).
    public var port: Int
    public var database: Database
    public var logLevel: Logger.Level
    /// How long a request waits for a database connection, or for one statement, before it
    /// is answered `503`.
    public var databaseWait: Duration
    /// How long a connection may send nothing (between requests, or within a request's
    /// head or body) before it is closed.
    public var idleTimeout: Duration
    /// How long a graceful shutdown (SIGTERM, SIGINT) waits for requests in flight before
    /// it cancels them; cancellation itself is given as long again at most.
    public var shutdownTimeout: Duration
    /// Whether to serve `/bench/di` and `/bench/handwired`, the load benchmark's routes.
    public var benchmarkRoutes: Bool

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: Database,
        logLevel: Logger.Level = .info,
        databaseWait: Duration = .seconds(5),
        idleTimeout: Duration = .seconds(30),
        shutdownTimeout: Duration = .seconds(10),
        benchmarkRoutes: Bool = false
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.logLevel = logLevel
        self.databaseWait = databaseWait
        self.idleTimeout = idleTimeout
        self.shutdownTimeout = shutdownTimeout
        self.benchmarkRoutes = benchmarkRoutes
    }

    /// The ports a server may listen on; 0 picks a free one.
    public static let ports = 0...65_535
}

extension ServerConfiguration.Database {
    /// The database `environment` selects: PostgreSQL at `DATABASE_URL` when it is set and
    /// not empty (an empty value is unset, as shells and container files write it), SQLite
    /// at `sqlitePath` otherwise.
    public static func from(environment: [String: String], sqlitePath: String) -> Self {
        if let url = environment["DATABASE_URL"]?.trimmingCharacters(in: .whitespaces), !url.isEmpty {
            return .postgres(url: url)
        }
        return .sqlite(path: sqlitePath)
    }
}
