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
    /// How long a client has to send a whole request (head and body), counted from when the
    /// connection is ready for it: its opening, or the end of the previous response. A
    /// client dribbling a byte at a time, which the idle timeout never sees, is closed then.
    public var requestTimeout: Duration
    /// How long a graceful shutdown (SIGTERM, SIGINT) waits for requests in flight before
    /// it cancels them; cancellation itself is given as long again at most.
    public var shutdownTimeout: Duration
    /// Where each request's spans are written as JSON lines (`JSONLinesTracer`); `nil`, the
    /// default, writes none. Read by the command line, which bootstraps the tracer before
    /// the graph is made.
    public var spans: SpanDestination?

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: Database,
        logLevel: Logger.Level = .info,
        databaseWait: Duration = .seconds(5),
        idleTimeout: Duration = .seconds(30),
        requestTimeout: Duration = .seconds(30),
        shutdownTimeout: Duration = .seconds(10),
        spans: SpanDestination? = nil
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.logLevel = logLevel
        self.databaseWait = databaseWait
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.shutdownTimeout = shutdownTimeout
        self.spans = spans
    }

    /// The ports a server may listen on; 0 picks a free one.
    public static let ports = 0...65_535
}
