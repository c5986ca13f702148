import MallocInterposerSwift
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts heap allocations with ordo-one's malloc interposer, which only sees them when its
/// library is preloaded into the process: `preloadInterposer()` restarts the benchmark with
/// it when it is not.
public enum Allocations {
    #if os(macOS)
    static let preloadVariable = "DYLD_INSERT_LIBRARIES"
    static let libraryName = "libMallocInterposerSwift.dylib"
    #else
    static let preloadVariable = "LD_PRELOAD"
    static let libraryName = "libMallocInterposerSwift.so"
    #endif
    static let restartedVariable = "CLEANSE_BENCH_PRELOADED"

    /// Whether allocations are being counted: true once the interposer sees a test allocation.
    public static let areCounted: Bool = {
        let count = mallocs {
            let pointer = malloc(24)
            blackHole(pointer)
            free(pointer)
        }
        return count > 0
    }()

    /// Restarts this process with the interposer preloaded, once; returns if it cannot (the
    /// benchmark then runs without allocation counts).
    public static func preloadInterposer() {
        guard getenv(restartedVariable) == nil else { return }
        let executable = CommandLine.arguments[0]
        guard executable.contains("/") else { return }
        let directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        let library = directory + "/" + libraryName
        guard access(library, R_OK) == 0 else { return }
        setenv(restartedVariable, "1", 1)
        setenv(preloadVariable, library, 1)
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        execv(executable, arguments)
    }

    /// The allocations `operation` makes, on average, per call over `calls` calls, after one
    /// untimed call (so that one-time work such as metadata is not counted).
    public static func perCall(_ calls: Int = 100, _ operation: () -> Void) -> Double? {
        guard areCounted else { return nil }
        operation()
        return Double(mallocs { for _ in 0..<calls { operation() } }) / Double(calls)
    }

    /// Bytes allocated and not freed while `body` ran.
    public static func liveBytes(_ body: () -> Void) -> Int? {
        guard areCounted else { return nil }
        let stats = counting(body)
        return stats.mallocBytesCount - stats.freeBytesCount
    }

    /// Allocations made and not freed while `body` ran.
    public static func liveAllocations(_ body: () -> Void) -> Int? {
        guard areCounted else { return nil }
        let stats = counting(body)
        return stats.mallocCount - stats.freeCount
    }

    private static func mallocs(_ body: () -> Void) -> Int {
        counting(body).mallocCount
    }

    private static func counting(_ body: () -> Void) -> MallocInterposerSwift.Statistics {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics()
    }
}
