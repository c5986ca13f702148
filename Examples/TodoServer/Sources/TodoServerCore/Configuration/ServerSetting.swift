/// One setting of the server: its swift-configuration key, the command-line flag that sets
/// it, and the environment variable that sets it when the flag is absent
/// (`EnvironmentVariablesProvider` spells `http.port` as `HTTP_PORT`).
public struct ServerSetting: Sendable, Hashable, CustomStringConvertible {
    /// The configuration key, such as `http.port`.
    public let key: String
    /// The command-line flag, such as `--port`; `nil` for a setting only the environment
    /// gives (a secret does not belong in `ps` output).
    public let flag: String?
    /// Whether the value must never be logged (`DATABASE_URL` holds a password).
    public let isSecret: Bool

    init(_ key: String, flag: String?, isSecret: Bool = false) {
        self.key = key
        self.flag = flag
        self.isSecret = isSecret
    }

    /// The environment variable `EnvironmentVariablesProvider` reads for `key`.
    public var environmentVariable: String {
        String(key.map { $0.isLetter || $0.isNumber ? Character($0.uppercased()) : "_" })
    }

    /// How a message names the setting: `--port (HTTP_PORT)`, or `DATABASE_URL`.
    public var description: String {
        flag.map { "\($0) (\(environmentVariable))" } ?? environmentVariable
    }
}

extension ServerSetting {
    public static let host = ServerSetting("http.host", flag: "--host")
    public static let port = ServerSetting("http.port", flag: "--port")
    public static let idleTimeout = ServerSetting("http.idle-timeout", flag: "--idle-timeout")
    public static let requestTimeout = ServerSetting("http.request-timeout", flag: "--request-timeout")
    public static let databaseURL = ServerSetting("database.url", flag: nil, isSecret: true)
    public static let databaseWait = ServerSetting("database.wait", flag: "--database-wait")
    public static let sqlitePath = ServerSetting("sqlite.path", flag: "--database")
    public static let logLevel = ServerSetting("log.level", flag: "--log-level")
    public static let shutdownTimeout = ServerSetting("shutdown.timeout", flag: "--shutdown-timeout")
    public static let traceSpans = ServerSetting("trace.spans", flag: "--trace-spans")

    /// Every setting the server reads.
    public static let all: [ServerSetting] = [
        host, port, idleTimeout, requestTimeout, databaseURL, databaseWait, sqlitePath, logLevel, shutdownTimeout, traceSpans,
    ]
}
