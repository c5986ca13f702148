import Configuration
import Foundation
import Logging

/// Settings that cannot be used, every one of them, each named as the user wrote it.
public struct InvalidSettings: Error, CustomStringConvertible {
    /// One line per setting: what is wrong and what would be right.
    public let problems: [String]

    public var description: String {
        problems.joined(separator: "\n")
    }
}

extension ServerConfiguration {
    /// Whether this build can serve from PostgreSQL: only with the package's `PostgreSQL`
    /// trait, so that the default build compiles no TLS library.
    public static var supportsPostgreSQL: Bool {
        #if PostgreSQL
        true
        #else
        false
        #endif
    }

    /// Why a `DATABASE_URL` is refused by a build without the `PostgreSQL` trait.
    package static let builtWithoutPostgreSQL =
        "DATABASE_URL is set, but this todo-server was built without PostgreSQL: "
        + "build it with `--traits PostgreSQL` (swift run --package-path Examples/TodoServer --traits PostgreSQL todo-server)"

    /// The configuration `config` gives, for the keys of `ServerSetting`; what it does not
    /// give keeps its default, and an empty value counts as not given (as shells and
    /// container files write unset variables).
    ///
    /// Values are read as text and checked here, so that `HTTP_PORT=eighty` is an error
    /// naming the setting rather than a silent default. Every bad setting is reported at once.
    ///
    /// ```swift
    /// let config = ConfigReader(providers: [
    ///     InMemoryProvider(values: flags),      // the command line first
    ///     EnvironmentVariablesProvider(),       // then HTTP_PORT, DATABASE_URL, …
    /// ])
    /// let configuration = try ServerConfiguration(reading: config)
    /// ```
    public init(reading config: ConfigReader, defaultSQLitePath: String = Self.defaultSQLitePath) throws(InvalidSettings) {
        var reading = SettingsReading(config: config)
        let defaults = ServerConfiguration(database: .sqlite(path: defaultSQLitePath))
        let database: Database =
            if let url = reading.postgresURL() { .postgres(url: url) }
            else { .sqlite(path: reading.text(.sqlitePath) ?? defaultSQLitePath) }
        self.init(
            host: reading.text(.host) ?? defaults.host,
            port: reading.port() ?? defaults.port,
            database: database,
            logLevel: reading.logLevel() ?? defaults.logLevel,
            databaseWait: reading.seconds(.databaseWait) ?? defaults.databaseWait,
            idleTimeout: reading.seconds(.idleTimeout) ?? defaults.idleTimeout,
            requestTimeout: reading.seconds(.requestTimeout) ?? defaults.requestTimeout,
            shutdownTimeout: reading.seconds(.shutdownTimeout) ?? defaults.shutdownTimeout,
            spans: reading.text(.traceSpans).map(SpanDestination.init(setting:))
        )
        if !reading.problems.isEmpty {
            throw InvalidSettings(problems: reading.problems)
        }
    }

    /// Where the SQLite file is when no setting says: `todo-server.sqlite` in the
    /// temporary folder.
    public static var defaultSQLitePath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("todo-server.sqlite").path
    }
}

/// Reads settings as text and collects what is wrong with them.
private struct SettingsReading {
    let config: ConfigReader
    var problems: [String] = []

    func text(_ setting: ServerSetting) -> String? {
        let value = config.string(forKey: ConfigKey(setting.key), isSecret: setting.isSecret)?
            .trimmingCharacters(in: .whitespaces)
        return value?.isEmpty == false ? value : nil
    }

    mutating func port() -> Int? {
        guard let text = text(.port) else { return nil }
        guard let port = Int(text), ServerConfiguration.ports.contains(port) else {
            problems.append("\(ServerSetting.port) must be a port from 0 to 65535 (0 picks a free one), not '\(text)'")
            return nil
        }
        return port
    }

    /// `DATABASE_URL`, checked as the server will read it (scheme, host, port, options), so
    /// that a bad one is reported with the other settings rather than when the store opens;
    /// a good one is refused too when this build has no PostgreSQL (see `supportsPostgreSQL`).
    mutating func postgresURL() -> String? {
        guard let url = text(.databaseURL) else { return nil }
        do {
            _ = try PostgresURL(url)
        } catch {
            problems.append(error.description)
            return url
        }
        if !ServerConfiguration.supportsPostgreSQL {
            problems.append(ServerConfiguration.builtWithoutPostgreSQL)
        }
        return url
    }

    mutating func logLevel() -> Logger.Level? {
        guard let text = text(.logLevel) else { return nil }
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            problems.append("\(ServerSetting.logLevel) must be one of \(levels), not '\(text)'")
            return nil
        }
        return level
    }

    /// A number of seconds above 0 and at most a day.
    mutating func seconds(_ setting: ServerSetting) -> Duration? {
        guard let text = text(setting) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            problems.append("\(setting) must be a number of seconds above 0 and at most 86400, not '\(text)'")
            return nil
        }
        return .seconds(seconds)
    }
}
