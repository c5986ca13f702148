import Configuration
import Foundation
import Logging
import Testing
@testable import TodoServerCore

/// What the command line and the environment say is what the server does.
@Suite struct ConfigurationTests {
    /// The configuration read from `flags` (as `ServerOptions` passes them) over `environment`.
    func configuration(flags: [String: String] = [:], environment: [String: String] = [:]) throws(InvalidSettings) -> ServerConfiguration {
        let config = ConfigReader(providers: [
            InMemoryProvider(values: Dictionary(uniqueKeysWithValues: flags.map { (AbsoluteConfigKey(ConfigKey($0.key)), ConfigValue(.string($0.value), isSecret: false)) })),
            EnvironmentVariablesProvider(environmentVariables: environment),
        ])
        return try ServerConfiguration(reading: config, defaultSQLitePath: "/tmp/default.sqlite")
    }

    @Test func anEmptyDatabaseURLMeansSQLite() throws {
        #expect(try configuration(environment: ["DATABASE_URL": ""]).database == .sqlite(path: "/tmp/default.sqlite"))
        #expect(try configuration(environment: ["DATABASE_URL": "  "]).database == .sqlite(path: "/tmp/default.sqlite"))
        #expect(try configuration().database == .sqlite(path: "/tmp/default.sqlite"))
        #expect(try configuration(environment: ["SQLITE_PATH": "/tmp/env.sqlite"]).database == .sqlite(path: "/tmp/env.sqlite"))
    }

