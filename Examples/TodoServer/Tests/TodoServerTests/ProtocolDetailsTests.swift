import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TodoServerCore

/// Details of HTTP and of text that a client meets whatever the database.
@Suite(.serialized) struct ProtocolDetailsTests {
    struct Created: Decodable { let id: Int; let name: String; let token: String }

    /// HTTP authentication schemes are case-insensitive: `bearer`, `BEARER` and `Bearer`
    /// are one scheme; another scheme, or no token, is a 401.
    @Test(arguments: Backend.available)
    func theBearerSchemeIsMatchedWithoutRegardToCase(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let user = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            for scheme in ["bearer", "BEARER", "Bearer", "bEaReR"] {
                let response = try await client.execute(uri: "/todos", method: .get, headers: [.authorization: "\(scheme) \(user.token)"])
                #expect(response.status == .ok, "scheme \(scheme)")
            }
            for header in ["Basic \(user.token)", "Bearer", "Bearer ", user.token] {
                let response = try await client.execute(uri: "/todos", method: .get, headers: [.authorization: header])
                #expect(response.status == .unauthorized, "header \(header)")
            }
        }
    }

    /// A NUL (or any control character but tab and newlines) in a title or a name is a
    /// 400 on every database, never stored cut short nor a 500.
    @Test(arguments: Backend.available)
    func controlCharactersInTextAreRefused(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let user = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let nul = try await client.send(.post, "/todos", token: user.token, json: #"{"title": "before\u0000after"}"#)
            #expect(nul.status == .badRequest)
            #expect(nul.errorMessage == "'title' must not contain control characters")
            let bell = try await client.send(.post, "/users", json: #"{"name": "Ada\u0007"}"#)
            #expect(bell.status == .badRequest)
            let multiline = try await client.send(.post, "/todos", token: user.token, json: #"{"title": "line one\nline two"}"#)
            #expect(multiline.status == .created)
            #expect(try multiline.decoded(Todo.self).title == "line one\nline two")
            let list = try await client.send(.get, "/todos", token: user.token).decoded([Todo].self)
            #expect(list.map(\.title) == ["line one\nline two"])
        }
    }

    /// HTTP/1.0 closes the connection after each response unless the client asks to keep
    /// it (RFC 9112 §9.3): the answer says `Connection: close` and the connection ends.
    @Test func anHTTP10RequestWithoutKeepAliveIsAnsweredWithConnectionCloseAndTheConnectionCloses() async throws {
        var configuration = Backend.sqlite.configuration()
        configuration.idleTimeout = .seconds(60)
        _ = try await withRunningServer(configuration) { port in
            let connection = try #require(RawConnection(port: port))
            #expect(connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n"))
            let answer = try #require(connection.readToEnd(within: 5), "the connection stayed open")
            let text = String(decoding: answer, as: UTF8.self)
            #expect(text.contains(" 200 "))
            #expect(text.lowercased().contains("connection: close"))

            // Asked to keep it alive, it says so (an HTTP/1.0 client takes an answer without
            // `Connection: keep-alive` as closing) and stays open for the next request.
            let request = "GET /health HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n"
            let kept = try #require(await offThePool { () -> (first: String, closed: Bool, second: Int?)? in
                guard let kept = RawConnection(port: port), kept.send(request) else { return nil }
                let first = kept.received(within: 1)
                return (first.text, first.closed, kept.exchange(request))
            })
            #expect(!kept.closed, "a keep-alive connection was closed")
            #expect(kept.first.contains(" 200 ") && kept.first.lowercased().contains("connection: keep-alive"), "answered \(kept.first)")
            #expect(kept.second == 200)
        }
    }
}
