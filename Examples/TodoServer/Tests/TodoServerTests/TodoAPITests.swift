import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import TodoServerCore

/// Every route of the API, end to end over HTTP on loopback, against each database.
@Suite(.serialized) struct TodoAPITests {
    struct Created: Decodable { let id: Int; let name: String; let token: String }

    @Test(arguments: Backend.available)
    func aUserCreatesReadsUpdatesAndDeletesTodos(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let user = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#)
            #expect(user.status == .created)
            let created = try user.decoded(Created.self)
            #expect(created.name == "Ada")
            #expect(created.token.count >= 16)

            let todo = try await client.send(.post, "/todos", token: created.token, json: #"{"title": "write tests"}"#)
            #expect(todo.status == .created)
            let made = try todo.decoded(Todo.self)
            #expect(made.title == "write tests")
            #expect(made.done == false)

            let list = try await client.send(.get, "/todos", token: created.token)
            #expect(list.status == .ok)
            #expect(try list.decoded([Todo].self) == [made])

            let fetched = try await client.send(.get, "/todos/\(made.id)", token: created.token)
            #expect(try fetched.decoded(Todo.self) == made)

            let patched = try await client.send(.patch, "/todos/\(made.id)", token: created.token, json: #"{"done": true}"#)
            #expect(patched.status == .ok)
            #expect(try patched.decoded(Todo.self) == Todo(id: made.id, title: "write tests", done: true))

            let renamed = try await client.send(.patch, "/todos/\(made.id)", token: created.token, json: #"{"title": "ship"}"#)
            #expect(try renamed.decoded(Todo.self) == Todo(id: made.id, title: "ship", done: true))

            let deleted = try await client.send(.delete, "/todos/\(made.id)", token: created.token)
            #expect(deleted.status == .noContent)
            let gone = try await client.send(.get, "/todos/\(made.id)", token: created.token)
            #expect(gone.status == .notFound)
            #expect(gone.errorMessage == "no such todo")
        }
    }

    @Test(arguments: Backend.available)
    func listsArePagedAndOnlyTheCallersOwn(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let ada = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let bob = try await client.send(.post, "/users", json: #"{"name": "Bob"}"#).decoded(Created.self)
            var ids: [Int] = []
            for number in 1...5 {
                let todo = try await client.send(.post, "/todos", token: ada.token, json: #"{"title": "task \#(number)"}"#).decoded(Todo.self)
                ids.append(todo.id)
            }
            let page = try await client.send(.get, "/todos?limit=2&offset=2", token: ada.token).decoded([Todo].self)
            #expect(page.map(\.id) == Array(ids[2..<4]))
            #expect(page.map(\.title) == ["task 3", "task 4"])

            // Bob sees none of Ada's todos, and cannot read, change or delete them.
            #expect(try await client.send(.get, "/todos", token: bob.token).decoded([Todo].self) == [])
            #expect(try await client.send(.get, "/todos/\(ids[0])", token: bob.token).status == .notFound)
            #expect(try await client.send(.patch, "/todos/\(ids[0])", token: bob.token, json: #"{"done": true}"#).status == .notFound)
            #expect(try await client.send(.delete, "/todos/\(ids[0])", token: bob.token).status == .notFound)
            #expect(try await client.send(.get, "/todos/\(ids[0])", token: ada.token).decoded(Todo.self).done == false)
        }
    }

    @Test(arguments: Backend.available)
    func badInputIsAClearErrorAndWritesNothing(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let ada = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let cases: [(method: HTTPRequest.Method, uri: String, token: String?, body: String?, status: HTTPResponse.Status)] = [
                (.post, "/users", nil, #"{"name": "#, .badRequest),                      // malformed JSON
                (.post, "/users", nil, #"{}"#, .badRequest),                              // missing field
                (.post, "/users", nil, #"{"name": 42}"#, .badRequest),                    // wrong type
                (.post, "/users", nil, #"{"name": "   "}"#, .badRequest),                 // empty name
                (.post, "/todos", ada.token, #"{"title": true}"#, .badRequest),           // wrong type
                (.post, "/todos", ada.token, "{\"title\": \"\(String(repeating: "x", count: 70_000))\"}", .contentTooLarge),
                (.post, "/todos", nil, #"{"title": "x"}"#, .unauthorized),                // no token
                (.post, "/todos", "not-a-token", #"{"title": "x"}"#, .unauthorized),      // bad token
                (.get, "/todos", "", nil, .unauthorized),                                 // empty token
                (.get, "/todos?limit=abc", ada.token, nil, .badRequest),                  // bad paging
                (.get, "/todos?limit=1000", ada.token, nil, .badRequest),
                (.get, "/todos/999999", ada.token, nil, .notFound),                       // unknown id
                (.get, "/todos/abc", ada.token, nil, .notFound),
                (.patch, "/todos/999999", ada.token, #"{"done": true}"#, .notFound),
                (.delete, "/todos/999999", ada.token, nil, .notFound),
            ]
            for item in cases {
                let response = try await client.send(item.method, item.uri, token: item.token, json: item.body)
                #expect(response.status == item.status, "\(item.method) \(item.uri)")
                #expect(response.errorMessage?.isEmpty == false, "\(item.method) \(item.uri) answers {\"error\": …}")
            }
            // The server keeps serving, and nothing was written.
            #expect(try await client.send(.get, "/health").status == .ok)
            #expect(try await client.send(.get, "/todos", token: ada.token).decoded([Todo].self) == [])
        }
    }

    @Test func everyRequestLogsWithItsOwnRequestID() async throws {
        try await withLiveServer(Backend.sqlite.configuration()) { client in
            let first = try await client.send(.get, "/health").decoded(HealthStatus.self)
            let second = try await client.send(.get, "/health").decoded(HealthStatus.self)
            #expect(first.status == "ok")
            #expect(first.requestID != second.requestID)
            let ids = Set(LogRecords.shared.all.filter { $0.message == "health checked" }.compactMap { $0.metadata["hb.request.id"] })
            #expect(ids.isSuperset(of: [first.requestID, second.requestID]))
        }
    }
}

