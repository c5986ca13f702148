import ArgumentParser
import Cleanse
import Foundation
import Logging
import TodoServerCore

/// `todo-server`: the Todo API on 127.0.0.1. SQLite by default; PostgreSQL when
/// `DATABASE_URL` is set.
@main
struct TodoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "todo-server", abstract: "A Todo JSON API wired with Cleanse.")

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The SQLite file (ignored when DATABASE_URL is set).")
    var database = FileManager.default.temporaryDirectory.appendingPathComponent("todo-server.sqlite").path

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(help: "Seconds a request waits for a database connection, or one statement, before a 503.")
    var databaseWait = 5.0

    @Option(help: "Seconds a connection may send nothing before it is closed.")
    var idleTimeout = 30.0

    @Option(help: "Seconds a graceful shutdown waits for requests in flight.")
    var shutdownTimeout = 10.0

    @Flag(help: .hidden)
    var benchmarkRoutes = false

    func validate() throws {
        guard ServerConfiguration.ports.contains(port) else {
            throw ValidationError("--port must be 0 to 65535 (0 picks a free port), not \(port)")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        for (name, value) in [("--database-wait", databaseWait), ("--idle-timeout", idleTimeout), ("--shutdown-timeout", shutdownTimeout)] {
            guard value.isFinite, value > 0, value <= 86_400 else {
                throw ValidationError("\(name) must be a number of seconds above 0 and at most 86400, not \(value)")
            }
        }
    }

    func run() async throws {
        let configuration = ServerConfiguration(
            host: host,
            port: port,
            database: .from(environment: ProcessInfo.processInfo.environment, sqlitePath: database),
            logLevel: Logger.Level(rawValue: logLevel) ?? .info,
            databaseWait: .seconds(databaseWait),
            idleTimeout: .seconds(idleTimeout),
            shutdownTimeout: .seconds(shutdownTimeout),
            benchmarkRoutes: benchmarkRoutes
        )
        do {
            let server = try ComponentFactory.of(ServerComponent.self).build(configuration)
            try await server.run()
        } catch let error where DatabaseUnavailable.cause(of: error) != nil {
            FileHandle.standardError.write(Data("todo-server: \(DatabaseUnavailable.cause(of: error)!)\n".utf8))
            throw ExitCode(3)
        } catch let error as any CleanseError {
            FileHandle.standardError.write(Data("todo-server: the object graph is invalid:\n\(error)\n".utf8))
            throw ExitCode(4)
        }
    }
}
