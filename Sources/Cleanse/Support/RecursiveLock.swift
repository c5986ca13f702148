#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex the owning thread may take again while it holds it.
final class RecursiveLock: @unchecked Sendable {
    // Safe to share: the pthread mutex is the synchronisation primitive itself, allocated
    // once, never moved, and destroyed only when the last reference goes away.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        RecursiveMutex.initialize(mutex)
    }

    deinit {
        RecursiveMutex.destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// Recursive pthread mutexes in memory someone else owns: a ``RecursiveLock``, or the
/// scoped storage of a component instance, which keeps its mutex beside its slots.
enum RecursiveMutex {
    static func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
    }
}
