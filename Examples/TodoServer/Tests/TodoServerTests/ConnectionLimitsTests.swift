import Cleanse
import Foundation
import ServiceLifecycle
import Synchronization
import Testing
@testable import TodoServerCore

/// Slow and vanished clients cannot hold the server: connections that send nothing are
/// closed, and a graceful shutdown ends within its bound whatever the clients do.
@Suite(.serialized) struct ConnectionLimitsTests {
    /// A server that gives a client one second to send a request, and ten of silence.
    static var oneSecondRequestTimeout: ServerConfiguration {
        var configuration = Backend.sqlite.configuration()
        configuration.idleTimeout = .seconds(10)
        configuration.requestTimeout = .seconds(1)
        return configuration
    }

    @Test func aClientSendingHalfARequestHeadIsDisconnected() async throws {
        var configuration = Backend.sqlite.configuration()
        configuration.idleTimeout = .milliseconds(500)
        _ = try await withRunningServer(configuration) { port in
            let slow = try #require(RawConnection(port: port))
            #expect(slow.send("GET /health HTTP/1.1\r\nHost: loc"))
            #expect(slow.closedByServer(within: 5))
        }
    }

    /// A client sending its head a byte every 100 ms never trips the idle timeout; the
    /// request timeout closes it (silently: until the head is whole, the server cannot tell
    /// a slow client from an idle one).
    @Test func aClientDribblingItsHeadIsClosedAtTheRequestTimeout() async throws {
        _ = try await withRunningServer(Self.oneSecondRequestTimeout) { port in
            let slow = try #require(RawConnection(port: port))
            let head = "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: \(String(repeating: "a", count: 60))\r\n\r\n"
            let closed = try #require(slow.dribble(head, every: 0.1))
            #expect(closed.seconds > 0.8 && closed.seconds < 3, "closed after \(closed.seconds) s")
            #expect(closed.answer.isEmpty)
        }
    }

    /// A client whose head came whole but whose body dribbles is told `408 Request Timeout`
    /// before the connection closes, and nothing else: the handler that was waiting for the
    /// body answers nobody.
    @Test func aClientDribblingItsBodyIsAnswered408AndClosedAtTheRequestTimeout() async throws {
        _ = try await withRunningServer(Self.oneSecondRequestTimeout) { port in
            let slow = try #require(RawConnection(port: port))
            let body = "{\"name\": \"\(String(repeating: "b", count: 60))\"}"
            #expect(slow.send("POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"))
            let closed = try #require(slow.dribble(body, every: 0.1))
            #expect(closed.seconds > 0.8 && closed.seconds < 3, "closed after \(closed.seconds) s")
            #expect(closed.answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "answered \(closed.answer)")
            #expect(closed.answer.lowercased().contains("connection: close"))
            #expect(closed.answer.components(separatedBy: "HTTP/1.1").count == 2, "one response only: \(closed.answer)")
        }
    }

    /// The clock runs only while the server waits for a request: a keep-alive connection
    /// whose requests come promptly is served for longer than the timeout, then closed once
    /// it has sent nothing for the timeout.
    @Test func aKeepAliveConnectionIsServedPastTheRequestTimeout() async throws {
        _ = try await withRunningServer(Self.oneSecondRequestTimeout) { port in
            let client = try #require(RawConnection(port: port))
            for _ in 0..<4 {
                #expect(client.exchange("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n") == 200)
                try await Task.sleep(for: .milliseconds(500))
            }
            #expect(client.closedByServer(within: 3))
        }
    }

    /// A client that gave up on a request the database never answers (a driver that does
    /// not honour the wait): the shutdown waits its second of grace, then cancels it.
    @Test func shutdownEndsWithinItsBoundWhileARequestWaitsOnTheDatabase() async throws {
        var configuration = Backend.sqlite.configuration()
        configuration.shutdownTimeout = .seconds(1)
        let shutdown = try await withRunningServer(configuration, unansweringDatabase: true) { port in
            let gaveUp = try #require(RawConnection(port: port))
            #expect(gaveUp.send("POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"name\": \"Ann\"}"))
            try await Task.sleep(for: .milliseconds(300))
        }
        #expect(shutdown < .seconds(4))
    }

