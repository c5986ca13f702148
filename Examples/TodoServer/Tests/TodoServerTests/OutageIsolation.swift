/// Keeps the outage tests apart from every other server test, whatever the environment
/// says: `swift test` runs suites in parallel, and a test that stops PostgreSQL, or loads
/// both cores with eight writers while it waits for a restart, fails the timing of the
/// tests beside it. Every server a test runs to serve requests holds the gate shared
/// (`withRunningServer`, `withLiveServer`, or `besideOthers` around its own); an outage test
/// holds it alone (`alone`), once the servers before it have stopped, and servers after it
/// wait for it to end. (Servers that only fail to start are left out: they serve nothing.)
actor OutageIsolation {
    private static let gate = OutageIsolation()

    /// Whether the current task holds the gate (alone, or shared): a server it runs inside
    /// another (a test with two servers) needs nothing more, and must not queue behind an
    /// outage test that waits for the first to end.
    @TaskLocal private static var holds = false

    /// Tests holding the gate shared now.
    private var sharing = 0
    /// Whether an outage test holds it.
    private var held = false
    /// Who waits, first come first served: a waiting outage test holds back later servers.
    private var waiting: [(alone: Bool, resume: CheckedContinuation<Void, Never>)] = []

    /// Runs `body`, which runs a server, while no outage test runs.
    static func besideOthers<T>(_ body: () async throws -> T) async throws -> T {
        if holds { return try await body() }
        return try await holding(alone: false, body)
    }

    /// Runs `body`, an outage test, while no other server test runs.
    static func alone<T>(_ body: () async throws -> T) async throws -> T {
        try await holding(alone: true, body)
    }

    /// Runs `body` holding the gate as asked, and lets go however `body` ends.
    private static func holding<T>(alone: Bool, _ body: () async throws -> T) async throws -> T {
        await gate.enter(alone: alone)
        do {
            let result = try await $holds.withValue(true) { try await body() }
            await gate.leave(alone: alone)
            return result
        } catch {
            await gate.leave(alone: alone)
            throw error
        }
    }

    private func enter(alone: Bool) async {
        if waiting.isEmpty, alone ? (!held && sharing == 0) : !held {
            take(alone: alone)
            return
        }
        await withCheckedContinuation { waiting.append((alone, $0)) }
    }

    private func take(alone: Bool) {
        if alone { held = true } else { sharing += 1 }
    }

    private func leave(alone: Bool) {
        if alone { held = false } else { sharing -= 1 }
        // Admit waiters in order while they can enter: any number sharing, or one alone.
        while let next = waiting.first, next.alone ? (!held && sharing == 0) : !held {
            waiting.removeFirst()
            take(alone: next.alone)
            next.resume.resume()
        }
    }
}
