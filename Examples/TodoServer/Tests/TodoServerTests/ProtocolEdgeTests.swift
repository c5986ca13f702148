import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import TodoServerCore

/// What HTTP says a server answers at the edges of the protocol, and the one shape of every
/// `400`: broken framing, `Expect`, and bodies that do not decode, route by route.
@Suite(.serialized) struct ProtocolEdgeTests {
    struct Created: Decodable { let id: Int; let name: String; let token: String }

    /// A chunked body whose chunk size is not hexadecimal is the client's error: `400` with
    /// the API's error body, the connection closed, and nothing logged as an error.
    @Test func aChunkSizeThatIsNotHexadecimalIsA400AndClosesTheConnection() async throws {
        let server = "chunked-\(UUID().uuidString)"
        try await LogRecords.$server.withValue(server) {
            _ = try await withRunningServer(Backend.sqlite.configuration()) { port in
                let answer = await offThePool { () -> [UInt8]? in
                    guard let connection = RawConnection(port: port) else { return nil }
                    let request = "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{\"name\": \"Ada\"}\r\n0\r\n\r\n"
                    guard connection.send(request) else { return nil }
                    return connection.readToEnd(within: 5)
                }
                let text = String(decoding: try #require(answer, "the connection stayed open"), as: UTF8.self)
                #expect(text.hasPrefix("HTTP/1.1 400 "), "answered \(text)")
                #expect(text.lowercased().contains("connection: close"))
                #expect(text.hasSuffix(APIError.jsonBody("malformed request: the body's HTTP framing is broken")), "answered \(text)")
            }
        }
        #expect(LogRecords.shared.lines(of: server, atLeast: .error).map(\.message) == [])
    }

    /// `Expect: 100-continue` is answered `100 Continue` before the body is sent; the
    /// request then gets its answer as any other.
    @Test func aClientThatExpects100ContinueGetsItBeforeItSendsTheBody() async throws {
        _ = try await withRunningServer(Backend.sqlite.configuration()) { port in
            let body = #"{"name": "Ada"}"#
            let answers = await offThePool { () -> (interim: String, final: String)? in
                guard let connection = RawConnection(port: port) else { return nil }
                let head = "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                guard connection.send(head) else { return nil }
                let interim = connection.received(within: 2).text
                guard connection.send(body) else { return nil }
                return (interim, connection.received(within: 2).text)
            }
            let exchanged = try #require(answers)
            #expect(exchanged.interim == "HTTP/1.1 100 Continue\r\n\r\n", "before the body: \(exchanged.interim)")
            #expect(exchanged.final.hasPrefix("HTTP/1.1 201 "), "after the body: \(exchanged.final)")
        }
    }

    /// A declared body over the limit is refused before it is sent (`413`), and an
    /// expectation the server cannot meet gets `417`; both end the connection (the server
    /// stops sending at once).
    @Test func anExpectationTheServerWillNotMeetIsRefusedBeforeTheBody() async throws {
        _ = try await withRunningServer(Backend.sqlite.configuration()) { port in
            for (expect, length, status, message) in [
                ("100-continue", 100 * 1024 * 1024, " 413 ", "request body over 64 KiB"),
                ("something-else", 2, " 417 ", "this server meets no expectation but 100-continue, not 'something-else'"),
            ] {
                let answer = await offThePool { () -> [UInt8]? in
                    guard let connection = RawConnection(port: port) else { return nil }
                    let head = "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Expect: \(expect)\r\nContent-Length: \(length)\r\n\r\n"
                    guard connection.send(head) else { return nil }
                    return connection.readToEnd(within: 2)
                }
                let text = String(decoding: try #require(answer, "\(expect): no answer and close within 2 s"), as: UTF8.self)
                #expect(text.hasPrefix("HTTP/1.1") && text.contains(status), "\(expect): answered \(text)")
                #expect(text.lowercased().contains("connection: close"))
                #expect(text.hasSuffix(APIError.jsonBody(message)), "\(expect): answered \(text)")
            }
        }
    }

    /// A request expecting `100-continue` behind one not yet answered gets its interim answer
    /// after that one's response, never inside it nor before it.
    @Test func aPipelinedExpectationIsAnsweredAfterTheResponseBeforeIt() async throws {
        _ = try await withRunningServer(Backend.sqlite.configuration()) { port in
            let body = #"{"name": "Ada"}"#
            let answers = await offThePool { () -> (beforeBody: String, afterBody: String)? in
                guard let connection = RawConnection(port: port) else { return nil }
                let pipelined = "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    + "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                guard connection.send(pipelined) else { return nil }
                let beforeBody = connection.received(within: 2).text
                guard connection.send(body) else { return nil }
                return (beforeBody, connection.received(within: 2).text)
            }
            let exchanged = try #require(answers)
            let interim = "HTTP/1.1 100 Continue\r\n\r\n"
            #expect(exchanged.beforeBody.hasPrefix("HTTP/1.1 200 ") && exchanged.beforeBody.hasSuffix("}" + interim),
                    "before the body: \(exchanged.beforeBody)")
            #expect(exchanged.beforeBody.components(separatedBy: "HTTP/1.1 ").count == 3, "two answers: \(exchanged.beforeBody)")
            #expect(exchanged.afterBody.hasPrefix("HTTP/1.1 201 "), "after the body: \(exchanged.afterBody)")
        }
    }

    /// Every route that takes a body says what is wrong with it in the same words: a body
    /// that is not JSON, a field of the wrong type, a missing field.
    @Test(arguments: Backend.available)
    func everyRouteDescribesABadBodyInTheSameWords(backend: Backend) async throws {
        try await withLiveServer(backend.configuration()) { client in
            let user = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#).decoded(Created.self)
            let todo = try await client.send(.post, "/todos", token: user.token, json: #"{"title": "one"}"#).decoded(Todo.self)
            let routes: [(HTTPRequest.Method, String, wrongType: String, field: String, missing: String?)] = [
                (.post, "/users", #"{"name": 42}"#, "name", "name"),
                (.post, "/todos", #"{"title": true}"#, "title", "title"),
                (.post, "/todos/import", #"{"titles": ["one", 2]}"#, "titles.1", "titles"),
                (.patch, "/todos/\(todo.id)", #"{"done": "yes"}"#, "done", nil),
            ]
            for (method, path, wrongType, field, missing) in routes {
                let malformed = try await client.send(method, path, token: user.token, json: #"{"name": "#)
                #expect(malformed.status == .badRequest && malformed.errorMessage == "malformed JSON", "\(method) \(path)")
                let mistyped = try await client.send(method, path, token: user.token, json: wrongType)
                #expect(mistyped.status == .badRequest, "\(method) \(path)")
                #expect(mistyped.errorMessage == "wrong type for '\(field)'", "\(method) \(path)")
                if let missing {
                    let empty = try await client.send(method, path, token: user.token, json: "{}")
                    #expect(empty.status == .badRequest && empty.errorMessage == "missing field '\(missing)'", "\(method) \(path)")
                }
                let notAnObject = try await client.send(method, path, token: user.token, json: "[]")
                #expect(notAnObject.errorMessage == "the body must be a JSON object", "\(method) \(path)")
            }
        }
    }
}
