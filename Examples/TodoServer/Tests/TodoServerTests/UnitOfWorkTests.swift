import Foundation
import HummingbirdTesting
import Testing
import TodoServerCore

/// The request scope's unit of work is the database transaction: begun at the first query,
/// shared by every repository of the request, committed before a success is sent, rolled
/// back when the handler fails.
@Suite(.serialized) struct UnitOfWorkTests {
    struct Created: Decodable { let id: Int; let name: String; let token: String }

    /// The log lines of the request that logged a line with `message` on the server named
    /// `server` (tests beside this one run servers whose fresh databases number users and
    /// todos alike: "user 1 created todo 1" is not this test's alone).
    static func requestLog(containing message: String, on server: String) throws -> [LogRecords.Record] {
        let records = LogRecords.shared.all.filter { $0.server == server }
        let id = try #require(records.first { $0.message == message }?.metadata["hb.request.id"])
        return records.filter { $0.metadata["hb.request.id"] == id }
    }

    @Test(arguments: Backend.available)
    func theRepositoriesOfOneRequestShareOneTransaction(backend: Backend) async throws {
        let server = "unit-of-work-\(backend)"
        try await LogRecords.$server.withValue(server) {
            try await withLiveServer(backend.configuration()) { client in
                let user = try await client.send(.post, "/users", json: #"{"name": "Ann"}"#).decoded(Created.self)
                let response = try await client.send(.post, "/todos", token: user.token, json: #"{"title": "shared"}"#)
                #expect(response.status == .created)
                let todo = try response.decoded(Todo.self)
                // The authenticator's read (users) and the insert (todos) ran in one transaction.
                let log = try Self.requestLog(containing: "user \(user.id) created todo \(todo.id)", on: server)
                #expect(log.filter { $0.message == "transaction began" }.count == 1)
                let committed = log.filter { $0.message == "transaction committed" }
                #expect(committed.count == 1)
                #expect(committed.first?.metadata["db.statements"] == "2")
                #expect(log.contains { $0.message == "database: user(token:)" })
                #expect(log.contains { $0.message == "database: createTodo" })
            }
        }
    }

    @Test(arguments: Backend.available)
    func aHandlerThatFailsAfterWritingWritesNothing(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let user = try await client.send(.post, "/users", json: #"{"name": "Ben"}"#).decoded(Created.self)
            // Two todos are inserted before the third title is found empty.
            let failed = try await client.send(.post, "/todos/import", token: user.token, json: #"{"titles": ["one", "two", "  "]}"#)
            #expect(failed.status == .badRequest)
            #expect(failed.errorMessage == "todo 2: 'title' must be 1 to 500 characters; nothing was imported")
            let afterFailure = try await client.send(.get, "/todos", token: user.token).decoded([Todo].self)
            #expect(afterFailure.isEmpty)

            let imported = try await client.send(.post, "/todos/import", token: user.token, json: #"{"titles": ["one", "two"]}"#)
            #expect(imported.status == .created)
            let listed = try await client.send(.get, "/todos", token: user.token).decoded([Todo].self)
            #expect(listed.map(\.title) == ["one", "two"])
        }
        let rolledBack = LogRecords.shared.all.filter { $0.message == "transaction rolled back" }
        #expect(rolledBack.contains { $0.metadata["db.statements"] == "3" })
    }

    @Test func aRequestThatNeverTouchesTheDatabaseBeginsNoTransaction() async throws {
        try await withLiveServer(Backend.sqlite.configuration()) { client in
            let response = try await client.send(.get, "/health")
            let status = try response.decoded(HealthStatus.self)
            let log = LogRecords.shared.all.filter { $0.metadata["hb.request.id"] == status.requestID }
            #expect(log.contains { $0.message == "health checked" })
            #expect(!log.contains { $0.message.hasPrefix("transaction") })
        }
    }
}
