import Foundation
import Testing
@testable import TodoServerCore

/// A client that sends a request's head and part of its body, then stops, holds nothing but
/// its own connection: every handler reads its body before its first database statement, so
/// no transaction (on SQLite, the only connection; on PostgreSQL, one of the pool's) waits
/// for a client. Anyone can do this (`POST /users` hands out tokens).
@Suite(.serialized) struct StalledBodyTests {
    /// More stalled clients than PostgreSQL's pool has connections (20), and than SQLite's one.
    static let stalledClients = 21

    /// A new user's token, made over a raw connection.
    static func newUser(port: Int, name: String) async throws -> String {
        let answer = try #require(await RawConnection.requestOffThePool(port: port, "POST", "/users", token: "", json: #"{"name": "\#(name)"}"#))
        #expect(answer.status == 201)
        return try JSONDecoder().decode(User.self, from: answer.body).token
    }

    @Test(arguments: Backend.available)
    func stalledBodiesLeaveTheDatabaseToOtherUsers(backend: Backend) async throws {
        var configuration = backend.configuration()
        // A request that needs the database gives up (503) after this long; the stalled
        // bodies outlast it by far (the request timeout is 30 s).
        configuration.databaseWait = .seconds(2)
        let server = "stalled-\(backend)-\(UUID().uuidString)"
        try await LogRecords.$server.withValue(server) {
            _ = try await withRunningServer(configuration) { port in
                let staller = try await Self.newUser(port: port, name: "Stalling")
                let declared = #"{"title": "never finished"}"#
                var stalled: [RawConnection] = []
                for (index, path) in Array(repeating: ["/todos", "/todos/import", "/todos/1"], count: 7).joined().prefix(Self.stalledClients).enumerated() {
                    let connection = try #require(RawConnection(port: port))
                    let method = path == "/todos/1" ? "PATCH" : "POST"
                    #expect(connection.send(
                        "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(staller)\r\n"
                            + "Content-Type: application/json\r\nContent-Length: \(declared.utf8.count)\r\n\r\n{\"ti"
                    ), "client \(index)")
                    stalled.append(connection)
                }
                // Let every stalled handler start and wait for the rest of its body.
                try await Task.sleep(for: .milliseconds(500))
                let other = try await Self.newUser(port: port, name: "Other")
                let created = await RawConnection.requestOffThePool(port: port, "POST", "/todos", token: other, json: #"{"title": "served meanwhile"}"#)
                #expect(created?.status == 201, "answered \(created.map { String(decoding: $0.body, as: UTF8.self) } ?? "nothing")")
                let imported = await RawConnection.requestOffThePool(port: port, "POST", "/todos/import", token: other, json: #"{"titles": ["one", "two"]}"#)
                #expect(imported?.status == 201)
                let listed = await RawConnection.requestOffThePool(port: port, "GET", "/todos", token: other, json: "")
                #expect(listed?.status == 200)
                // The stalled clients give up, so the shutdown has no request waiting for a body.
                stalled.removeAll()
            }
        }
        // A body the client never finished is the client's doing: nothing at error level.
        #expect(LogRecords.shared.lines(of: server, atLeast: .error).map(\.message) == [])
    }
}