    #if PostgreSQL
    @Test func aDatabaseURLMeansPostgreSQL() throws {
        #expect(try configuration(environment: ["DATABASE_URL": "postgres://a@b/c"]).database == .postgres(url: "postgres://a@b/c"))
    }
    #else
    /// Built without the `PostgreSQL` trait, a good DATABASE_URL is refused by name with
    /// the command that builds the support, never ignored for SQLite; a bad one still gets
    /// its own message first.
    @Test func aDatabaseURLIsRefusedByABuildWithoutPostgreSQL() async throws {
        #expect(!ServerConfiguration.supportsPostgreSQL)
        #expect {
            _ = try configuration(environment: ["DATABASE_URL": "postgres://a@b/c"])
        } throws: { error in
            (error as? InvalidSettings)?.problems == [ServerConfiguration.builtWithoutPostgreSQL]
        }
        #expect(ServerConfiguration.builtWithoutPostgreSQL.contains("--traits PostgreSQL"))
        #expect {
            _ = try configuration(environment: ["DATABASE_URL": "postgres://a@b:/c"])
        } throws: { error in
            (error as? InvalidSettings)?.problems.first?.contains("port is empty") == true
        }
        // A configuration made in code reaches the same refusal when the store opens.
        await #expect {
            _ = try await DatabaseModule.open(configuration: ServerConfiguration(port: 0, database: .postgres(url: "postgres://a@b/c")), logger: Logger(label: "test"))
        } throws: { error in
            (error as? DatabaseUnavailable)?.description == ServerConfiguration.builtWithoutPostgreSQL
        }
    }

    /// `DATABASE_URL=… swift test` without the trait would run the SQLite tests alone and
    /// pass: it fails instead, with the command that runs PostgreSQL's.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DATABASE_URL"] != nil))
    func databaseURLInTheTestsNeedsTheTrait() {
        Issue.record("DATABASE_URL is set, but these tests were built without PostgreSQL: run `swift test --traits PostgreSQL`")
    }
    #endif

    /// Every setting has a flag or an environment variable, the flag wins, and what neither
    /// gives keeps its default.
    @Test func flagsWinOverTheEnvironmentWhichWinsOverDefaults() throws {
        let environment = [
            "HTTP_HOST": "0.0.0.0", "HTTP_PORT": "9000", "LOG_LEVEL": "DEBUG", "DATABASE_WAIT": "2.5",
            "HTTP_IDLE_TIMEOUT": "40", "HTTP_REQUEST_TIMEOUT": "20", "SHUTDOWN_TIMEOUT": "3",
        ]
        let fromEnvironment = try configuration(environment: environment)
        #expect(fromEnvironment.host == "0.0.0.0")
        #expect(fromEnvironment.port == 9000)
        #expect(fromEnvironment.logLevel == .debug)
        #expect(fromEnvironment.databaseWait == .milliseconds(2_500))
        #expect(fromEnvironment.idleTimeout == .seconds(40))
        #expect(fromEnvironment.requestTimeout == .seconds(20))
        #expect(fromEnvironment.shutdownTimeout == .seconds(3))

        let fromFlags = try configuration(flags: ["http.port": "9001", "http.request-timeout": "5"], environment: environment)
        #expect(fromFlags.port == 9001)
        #expect(fromFlags.requestTimeout == .seconds(5))
        #expect(fromFlags.host == "0.0.0.0")

        let defaults = try configuration()
        #expect(defaults.port == 8080)
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.requestTimeout == .seconds(30))
    }

    /// A value that cannot be used is an error naming the flag and the variable, never a
    /// silent default; every bad one is reported at once.
    @Test func everyUnusableSettingIsReportedByName() {
        #expect {
            _ = try configuration(flags: ["http.port": "99999"], environment: ["LOG_LEVEL": "loud", "HTTP_IDLE_TIMEOUT": "-1", "DATABASE_WAIT": "soon"])
        } throws: { error in
            guard let invalid = error as? InvalidSettings else { return false }
            return invalid.problems == [
                "--port (HTTP_PORT) must be a port from 0 to 65535 (0 picks a free one), not '99999'",
                "--log-level (LOG_LEVEL) must be one of trace, debug, info, notice, warning, error, critical, not 'loud'",
                "--database-wait (DATABASE_WAIT) must be a number of seconds above 0 and at most 86400, not 'soon'",
                "--idle-timeout (HTTP_IDLE_TIMEOUT) must be a number of seconds above 0 and at most 86400, not '-1'",
            ]
        }
        #expect(throws: InvalidSettings.self) { try configuration(environment: ["HTTP_PORT": "eighty"]) }
    }

    /// Spans are written only when asked, to standard output, standard error or a file; the
    /// flag wins.
    @Test func spansAreWrittenOnlyWhereAsked() throws {
        #expect(try configuration().spans == nil)
        #expect(try configuration(environment: ["TRACE_SPANS": ""]).spans == nil)
        #expect(try configuration(environment: ["TRACE_SPANS": "-"]).spans == .standardOutput)
        #expect(try configuration(environment: ["TRACE_SPANS": "stderr"]).spans == .standardError)
        let both = try configuration(flags: ["trace.spans": "/tmp/spans.jsonl"], environment: ["TRACE_SPANS": "-"])
        #expect(both.spans == .file(path: "/tmp/spans.jsonl"))
    }

    /// A port in DATABASE_URL outside 1...65535 is refused by name, not wrapped to another
    /// port or replaced by 5432; the URL is checked with the other settings.
    @Test func aDatabaseURLsPortMustBeAPort() throws {
        for port in ["120968", "0", "99999999999999999999"] {
            #expect(throws: DatabaseUnavailable.self) { try PostgresURL("postgres://todo:todo@127.0.0.1:\(port)/todo") }
            #expect {
                _ = try configuration(environment: ["DATABASE_URL": "postgres://todo:todo@127.0.0.1:\(port)/todo"])
            } throws: { error in
                (error as? InvalidSettings)?.problems == ["DATABASE_URL's port must be from 1 to 65535, not '\(port)'"]
            }
        }
        #expect(try PostgresURL("postgres://todo:todo@127.0.0.1:5433/todo").port == 5433)
        #expect(try PostgresURL("postgres://todo:todo@127.0.0.1/todo").port == 5432)
        #expect(try PostgresURL("postgres://todo:todo@[::1]:65535/todo").port == 65_535)
    }

    /// An empty port (`host:/db`) is refused by name too: `URLComponents` reads it as no
    /// port, which would silently mean 5432.
    @Test func aDatabaseURLsEmptyPortIsRefused() throws {
        for url in ["postgres://todo:todo@127.0.0.1:/todo", "postgres://todo@[::1]:/todo", "postgres://todo:todo@db:"] {
            #expect {
                _ = try configuration(environment: ["DATABASE_URL": url])
            } throws: { error in
                (error as? InvalidSettings)?.problems
                    == ["DATABASE_URL's port is empty: write one from 1 to 65535, or leave out the ':' for 5432"]
            }
        }
        // The colon between user and password is not a port's.
        #expect(try PostgresURL("postgres://todo:todo@127.0.0.1?sslmode=disable").port == 5432)
    }

    @Test func portsOutsideTheRangeAreNotPorts() {
        #expect(ServerConfiguration.ports.contains(0))
        #expect(ServerConfiguration.ports.contains(65_535))
        #expect(!ServerConfiguration.ports.contains(99_999))
        #expect(!ServerConfiguration.ports.contains(-1))
    }

    /// `sslmode` is read as libpq reads it; an unknown mode or option is refused by name.
    @Test func sslmodeIsHonouredOrRefused() throws {
        func mode(_ url: String) throws -> String {
            switch try PostgresURL(url).tls {
            case .disable: "disable"
            case .prefer: "prefer"
            case .require(.unchecked): "require/none"
            case .require(.trustedAuthority): "require/noHostnameVerification"
            case .require(.trustedAuthorityAndHostName): "require/fullVerification"
            }
        }
        #expect(try mode("postgres://u:p@db.example/app") == "disable")
        #expect(try mode("postgres://u:p@db.example/app?sslmode=disable") == "disable")
        #expect(try mode("postgres://u:p@db.example/app?sslmode=prefer") == "prefer")
        #expect(try mode("postgres://u:p@db.example/app?sslmode=require") == "require/none")
        #expect(try mode("postgres://u:p@db.example/app?sslmode=verify-ca") == "require/noHostnameVerification")
        #expect(try mode("postgres://u:p@db.example/app?sslmode=verify-full") == "require/fullVerification")
        #expect(throws: DatabaseUnavailable.self) { try PostgresURL("postgres://u:p@db.example/app?sslmode=sometimes") }
        do {
            _ = try PostgresURL("postgres://u:p@db.example/app?sslmode=sometimes")
        } catch {
            #expect(error.description == "DATABASE_URL's sslmode 'sometimes' is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
        do {
            _ = try PostgresURL("postgres://u:p@db.example/app?connect_timeout=3")
        } catch {
            #expect(error.description.contains("'connect_timeout'"))
        }
    }

    /// `options` is passed on as written, as libpq passes it; empty is none.
    @Test func theURLsOptionsArePassedOnAsWritten() throws {
        let url = try PostgresURL("postgres://u:p@db.example/app?options=-c%20search_path%3Dtenant_a%20--work-mem%3D8MB")
        #expect(url.options == "-c search_path=tenant_a --work-mem=8MB")
        #expect(try PostgresURL("postgres://u:p@db.example/app").options == nil)
        #expect(try PostgresURL("postgres://u:p@db.example/app?options=").options == nil)
    }

    #if PostgreSQL
    /// `DATABASE_URL` with `option` added to its query.
    static func databaseURL(adding option: String) -> String? {
        ProcessInfo.processInfo.environment["DATABASE_URL"].map { $0 + ($0.contains("?") ? "&" : "?") + option }
    }

    /// Opens the store a server with `url` would.
    static func open(_ url: String) async throws -> any TodoStore {
        try await DatabaseModule.open(configuration: ServerConfiguration(port: 0, database: .postgres(url: url)), logger: Logger(label: "test"))
    }

    /// Whether the PostgreSQL of `DATABASE_URL` offers TLS (CI turns it on with
    /// `Scripts/enable-postgres-tls.sh`; a PostgreSQL as installed does not).
    static func postgresOffersTLS() async -> Bool {
        guard let url = databaseURL(adding: "sslmode=require"), let store = try? await open(url) else { return false }
        try? await store.close()
        return true
    }

    /// Against a PostgreSQL with TLS on and a certificate no authority signed: `require`
    /// connects over TLS, `verify-full` refuses the certificate and says so.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DATABASE_URL"] != nil),
          .enabled("needs a PostgreSQL with TLS on (Scripts/enable-postgres-tls.sh)") { await ConfigurationTests.postgresOffersTLS() })
    func theURLsSSLModeIsWhatTheServerUses() async throws {
        let store = try await Self.open(try #require(Self.databaseURL(adding: "sslmode=require")))
        try await store.close()
        await #expect {
            _ = try await Self.open(try #require(Self.databaseURL(adding: "sslmode=verify-full")))
        } throws: { error in
            (error as? DatabaseUnavailable)?.description.contains("TLS to PostgreSQL") == true
        }
    }

    /// Options the server cannot read are refused at the start-up check, in its words.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DATABASE_URL"] != nil))
    func optionsThePostgreSQLCannotReadAreRefusedAtStart() async throws {
        await #expect {
            _ = try await Self.open(try #require(Self.databaseURL(adding: "options=-c%20no_such_setting%3D1")))
        } throws: { error in
            let description = (error as? DatabaseUnavailable)?.description ?? ""
            return description.contains("refused the connection") && description.contains("no_such_setting")
        }
    }

    /// A wrong password is named as such, not as "cannot reach"; a PostgreSQL without TLS
    /// says that `require` needs it.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DATABASE_URL"] != nil))
    func theURLsCredentialsAreWhatTheServerUses() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["DATABASE_URL"])
        let wrongPassword = url.replacingOccurrences(of: ":todo@", with: ":not-the-password@")
        await #expect {
            _ = try await Self.open(wrongPassword)
        } throws: { error in
            (error as? DatabaseUnavailable)?.description.contains("refused user 'todo'") == true
        }
        if !(await Self.postgresOffersTLS()) {
            await #expect {
                _ = try await Self.open(try #require(Self.databaseURL(adding: "sslmode=require")))
            } throws: { error in
                (error as? DatabaseUnavailable)?.description.contains("does not offer TLS, which sslmode=require requires") == true
            }
        }
    }
    #endif
}
