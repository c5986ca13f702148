import Foundation
import Logging
import NIOSSL
import Testing
@testable import TodoServerCore

/// What the command line and the environment say is what the server does.
@Suite struct ConfigurationTests {
    @Test func anEmptyDatabaseURLMeansSQLite() {
        #expect(ServerConfiguration.Database.from(environment: ["DATABASE_URL": ""], sqlitePath: "/tmp/t.sqlite") == .sqlite(path: "/tmp/t.sqlite"))
        #expect(ServerConfiguration.Database.from(environment: ["DATABASE_URL": "  "], sqlitePath: "/tmp/t.sqlite") == .sqlite(path: "/tmp/t.sqlite"))
        #expect(ServerConfiguration.Database.from(environment: [:], sqlitePath: "/tmp/t.sqlite") == .sqlite(path: "/tmp/t.sqlite"))
        #expect(ServerConfiguration.Database.from(environment: ["DATABASE_URL": "postgres://a@b/c"], sqlitePath: "x") == .postgres(url: "postgres://a@b/c"))
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
            case .require(let configuration):
                switch configuration.certificateVerification {
                case .none: "require/none"
                case .noHostnameVerification: "require/noHostnameVerification"
                case .fullVerification: "require/fullVerification"
                }
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

    /// Against the PostgreSQL CI starts (Debian's, TLS on with its own certificate):
    /// `require` connects over TLS, `verify-full` refuses the untrusted certificate and says
    /// so, and a wrong password is named as such, not as "cannot reach".
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DATABASE_URL"] != nil))
    func theURLsTLSAndCredentialsAreWhatTheServerUses() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["DATABASE_URL"])
        let separator = url.contains("?") ? "&" : "?"
        func open(_ url: String) async throws -> any TodoStore {
            try await DatabaseModule.open(configuration: ServerConfiguration(port: 0, database: .postgres(url: url)), logger: Logger(label: "test"))
        }
        let store = try await open(url + separator + "sslmode=require")
        try await store.close()
        await #expect {
            _ = try await open(url + separator + "sslmode=verify-full")
        } throws: { error in
            (error as? DatabaseUnavailable)?.description.contains("TLS to PostgreSQL") == true
        }
        let wrongPassword = url.replacingOccurrences(of: ":todo@", with: ":not-the-password@")
        await #expect {
            _ = try await open(wrongPassword)
        } throws: { error in
            (error as? DatabaseUnavailable)?.description.contains("refused user 'todo'") == true
        }
    }
}
