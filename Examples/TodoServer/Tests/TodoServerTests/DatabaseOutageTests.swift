import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Synchronization
import Testing
import TodoServerCore

/// The PostgreSQL cluster the outage tests stop and start, named by
/// `TODO_SERVER_OUTAGE_CLUSTER` ("<version> <name>"): a cluster of their own, never the one
/// `DATABASE_URL` names, which the other tests use while these run.
struct OutageCluster {
    let version: String
    let name: String
    /// `DATABASE_URL`'s user, password and database, on this cluster's port.
    let databaseURL: String

    /// What `TODO_SERVER_OUTAGE_CLUSTER` says.
    static let named = ProcessInfo.processInfo.environment["TODO_SERVER_OUTAGE_CLUSTER"]?.split(separator: " ").map(String.init)

    /// Why the outage tests cannot stop the cluster they were given.
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    /// The named cluster, refused when it is missing or is the cluster `DATABASE_URL` uses:
    /// stopping that one would fail every other PostgreSQL test running beside these, as
    /// `swift test` runs suites in parallel whatever filter it is given.
    static func resolve() throws -> OutageCluster {
        let advice = "make one with Examples/TodoServer/Scripts/create-outage-cluster.sh <version> and set TODO_SERVER_OUTAGE_CLUSTER=\"<version> outage\""
        guard let named, named.count == 2 else {
            throw Refused(description: "TODO_SERVER_OUTAGE_CLUSTER must be \"<version> <name>\": \(advice)")
        }
        guard let port = PostgresCommands.clusterPort(version: named[0], name: named[1]) else {
            throw Refused(description: "no PostgreSQL cluster \(named.joined(separator: " ")): \(advice)")
        }
        guard var url = URLComponents(string: ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "") else {
            throw Refused(description: "DATABASE_URL is not a URL")
        }
        guard (url.port ?? 5432) != port else {
            throw Refused(description: "TODO_SERVER_OUTAGE_CLUSTER names the cluster DATABASE_URL uses (port \(port)); the outage tests stop their cluster, so they need one of their own: \(advice)")
        }
        url.port = port
        return OutageCluster(version: named[0], name: named[1], databaseURL: url.string ?? "")
    }

    /// Runs `pg_ctlcluster <version> <name> <action> [arguments]` and waits for it to exit.
    func control(_ action: String, _ arguments: String...) async throws {
        try await PostgresCommands.spawn(["/usr/bin/pg_ctlcluster", version, name, action] + arguments)
    }

    /// A server's configuration on this cluster.
    func configuration() -> ServerConfiguration {
        ServerConfiguration(port: 0, database: .postgres(url: databaseURL), logLevel: .debug)
    }
}

/// PostgreSQL stopped at once (`pg_ctlcluster … stop -m immediate`) under a write load,
/// then started again: every `201` the server sent is a row, requests meanwhile get a `503`
/// within the configured wait, and writes succeed again after the restart. These tests stop
/// their cluster, so they run only when `TODO_SERVER_OUTAGE_CLUSTER` names one of their own
/// (`OutageCluster`), as `.ci/run` does:
///
///     Examples/TodoServer/Scripts/create-outage-cluster.sh 15
///     TODO_SERVER_OUTAGE_CLUSTER="15 outage" DATABASE_URL=… swift test --traits PostgreSQL
@Suite(.serialized, .enabled(if: OutageCluster.named != nil && Backend.available.contains(.postgres)))
struct DatabaseOutageTests {

    struct Created: Decodable { let id: Int; let name: String; let token: String }

