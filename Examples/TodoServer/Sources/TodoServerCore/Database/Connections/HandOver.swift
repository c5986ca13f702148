import Synchronization

/// One value handed from a producer to one waiter, who gives up after a timeout or when
/// cancelled. The producer learns whether its value was taken, so a connection offered to
/// a waiter that has given up goes back to its pool instead of being lost.
final class HandOver<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, any Error>?)
        case offered(Value)
        case failed(any Error)
        case taken
    }

    private let state = Mutex(State.waiting(nil))

    init() {}

    /// Hands `value` over; `false` when the waiter has already given up (the caller keeps
    /// the value and must dispose of it).
    func offer(_ value: Value) -> Bool {
        let waiter: CheckedContinuation<Value, any Error>?
        do {
            waiter = try state.withLock { state -> CheckedContinuation<Value, any Error>? in
                switch state {
                case .waiting(let continuation?):
                    state = .taken
                    return continuation
                case .waiting(nil):
                    state = .offered(value)
                    return nil
                case .offered, .failed, .taken:
                    throw CancellationError()
                }
            }
        } catch {
            return false
        }
        waiter?.resume(returning: value)
        return true
    }

    /// Ends the wait with `error`, unless a value was handed over first.
    func fail(_ error: any Error) {
        let waiter: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting(let continuation):
                state = .failed(error)
                return continuation
            case .offered, .failed, .taken:
                return nil
            }
        }
        waiter?.resume(throwing: error)
    }

    /// The value, once offered; throws `timedOut()` after `timeout`, `ServerShuttingDown`
    /// when the shutdown's grace runs out for the request waiting, or `CancellationError`
    /// when the calling task is cancelled, or the producer's error.
    func value(timeout: Duration, timedOut: @escaping @Sendable () -> any Error) async throws -> Value {
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            self?.fail(timedOut())
        }
        defer { timer.cancel() }
        let requests = InFlightRequests.current
        let shutdown = requests?.whenShuttingDown { [weak self] in self?.fail(ServerShuttingDown()) }
        defer { requests?.forget(shutdown) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let outcome: Result<Value, any Error>? = state.withLock { state in
                    switch state {
                    case .waiting:
                        state = .waiting(continuation)
                        return nil
                    case .offered(let value):
                        state = .taken
                        return .success(value)
                    case .failed(let error):
                        return .failure(error)
                    case .taken:
                        return .failure(CancellationError())
                    }
                }
                if let outcome {
                    continuation.resume(with: outcome)
                }
            }
        } onCancel: {
            fail(CancellationError())
        }
    }
}