    /// A client still waiting for the database when the shutdown's grace runs out (a
    /// database wait longer than the shutdown's) is answered, not dropped.
    @Test func aRequestStillWaitingWhenTheShutdownEndsIsAnswered503WithConnectionClose() async throws {
        var configuration = Backend.sqlite.configuration()
        configuration.shutdownTimeout = .seconds(1)
        configuration.databaseWait = .seconds(30)
        let answer = Mutex<[UInt8]?>(nil)
        let read = DispatchGroup()
        let shutdown = try await withRunningServer(configuration, stalledPool: true) { port in
            DispatchQueue.global().async(group: read) {
                guard let waiting = RawConnection(port: port),
                      waiting.send("POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"name\": \"Ann\"}")
                else { return }
                let bytes = waiting.readToEnd(within: 10)
                answer.withLock { $0 = bytes }
            }
            try await Task.sleep(for: .milliseconds(300))
        }
        #expect(shutdown < .seconds(4))
        await withCheckedContinuation { done in read.notify(queue: .global()) { done.resume() } }
        let text = answer.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.hasPrefix("HTTP/1.1 503"), "answered: \(text)")
        #expect(text.lowercased().contains("connection: close"))
        #expect(text.contains(#"{"error":"the server is shutting down; try again"}"#))
    }

    #if PostgreSQL
    /// A connection slow to come and then a database that never answers: the request gets
    /// its 503 within one database wait, not one for the connection and one for the
    /// statement.
    @Test func aSilentDatabaseIsA503WithinOneWaitWhateverTheConnectionTook() async throws {
        let database = try #require(SilentPostgres(handshakeDelay: .milliseconds(700)))
        defer { database.stop() }
        var configuration = ServerConfiguration(port: 0, database: .postgres(url: "postgres://todo:todo@127.0.0.1:\(database.port)/todo?sslmode=disable"))
        configuration.databaseWait = .seconds(1)
        configuration.shutdownTimeout = .seconds(1)
        _ = try await withRunningServer(configuration) { port in
            database.silent.store(true, ordering: .relaxed)
            let clock = ContinuousClock()
            let started = clock.now
            let answer = await withCheckedContinuation { answered in
                DispatchQueue.global().async {
                    answered.resume(returning: RawConnection.request(port: port, "GET", "/todos", token: "any", json: ""))
                }
            }
            let waited = clock.now - started
            #expect(answer?.status == 503)
            #expect(waited < .milliseconds(1_350), "answered after \(waited)")
        }
    }
    #endif

    @Test func aClientWhoseBodyNeverArrivesDoesNotHoldTheShutdown() async throws {
        var configuration = Backend.sqlite.configuration()
        configuration.idleTimeout = .seconds(120)
        configuration.shutdownTimeout = .seconds(1)
        let shutdown = try await withRunningServer(configuration) { port in
            let stuck = try #require(RawConnection(port: port))
            #expect(stuck.send("POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"na"))
            try await Task.sleep(for: .milliseconds(300))
        }
        #expect(shutdown < .seconds(4))
    }
}

/// A database that opens, then never answers a transaction (until cancelled).
struct UnansweringStore: TodoStore {
    func migrate() async throws {}
    func close() async throws {}
    func beginTransaction(timeout: Duration) async throws -> any TodoTransaction {
        try await Task.sleep(for: .seconds(3_600))
        throw DatabaseOutage("never answered")
    }
}

/// A database whose pool never lends a connection (PostgreSQL down): a transaction waits
/// for one as the real store does, within the request's database wait.
struct StalledPoolStore: TodoStore {
    func migrate() async throws {}
    func close() async throws {}
    func beginTransaction(timeout: Duration) async throws -> any TodoTransaction {
        _ = try await HandOver<Int>().value(timeout: timeout) { DatabaseOutage("no connection within \(timeout)") }
        throw DatabaseOutage("never lent")
    }
}

/// Binds `StalledPoolStore` in place of the real database.
struct StalledPoolModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any TodoStore).self).sharedInScope().to { StalledPoolStore() as any TodoStore }
    }
}

/// Binds `UnansweringStore` in place of the real database.
struct UnansweringDatabaseModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any TodoStore).self).sharedInScope().to { UnansweringStore() as any TodoStore }
    }
}
