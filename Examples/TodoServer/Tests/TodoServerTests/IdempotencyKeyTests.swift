import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoServerCore

/// `POST /todos` with an `Idempotency-Key`: a retry answers what the first request
/// answered and writes nothing, per user, for both databases. (Their servers log to the
/// console, not to the records `UnitOfWorkTests` reads: their requests make more
/// statements, and suites run side by side with ids that repeat from one database to the
/// next.)
@Suite(.serialized) struct IdempotencyKeyTests {
    struct Created: Decodable { let id: Int; let name: String; let token: String }

    static func post(_ client: some TestClientProtocol, token: String, key: String?, json: String) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
        return try await client.execute(uri: "/todos", method: .post, headers: headers, body: ByteBuffer(string: json))
    }

    @Test(arguments: Backend.available)
    func aRetryWithTheSameKeyReturnsTheFirstOutcomeAndWritesOnce(backend: Backend) async throws {
        try await withLiveServer(backend.configuration(), overrides: false) { client in
            let ada = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let first = try await Self.post(client, token: ada.token, key: "order-7", json: #"{"title": "pay rent"}"#)
            #expect(first.status == .created)
            #expect(first.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
            let retry = try await Self.post(client, token: ada.token, key: "order-7", json: #"{"title": "pay rent"}"#)
            #expect(retry.status == .created)
            #expect(retry.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try retry.decoded(Todo.self) == first.decoded(Todo.self))
            // The same body written another way (spacing, an escape) is the same request.
            let respelled = try await Self.post(client, token: ada.token, key: "order-7", json: "{ \"title\" :\n  \"pay \\u0072ent\" }")
            #expect(respelled.status == .created)
            #expect(respelled.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await client.send(.get, "/todos", token: ada.token).decoded([Todo].self).count == 1)

            // Another key writes again; the same key with another body is refused.
            #expect(try await Self.post(client, token: ada.token, key: "order-8", json: #"{"title": "pay rent"}"#).status == .created)
            let reused = try await Self.post(client, token: ada.token, key: "order-7", json: #"{"title": "buy milk"}"#)
            #expect(reused.status == .unprocessableContent)
            #expect(reused.errorMessage == "this Idempotency-Key was used with another request body")
            #expect(try await client.send(.get, "/todos", token: ada.token).decoded([Todo].self).map(\.title) == ["pay rent", "pay rent"])
        }
    }

    @Test(arguments: Backend.available)
    func keysBelongToTheirUser(backend: Backend) async throws {
        try await withLiveServer(backend.configuration(), overrides: false) { client in
            let ada = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let bob = try await client.send(.post, "/users", json: #"{"name": "Bob"}"#).decoded(Created.self)
            let adas = try await Self.post(client, token: ada.token, key: "k1", json: #"{"title": "a"}"#).decoded(Todo.self)
            let bobs = try await Self.post(client, token: bob.token, key: "k1", json: #"{"title": "a"}"#)
            #expect(bobs.status == .created)
            #expect(bobs.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
            #expect(try bobs.decoded(Todo.self).id != adas.id)
        }
    }

    @Test func aFailedWriteKeepsNothingSoItsRetryWrites() async throws {
        try await withLiveServer(Backend.sqlite.configuration(), overrides: false) { client in
            let ada = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let bad = try await Self.post(client, token: ada.token, key: "k2", json: #"{"title": "   "}"#)
            #expect(bad.status == .badRequest)
            let good = try await Self.post(client, token: ada.token, key: "k2", json: #"{"title": "   "}"#)
            #expect(good.status == .badRequest, "the same request fails the same way: nothing was kept")
            let bodyFixed = try await Self.post(client, token: ada.token, key: "k2", json: #"{"title": "fixed"}"#)
            #expect(bodyFixed.status == .created)
        }
    }

    @Test func aMalformedKeyIsABadRequest() async throws {
        try await withLiveServer(Backend.sqlite.configuration(), overrides: false) { client in
            let ada = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let long = try await Self.post(client, token: ada.token, key: String(repeating: "k", count: 256), json: #"{"title": "x"}"#)
            #expect(long.status == .badRequest)
            #expect(try await client.send(.get, "/todos", token: ada.token).decoded([Todo].self) == [])
        }
    }

    /// Two servers on one PostgreSQL, each with its own claims and pool as two processes
    /// have, and the same key sent to both at once: the database's unique key decides, so
    /// each key writes one todo; the other request is a `409` (retried, it would replay the
    /// outcome) or, when it came after the first committed, a replayed `201`.
    @Test(.enabled(if: Backend.available.contains(.postgres), "needs DATABASE_URL"))
    func oneKeyWritesOnceAcrossTwoServers() async throws {
        let configuration = Backend.postgres.configuration()
        _ = try await withRunningServer(configuration) { first in
            _ = try await withRunningServer(configuration) { second in
                let created = try #require(await RawConnection.requestOffThePool(port: first, "POST", "/users", token: "", json: #"{"name": "Twice"}"#))
                let token = try JSONDecoder().decode(Created.self, from: created.body).token
                let keys = (0..<30).map { "both-\($0)" }
                for key in keys {
                    async let viaFirst = RawConnection.requestOffThePool(
                        port: first, "POST", "/todos", token: token, json: #"{"title": "\#(key)"}"#, headers: ["Idempotency-Key": key]
                    )
                    async let viaSecond = RawConnection.requestOffThePool(
                        port: second, "POST", "/todos", token: token, json: #"{"title": "\#(key)"}"#, headers: ["Idempotency-Key": key]
                    )
                    let answers = await [viaFirst, viaSecond]
                    #expect(answers.allSatisfy { [201, 409].contains($0?.status) }, "\(key): \(answers.map { $0?.status })")
                }
                let listed = try #require(await RawConnection.requestOffThePool(port: second, "GET", "/todos?limit=100", token: token, json: ""))
                let titles = try JSONDecoder().decode([Todo].self, from: listed.body).map(\.title)
                #expect(titles.sorted() == keys.sorted(), "one todo per key")
            }
        }
    }
}
