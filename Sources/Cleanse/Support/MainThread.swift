#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if os(Linux)
private import CCleanseSystem
#endif

/// Whether code runs on the process's main thread, where the main actor's work runs: how a
/// look-up that is not isolated tells whether it may make a main-actor value on the spot.
enum MainThread {
    /// Whether the calling thread is the main thread.
    static var isCurrent: Bool {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #elseif os(Linux)
        // The main thread is the one whose thread id is the process id; this is how the
        // Swift runtime itself tells it.
        return getpid() == cleanse_current_thread_id()
        #else
        return false
        #endif
    }
}
