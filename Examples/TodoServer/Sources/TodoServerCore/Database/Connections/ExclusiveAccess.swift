import Synchronization

/// Access to one resource (SQLite's single connection) by one holder at a time, granted
/// in arrival order; a waiter gives up after a timeout.
final class ExclusiveAccess: Sendable {
    private struct State {
        var held = false
        var waiters: [HandOver<Void>] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Waits until the resource is free, at most `timeout`; the caller must `release()`.
    func acquire(timeout: Duration, timedOut: @escaping @Sendable () -> any Error) async throws {
        let waiter: HandOver<Void>? = state.withLock { state in
            if !state.held {
                state.held = true
                return nil
            }
            let waiter = HandOver<Void>()
            state.waiters.append(waiter)
            return waiter
        }
        guard let waiter else { return }
        try await waiter.value(timeout: timeout, timedOut: timedOut)
    }

    /// Hands the resource to the longest waiter still waiting, or frees it.
    func release() {
        while true {
            let next: HandOver<Void>? = state.withLock { state in
                if state.waiters.isEmpty {
                    state.held = false
                    return nil
                }
                return state.waiters.removeFirst()
            }
            guard let next else { return }
            if next.offer(()) { return }
        }
    }
}
