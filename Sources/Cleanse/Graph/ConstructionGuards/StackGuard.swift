#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
// `pthread_getattr_np`, the only way to learn a running thread's stack bounds.
private import CCleanseSystem
#endif

/// Keeps resolution within the stack it runs on.
///
/// - A lazy request for an unscoped binding (`A` asks for `Provider<B>`) is checked on each
///   `get()`: if `B` needs a new `A` and `A`'s factory calls `get()` while it runs, every call
///   goes one level deeper, so once little stack is left the program stops with a message
///   naming both bindings, instead of crashing with no message. The check reads the stack
///   pointer and the thread's cached bounds, and only runs where a new object is made.
/// - A graph whose chain of direct requests is deeper than ``largeStackDepth`` is built on
///   a thread of its own with a stack large enough for it (see `ComponentFactory.build`).
enum StackGuard {
    /// Chains deeper than this are built on a thread with a stack sized for them.
    static let largeStackDepth = 1_000
    /// Stack bytes each level of direct requests may take, with room to spare.
    static let bytesPerLevel = 4_096

    /// Stops the program when the running thread has less than a quarter of its stack (or
    /// 256 KiB) left while resolving `key` through a guarded lazy request.
    @inline(__always)
    static func check(resolving key: BindingKey, requestedBy requester: BindingKey) {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let bounds = ThreadStack.current
        guard bounds.low != 0, here > bounds.low else { return }
        if here - bounds.low < bounds.reserve {
            RuntimeFailure.unboundedRecursion(of: key, requestedBy: requester)
        }
    }

    /// Runs `body` on a new thread whose stack holds `levels` levels of resolution, and
    /// waits for it.
    static func onLargeStack<Result>(levels: Int, _ body: () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            let job = LargeStackJob(body)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, max(8 << 20, levels * bytesPerLevel + (1 << 20)))
            let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let started = pthread_create(&thread, &attributes, { context in
                let job = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! any LargeStackRunnable
                job.run()
                return nil
            }, context)
            guard started == 0 else {
                // No thread to be had: resolve here, and let the stack decide.
                Unmanaged<AnyObject>.fromOpaque(context).release()
                return body()
            }
            #if canImport(Darwin)
            pthread_join(thread!, nil)
            #else
            pthread_join(thread, nil)
            #endif
            return job.result!
        }
    }
}

private protocol LargeStackRunnable: AnyObject {
    func run()
}

private final class LargeStackJob<Result>: LargeStackRunnable {
    let body: () -> Result
    var result: Result?

    init(_ body: @escaping () -> Result) {
        self.body = body
    }

    func run() {
        result = body()
    }
}

/// The running thread's stack bounds, looked up once per thread.
private struct ThreadStack {
    /// The lowest address of the stack, or 0 when it could not be found.
    var low: UInt
    /// How close to `low` resolution may come.
    var reserve: UInt

    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    static var current: ThreadStack {
        if let stored = pthread_getspecific(key) {
            return stored.load(as: ThreadStack.self)
        }
        let bounds = lookUp()
        let memory = malloc(MemoryLayout<ThreadStack>.size)!
        memory.storeBytes(of: bounds, as: ThreadStack.self)
        pthread_setspecific(key, memory)
        return bounds
    }

    private static func lookUp() -> ThreadStack {
        #if canImport(Darwin)
        let high = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = UInt(pthread_get_stacksize_np(pthread_self()))
        return ThreadStack(low: high - size, reserve: min(256 << 10, size / 4))
        #elseif os(Linux)
        var attributes = pthread_attr_t()
        guard cleanse_thread_attributes(pthread_self(), &attributes) == 0 else { return ThreadStack(low: 0, reserve: 0) }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        pthread_attr_getstack(&attributes, &address, &size)
        return ThreadStack(low: UInt(bitPattern: address), reserve: min(256 << 10, UInt(size) / 4))
        #else
        // No way to learn the bounds here: the guard stays off.
        return ThreadStack(low: 0, reserve: 0)
        #endif
    }
}