    /// Makes each COMMIT of a todo titled `slow commit…` take two seconds (a deferred
    /// trigger sleeps at COMMIT), so a test can act while a commit is under way.
    static func slowCommits(_ on: Bool, in cluster: OutageCluster) async throws {
        try await PostgresCommands.psql(on ? """
            CREATE OR REPLACE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(2); RETURN NULL; END $$;
            DROP TRIGGER IF EXISTS slow_commit ON todos;
            CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON todos DEFERRABLE INITIALLY DEFERRED
                FOR EACH ROW WHEN (NEW.title LIKE 'slow commit%') EXECUTE FUNCTION slow_commit();
            """ : "DROP TRIGGER IF EXISTS slow_commit ON todos;", url: cluster.databaseURL)
    }

    @Test func aCommitCutOffByTheOutageSaysItsOutcomeIsUnknownAndARetryWithItsKeyWritesOnce() async throws {
        try await OutageIsolation.alone {
            let cluster = try OutageCluster.resolve()
            var configuration = cluster.configuration()
            configuration.databaseWait = .seconds(5)
            configuration.shutdownTimeout = .seconds(2)
            _ = try await withRunningServer(configuration) { port in
                let created = try #require(await RawConnection.requestOffThePool(port: port, "POST", "/users", token: "", json: #"{"name": "Keys"}"#))
                let user = try JSONDecoder().decode(Created.self, from: created.body)
                func post(_ title: String, key: String) async -> (status: Int, body: Data)? {
                    await RawConnection.requestOffThePool(
                        port: port, "POST", "/todos", token: user.token, json: #"{"title": "\#(title)"}"#, headers: ["Idempotency-Key": key]
                    )
                }
                try await Self.slowCommits(true, in: cluster)
                do {
                    // While a keyed write commits, the same key is a 409; once it is answered, the
                    // retry gets its outcome.
                    let first = Task { await post("slow commit 1", key: "one") }
                    try await Task.sleep(for: .milliseconds(700))
                    let meanwhile = await post("slow commit 1", key: "one")
                    #expect(meanwhile?.status == 409)
                    let answered = await first.value
                    #expect(answered?.status == 201)
                    let replayed = await post("slow commit 1", key: "one")
                    #expect(replayed?.status == 201)
                    #expect(replayed?.body == answered?.body)

                    // PostgreSQL stopped during the COMMIT: the answer says the outcome is unknown.
                    let cut = Task { await post("slow commit 2", key: "two") }
                    try await Task.sleep(for: .milliseconds(700))
                    try await cluster.control("stop", "-m", "immediate")
                    let lost = await cut.value
                    #expect(lost?.status == 503)
                    let message = lost.flatMap { String(data: $0.body, encoding: .utf8) } ?? ""
                    #expect(message.contains("the outcome is unknown: retry with the same Idempotency-Key"), "\(message)")
                } catch {
                    try? await cluster.control("start")
                    try? await Self.slowCommits(false, in: cluster)
                    throw error
                }
                try await cluster.control("start")
                // The retry with the same key, once the database is back: one row, whatever the
                // cut-off COMMIT did.
                var retried: (status: Int, body: Data)?
                for _ in 0..<60 {
                    retried = await post("slow commit 2", key: "two")
                    if retried?.status == 201 { break }
                    try await Task.sleep(for: .milliseconds(500))
                }
                #expect(retried?.status == 201)
                let again = await post("slow commit 2", key: "two")
                #expect(again?.status == 201)
                #expect(again?.body == retried?.body)
                try await Self.slowCommits(false, in: cluster)
                let listed = try #require(await RawConnection.requestOffThePool(port: port, "GET", "/todos?limit=100", token: user.token, json: ""))
                let titles = try JSONDecoder().decode([Todo].self, from: listed.body).map(\.title)
                #expect(titles.filter { $0 == "slow commit 1" }.count == 1)
                #expect(titles.filter { $0 == "slow commit 2" }.count == 1)
            }
        }
    }

    /// What the writers saw, and whether they go on.
    final class Load: Sendable {
        struct Outcomes {
            var acknowledged: [Int] = []
            var statuses: [Int: Int] = [:]
        }

        let outcomes = Mutex(Outcomes())
        let writing = Atomic(true)
    }

