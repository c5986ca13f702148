#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads waiting for a shared object another thread is building, kept so that a wait
/// that can never end is reported instead of hanging.
///
/// Two cases are told apart:
/// - Threads waiting for each other through Cleanse alone (thread 1 builds A and waits for
///   B, which thread 2 builds while it waits for A): found at once by following who waits
///   for whom, and reported as `[Cleanse/ReentrantConstruction]` naming every key.
/// - A factory that waits for another thread outside Cleanse (a dispatch queue, a worker
///   pool) which then asks for the object being built: Cleanse cannot see that wait. After
///   ``warningSeconds`` the waiting thread prints a warning naming the key, then keeps
///   waiting, since a slow factory looks the same.
enum ConstructionWaits {
    /// How long a thread waits before it warns that it may be waiting forever.
    static let warningSeconds = 10

    private static let lock = RecursiveLock()
    /// One wait: the thread it waits for, the key, and the slot (storage and index), so
    /// that the walk can tell whether it is still open.
    private struct Wait {
        let holder: UInt
        let key: BindingKey
        let storage: ScopedStorage
        let slot: Int

        /// Whether the slot is still held by `holder`: a wait whose slot was published
        /// meanwhile has ended, even if its thread has not yet run to say so.
        var isOpen: Bool { storage.loadSequentially(slot) == holder }
    }
    /// For each waiting thread, what it waits for. The waiter removes its entry once it runs
    /// again; until then a wait whose slot was published is not open (``Wait/isOpen``), so
    /// the deadlock walk never follows a wait that has ended.
    nonisolated(unsafe) private static var waiting: [UInt: Wait] = [:]

    /// Waits, with `instance`'s storage mutex held, until the slot may have changed.
    static func wait(for key: BindingKey, slot: Int, in instance: ComponentInstance, heldBy holder: UInt, waiter: UInt) {
        let chain: [BindingKey]? = lock.withLock {
            waiting[waiter] = Wait(holder: holder, key: key, storage: instance.storage, slot: slot)
            // Follow who waits for whom: coming back to this thread means nobody can move.
            var keys = [key]
            var current = holder
            while let next = waiting[current], next.isOpen {
                keys.append(next.key)
                if next.holder == waiter {
                    return keys
                }
                current = next.holder
                if keys.count > waiting.count { break }
            }
            return nil
        }
        if let chain {
            lock.withLock { _ = waiting.removeValue(forKey: waiter) }
            instance.storage.unlock()
            RuntimeFailure.crossThreadDeadlock(chain: chain)
        }
        var warned = false
        // Counted before the slot is read again, so that a publisher that does not take the
        // mutex sees this waiter, or this waiter sees its value (see `ScopedStorage`).
        instance.storage.addWaiter(1)
        while instance.storage.loadSequentially(slot) == holder {
            if !instance.storage.wait(seconds: warningSeconds), !warned {
                warned = true
                RuntimeFailure.warnLongWait(for: key, in: instance.template, seconds: warningSeconds)
            }
        }
        instance.storage.addWaiter(-1)
        lock.withLock { _ = waiting.removeValue(forKey: waiter) }
    }
}
