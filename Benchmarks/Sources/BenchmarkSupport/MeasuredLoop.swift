// What the benchmark executables share for counting instructions with callgrind.

/// Runs `operation` `count` times. Not inlined, and named for the profiler: callgrind counts
/// from its entry to its exit only (`--collect-atstart=no --toggle-collect=*measuredLoop*`),
/// so that set-up (linking a graph, building the warm instance) is left out.
@inline(never)
public func measuredLoop(_ count: Int, _ operation: () -> Void) {
    for _ in 0..<count {
        operation()
    }
}
