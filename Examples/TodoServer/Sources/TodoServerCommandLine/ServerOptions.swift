import ArgumentParser
import Configuration
import TodoServerCore

/// The options both executables take. Each is optional and read as text: a flag that is
/// given wins over its environment variable, which wins over the default, and
/// `ServerConfiguration(reading:)` checks them all in one place, whichever way they came.
public struct ServerOptions: ParsableArguments {
    @Option(help: "The address to listen on (HTTP_HOST; default 127.0.0.1).")
    var host: String?

    // Unconditional: `--port -1` is a value to refuse with the settings' message, not a
    // missing one followed by a flag `-1`.
    @Option(parsing: .unconditional, help: "The port to listen on, 0 for a free one (HTTP_PORT; default 8080).")
    var port: String?

    @Option(help: "The SQLite file, used unless DATABASE_URL names a PostgreSQL database (SQLITE_PATH; default todo-server.sqlite in the temporary folder).")
    var database: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (LOG_LEVEL; default info).")
    var logLevel: String?

    @Option(help: "Seconds a request waits for a database connection, or one statement, before a 503 (DATABASE_WAIT; default 5).")
    var databaseWait: String?

    @Option(help: "Seconds a connection may send nothing before it is closed (HTTP_IDLE_TIMEOUT; default 30).")
    var idleTimeout: String?

    @Option(help: "Seconds a client has to send a whole request (HTTP_REQUEST_TIMEOUT; default 30).")
    var requestTimeout: String?

    @Option(help: "Seconds a graceful shutdown waits for requests in flight (SHUTDOWN_TIMEOUT; default 10).")
    var shutdownTimeout: String?

    @Option(help: "Write each request's spans as JSON lines to this file, - for standard output (only spans are written there) or stderr (TRACE_SPANS; default none).")
    var traceSpans: String?

    public init() {}

    /// The flags that were given, under their settings' keys.
    var values: [AbsoluteConfigKey: ConfigValue] {
        let given: [(ServerSetting, String?)] = [
            (.host, host), (.port, port), (.sqlitePath, database), (.logLevel, logLevel),
            (.databaseWait, databaseWait), (.idleTimeout, idleTimeout),
            (.requestTimeout, requestTimeout), (.shutdownTimeout, shutdownTimeout), (.traceSpans, traceSpans),
        ]
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for case let (setting, value?) in given {
            values[AbsoluteConfigKey(ConfigKey(setting.key))] = ConfigValue(.string(value), isSecret: setting.isSecret)
        }
        return values
    }

    /// The server's configuration: these flags, then the process's environment
    /// (`DATABASE_URL` among it, kept secret), then the defaults.
    public func configuration() throws -> ServerConfiguration {
        let config = ConfigReader(providers: [
            InMemoryProvider(name: "command line", values: values),
            EnvironmentVariablesProvider(secretsSpecifier: .specific([ServerSetting.databaseURL.environmentVariable])),
        ])
        do {
            return try ServerConfiguration(reading: config)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
