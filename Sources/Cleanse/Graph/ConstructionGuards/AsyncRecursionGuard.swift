/// Stops unbounded recursion through `AsyncProvider`, which no stack check can catch:
/// asynchronous frames live on the heap, so an unscoped binding whose factory awaits `get()`
/// on a provider that makes a new one of it again would grow memory until the process dies.
///
/// Each guarded `get()` (see `Linker.asyncProviderResolver`) counts one level in a task-local
/// depth; past ``maximumDepth`` levels it throws `ReentrantConstruction` naming both
/// bindings. Only requests that can lead back to their requester are guarded.
enum AsyncRecursionGuard {
    /// How many guarded `get()` calls may be in progress, nested, in one task: far beyond
    /// any real object graph, and about 20 MB of asynchronous frames.
    static let maximumDepth = 10_000

    @TaskLocal private static var depth = 0

    /// Runs `body` one level deeper, or throws when that is past the limit.
    static func descend<Value>(
        resolving key: BindingKey,
        requestedBy requester: BindingKey,
        _ body: () async throws -> Value
    ) async throws -> Value {
        let level = depth + 1
        if level > maximumDepth {
            throw ReentrantConstruction(key: requester, chain: [requester, key, requester], recursedLevels: maximumDepth)
        }
        return try await $depth.withValue(level, operation: body)
    }
}
