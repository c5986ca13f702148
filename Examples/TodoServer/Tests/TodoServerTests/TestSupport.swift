import Cleanse
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import Testing
import TodoServerCore

/// The databases the tests run against: SQLite always, PostgreSQL when the tests are built
/// with the `PostgreSQL` trait and `DATABASE_URL` is set (CI starts one):
///
///     DATABASE_URL=postgres://todo:todo@127.0.0.1:5432/todo swift test --traits PostgreSQL
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static var available: [Backend] {
        #if PostgreSQL
        ProcessInfo.processInfo.environment["DATABASE_URL"] == nil ? [.sqlite] : [.sqlite, .postgres]
        #else
        [.sqlite]
        #endif
    }

    var testDescription: String { rawValue }

    /// A fresh database of this kind.
    func configuration() -> ServerConfiguration {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-test-\(UUID().uuidString).sqlite").path
            return ServerConfiguration(port: 0, database: .sqlite(path: path), logLevel: .debug)
        case .postgres:
            return ServerConfiguration(port: 0, database: .postgres(url: ProcessInfo.processInfo.environment["DATABASE_URL"]!), logLevel: .debug)
        }
    }
}

/// Every log line the server writes in the tests, with its level and metadata.
final class LogRecords: Sendable {
    struct Record: Sendable {
        let message: String
        let metadata: [String: String]
        let level: Logger.Level
        /// The `LogRecords.server` of the task that logged it.
        let server: String?
    }

    /// A name for the server a test runs: set around `withRunningServer`, it tags every line
    /// logged by the server's tasks (they inherit it), so that a test reads its own server's
    /// lines while other suites' servers log beside it.
    @TaskLocal static var server: String?

    static let shared = LogRecords()
    private let records = Mutex<[Record]>([])

    func append(_ record: Record) { records.withLock { $0.append(record) } }
    var all: [Record] { records.withLock { $0 } }

    /// The lines at `level` or above that the server named `server` logged.
    func lines(of server: String, atLeast level: Logger.Level) -> [Record] {
        all.filter { $0.server == server && $0.level >= level }
    }
}

/// A log handler that records into `LogRecords.shared`.
struct RecordingLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        LogRecords.shared.append(.init(
            message: "\(event.message)", metadata: merged.mapValues { "\($0)" }, level: event.level, server: LogRecords.server
        ))
    }
}

/// Overrides the server's logger with one that records: how a test swaps a part of the
/// graph with `ComponentFactory.of(_:overrides:)`.
struct RecordingLogModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Logger.self).sharedInScope().to {
            Logger(label: "todo-server-test") { _ in RecordingLogHandler() }
        }
    }
}

extension TestClientProtocol {
    /// Sends `body` as JSON (or raw text) and returns the response.
    func send(_ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json body: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    /// The body decoded as `T`.
    func decoded<T: Decodable>(_: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
    }

    /// The `error` of an error body.
    var errorMessage: String? {
        (try? decoded([String: String].self))?["error"]
    }
}

/// Runs `body` against a live server on a loopback port, built from `ServerComponent`.
func withLiveServer(
    _ configuration: ServerConfiguration,
    overrides: Bool = true,
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let factory = overrides
        ? try ComponentFactory.of(ServerComponent.self, overrides: RecordingLogModule.self)
        : try ComponentFactory.of(ServerComponent.self)
    try await OutageIsolation.besideOthers {
        let application = try await factory.build(configuration).makeApplication()
        try await application.test(.live, body)
    }
}

/// Runs a server with `configuration` in a service group until `body` returns, then
/// shuts it down gracefully; returns how long the shutdown took.
/// (A shutdown still running after 15 s is cancelled, and reported as 15 s.)
func withRunningServer(
    _ configuration: ServerConfiguration,
    unansweringDatabase: Bool = false,
    stalledPool: Bool = false,
    _ body: (Int) async throws -> Void
) async throws -> Duration {
    try await OutageIsolation.besideOthers {
        let port = Mutex<Int?>(nil)
        let factory = unansweringDatabase
            ? try ComponentFactory.of(ServerComponent.self, overrides: RecordingLogModule.self, UnansweringDatabaseModule.self)
            : stalledPool
            ? try ComponentFactory.of(ServerComponent.self, overrides: RecordingLogModule.self, StalledPoolModule.self)
            : try ComponentFactory.of(ServerComponent.self, overrides: RecordingLogModule.self)
        let group = try await factory
            .build(configuration)
            .makeServiceGroup(gracefulShutdownSignals: []) { listening in port.withLock { $0 = listening } }
        let running = Task { try await group.run() }
        do {
            var listening: Int?
            for _ in 0..<200 where listening == nil {
                try await Task.sleep(for: .milliseconds(25))
                listening = port.withLock { $0 }
            }
            try await body(try #require(listening))
        } catch {
            // The server does not outlive its test (nor the gate it holds).
            await group.triggerGracefulShutdown()
            running.cancel()
            _ = await running.result
            throw error
        }
        let clock = ContinuousClock()
        let started = clock.now
        await group.triggerGracefulShutdown()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(15))
            running.cancel()
        }
        _ = await running.result
        watchdog.cancel()
        return min(clock.now - started, .seconds(15))
    }
}
