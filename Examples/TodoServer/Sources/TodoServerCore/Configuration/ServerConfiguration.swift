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

    public init(host: String = "127.0.0.1", port: Int = 8080, database: Database, logLevel: Logger.Level = .info) {
        self.host = host
        self.port = port
        self.database = database
        self.logLevel = logLevel
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
