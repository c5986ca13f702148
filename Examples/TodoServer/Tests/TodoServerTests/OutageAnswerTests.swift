import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TodoServerCore

/// What a `503` tells the client: when to try again (the server's database wait), and what
/// became of its request: a read that did not run, a write that was not made, or a commit
/// whose outcome is unknown because the connection went before the database confirmed it.
@Suite struct OutageAnswerTests {
    /// A router whose routes fail as the database can.
    static func router(databaseWait: Duration) -> Router<TodoRequestContext> {
        let router = Router(context: TodoRequestContext.self)
        HTTPModule.middleware(configuration: ServerConfiguration(port: 0, database: .sqlite(path: "/tmp/unused.sqlite"), databaseWait: databaseWait)).add(router)
        router.get("/todos") { _, _ -> String in throw DatabaseOutage("no connection within 2.5 seconds") }
        router.post("/todos") { _, _ -> String in throw DatabaseOutage("no connection within 2.5 seconds") }
        router.post("/todos/import") { _, _ -> String in
            throw CommitOutcomeUnknown(outage: DatabaseOutage("the PostgreSQL connection failed (connectionClosed)"))
        }
        return router
    }

    @Test func aReadAWriteAndALostCommitEachSayWhatBecameOfThem() async throws {
        let application = Application(router: Self.router(databaseWait: .milliseconds(2_500)))
        try await application.test(.router) { client in
            let read = try await client.execute(uri: "/todos", method: .get)
            #expect(read.status == .serviceUnavailable)
            #expect(read.headers[.retryAfter] == "3")
            #expect(String(buffer: read.body) == #"{"error":"the database is unavailable; try again"}"#)

            let write = try await client.execute(uri: "/todos", method: .post)
            #expect(write.headers[.retryAfter] == "3")
            #expect(String(buffer: write.body) == #"{"error":"the database is unavailable; nothing was written, try again"}"#)

            let commit = try await client.execute(uri: "/todos/import", method: .post)
            #expect(commit.status == .serviceUnavailable)
            #expect(String(buffer: commit.body).contains("the outcome is unknown: check before trying again, or send an Idempotency-Key"))
            let keyed = try await client.execute(uri: "/todos/import", method: .post, headers: [HTTPField.Name("Idempotency-Key")!: "k"])
            #expect(String(buffer: keyed.body).contains("the outcome is unknown: retry with the same Idempotency-Key"))
        }
    }

    @Test func retryAfterIsTheDatabaseWaitRoundedUp() {
        #expect(JSONErrorMiddleware.retryAfter(waiting: .seconds(5)) == 5)
        #expect(JSONErrorMiddleware.retryAfter(waiting: .milliseconds(2_500)) == 3)
        #expect(JSONErrorMiddleware.retryAfter(waiting: .milliseconds(100)) == 1)
    }
}
