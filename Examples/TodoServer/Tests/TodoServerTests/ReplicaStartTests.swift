#if PostgreSQL
import Cleanse
import Foundation
import Testing
import TodoServerCore

/// Replicas of the server start together on one PostgreSQL (a rolling deploy, a scaled
/// service): each migrates the same empty database at once, and every one of them starts.
/// Each test has a schema of its own (`DATABASE_URL`'s `options=-c search_path=…`), so that
/// the database is empty for it while other tests use the same one.
@Suite(.serialized, .enabled(if: Backend.available.contains(.postgres)))
struct ReplicaStartTests {
    /// `DATABASE_URL` with its connections' `search_path` set to `schema`.
    static func url(inSchema schema: String) throws -> String {
        let url = try #require(ProcessInfo.processInfo.environment["DATABASE_URL"])
        return url + (url.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)"
    }

    /// A schema name no other test uses.
    static func newSchema(_ purpose: String) -> String {
        "\(purpose)_\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Four servers started at once on an empty schema all listen and answer: the schema is
    /// made once, not raced (without the migration's lock, one of two such starts in two
    /// failed on a duplicate key in PostgreSQL's catalog).
    @Test func serversStartedTogetherOnAnEmptyDatabaseAllStart() async throws {
        let base = try #require(ProcessInfo.processInfo.environment["DATABASE_URL"])
        for _ in 0..<3 {
            let schema = Self.newSchema("replicas")
            try await PostgresCommands.psql("CREATE SCHEMA \(schema)", url: base)
            let configuration = ServerConfiguration(port: 0, database: .postgres(url: try Self.url(inSchema: schema)), logLevel: .debug)
            let answered = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var status: Int?
                        _ = try await withRunningServer(configuration) { port in
                            status = await RawConnection.requestOffThePool(port: port, "POST", "/users", token: "", json: #"{"name": "Ada"}"#)?.status
                        }
                        return status
                    }
                }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            try await PostgresCommands.psql("DROP SCHEMA \(schema) CASCADE", url: base)
            #expect(answered == [201, 201, 201, 201])
        }
    }

    /// A migration the database refuses stops the start with what the database said and
    /// its SQLSTATE, not the driver's "generic description".
    @Test func aRefusedMigrationSaysWhatTheDatabaseSaid() async throws {
        let url = try Self.url(inSchema: Self.newSchema("missing"))
        let server = try ComponentFactory.of(ServerComponent.self).build(ServerConfiguration(port: 0, database: .postgres(url: url)))
        await #expect {
            try await server.run()
        } throws: { error in
            let description = DatabaseUnavailable.cause(of: error)?.description ?? "\(error)"
            return description == "cannot migrate the database: PostgreSQL: no schema has been selected to create in (SQLSTATE 3F000)"
        }
    }
}
#endif
