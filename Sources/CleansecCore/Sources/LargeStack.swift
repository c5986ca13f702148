import Foundation

/// Runs work on threads whose stacks hold deeply nested source: parsing and walking a tree
/// recurse once per level of nesting, deeper than a default thread's stack allows for
/// generated or hostile input (a thousand nested generic arguments).
public enum LargeStack {
    /// The stack of each thread: virtual memory, committed only as deep as the work goes.
    static let stackBytes = 512 << 20

    /// Runs `body` on a thread with a large stack and waits for it.
    public static func run<Result>(_ body: @escaping @Sendable () -> Result) -> Result {
        let outcome = Outcome<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.value = body()
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        return outcome.value.unsafelyUnwrapped
    }

    /// Runs `body(index)` for every index in `0..<count`, on as many large-stack threads as
    /// there are cores, and waits for all of them.
    static func concurrentPerform(iterations count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Counter()
        let threads = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            let thread = Thread {
                while let index = next.take(below: count) {
                    body(index)
                }
                done.signal()
            }
            thread.stackSize = stackBytes
            thread.start()
        }
        for _ in 0..<threads { done.wait() }
    }

    /// The value a thread computed, read once the thread signalled.
    private final class Outcome<Value>: @unchecked Sendable {
        // Safe to share: written once by the worker before it signals, read after the wait.
        var value: Value?
    }

    /// Hands out indices to worker threads, each once.
    private final class Counter: @unchecked Sendable {
        // Safe to share: every access holds the lock.
        private var value = 0
        private let lock = NSLock()

        func take(below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < count else { return nil }
            value += 1
            return value - 1
        }
    }
}