    @Test func noAcknowledgedWriteIsLostAndTheOutageIsA503() async throws {
        try await OutageIsolation.alone {
            let cluster = try OutageCluster.resolve()
            var configuration = cluster.configuration()
            configuration.databaseWait = .seconds(1)
            configuration.shutdownTimeout = .seconds(2)
            let load = Load()
            let shutdown = try await withRunningServer(configuration) { port in
                let created = try #require(await RawConnection.requestOffThePool(port: port, "POST", "/users", token: "", json: #"{"name": "Load"}"#))
                let user = try JSONDecoder().decode(Created.self, from: created.body)
                // Eight writers on threads of their own, a connection per request.
                let writers = DispatchGroup()
                for writer in 0..<8 {
                    DispatchQueue.global().async(group: writers) {
                        var sequence = 0
                        while load.writing.load(ordering: .relaxed) {
                            sequence += 1
                            let answer = RawConnection.request(port: port, "POST", "/todos", token: user.token, json: #"{"title": "w\#(writer)-\#(sequence)"}"#)
                            let id = answer?.status == 201 ? try? JSONDecoder().decode(Todo.self, from: answer!.body).id : nil
                            load.outcomes.withLock { outcomes in
                                outcomes.statuses[answer?.status ?? 0, default: 0] += 1
                                if let id { outcomes.acknowledged.append(id) }
                            }
                        }
                    }
                }
                do {
                    try await Task.sleep(for: .milliseconds(1_500))
                    try await cluster.control("stop", "-m", "immediate")
                    // While it is down: a 503 with a clear body, within the wait (1 s) and a margin.
                    let clock = ContinuousClock()
                    let started = clock.now
                    let down = await RawConnection.requestOffThePool(port: port, "POST", "/todos", token: user.token, json: #"{"title": "while down"}"#)
                    #expect(down?.status == 503)
                    #expect(down.flatMap { String(data: $0.body, encoding: .utf8) } == #"{"error":"the database is unavailable; nothing was written, try again"}"#)
                    #expect(clock.now - started < .seconds(3))
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    load.writing.store(false, ordering: .relaxed)
                    try? await cluster.control("start")
                    throw error
                }
                try await cluster.control("start")
                // Writes succeed again once the pool has reconnected.
                var recovered = false
                for _ in 0..<60 where !recovered {
                    try await Task.sleep(for: .milliseconds(500))
                    recovered = await RawConnection.requestOffThePool(port: port, "GET", "/todos?limit=1", token: user.token, json: "")?.status == 200
                }
                #expect(recovered, "no request succeeded within 30 s of the restart")
                try await Task.sleep(for: .milliseconds(500))
                load.writing.store(false, ordering: .relaxed)
                await withCheckedContinuation { finished in
                    writers.notify(queue: .global()) { finished.resume() }
                }
                var stored = Set<Int>()
                var offset = 0
                while true {
                    let answer = try #require(await RawConnection.requestOffThePool(port: port, "GET", "/todos?limit=100&offset=\(offset)", token: user.token, json: ""))
                    let page = try JSONDecoder().decode([Todo].self, from: answer.body)
                    stored.formUnion(page.map(\.id))
                    if page.count < 100 { break }
                    offset += 100
                }
                let seen = load.outcomes.withLock { $0 }
                let lost = Set(seen.acknowledged).subtracting(stored)
                #expect(lost.isEmpty, "acknowledged but not stored after the restart: \(lost.sorted())")
                #expect(seen.statuses[201, default: 0] > 0)
                #expect(seen.statuses[503, default: 0] > 0)
                // Every request was answered (0: no answer within 20 s), none with a 500.
                #expect(seen.statuses[0] == nil && seen.statuses[500] == nil, "statuses: \(seen.statuses)")
            }
            // Whatever the outage left behind, the shutdown ends within its bound.
            #expect(shutdown < .seconds(6))
        }
    }
}
