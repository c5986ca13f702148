import Cleanse
import Testing

// A sync engine whose start-up fans out work, the way apps warm caches in parallel: every
// shape here ends up awaiting, from work the engine's own factory started, the engine it is
// still building. Waiting would never end; each request throws ReentrantConstruction instead.

/// How the engine's factory starts the work that asks for it.
private enum FanOut: Sendable {
    case asyncLet, taskGroup, awaitedTask, throughSharedCache
}

private final class SyncEngine: Sendable {
    init() {}

    /// The factory: starts a warm-up the chosen way and awaits it before returning.
    static func start(fanOut: FanOut, engine: AsyncProvider<SyncEngine>, cache: AsyncProvider<WarmCache>) async throws -> SyncEngine {
        switch fanOut {
        case .asyncLet:
            async let warmed = engine.get()
            _ = try await warmed
        case .taskGroup:
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await engine.get() }
                try await group.waitForAll()
            }
        case .awaitedTask:
            _ = try await Task { try await engine.get() }.value
        case .throughSharedCache:
            _ = try await Task { try await cache.get() }.value
        }
        return SyncEngine()
    }
}

/// A cache shared in the same component that needs the engine: engine → Task { cache } → engine.
private final class WarmCache: Sendable {
    init(engine: SyncEngine) {}
}

private struct SyncModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(SyncEngine.self).sharedInScope().to(factory: SyncEngine.start)
        binder.bind(WarmCache.self).sharedInScope().to { (engine: SyncEngine) async throws -> WarmCache in
            WarmCache(engine: engine)
        }
    }
}

private struct SyncApp: RootComponent {
    typealias Root = AsyncProvider<SyncEngine>
    typealias Seed = FanOut
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: SyncModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<SyncEngine>>) -> BindingReceipt<AsyncProvider<SyncEngine>> {
        bind.to { (engine: AsyncProvider<SyncEngine>) in engine }
    }
}

// A comment thread whose comments and replies are not shared, and each awaits a provider of
// the other while it is made: every comment makes a reply that makes a comment, without end.

private final class Comment: Sendable {
    init(reply: Reply) {}
    static func load(replies: AsyncProvider<Reply>) async throws -> Comment {
        Comment(reply: try await replies.get())
    }
}
private final class Reply: Sendable {
    init(parent: Comment) {}
}

private struct ThreadApp: RootComponent {
    typealias Root = AsyncProvider<Comment>
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Comment.self).to(factory: Comment.load)
        binder.bind(Reply.self).to { (parent: Comment) async throws -> Reply in Reply(parent: parent) }
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<Comment>>) -> BindingReceipt<AsyncProvider<Comment>> {
        bind.to { (comments: AsyncProvider<Comment>) in comments }
    }
}

@Suite("Asynchronous reentrance across tasks")
struct AsyncReentranceTests {
    @Test(
        "a shared async binding awaited by work its own factory started throws ReentrantConstruction instead of waiting forever",
        arguments: [FanOut.asyncLet, .taskGroup, .awaitedTask]
    )
    fileprivate func awaitedByStartedWork(fanOut: FanOut) async throws {
        let engine = try ComponentFactory.of(SyncApp.self).build(fanOut)
        let error = await #expect(throws: ReentrantConstruction.self) { _ = try await engine.get() }
        #expect(error?.key.type.name == "SyncEngine")
        #expect(error?.fromStartedWork == true)
        #expect(error?.description.contains("'SyncEngine' was awaited again, by a task started while making it") == true)
    }

    @Test("engine → Task { cache } → engine names both shared bindings in order")
    func cycleThroughAnotherSharedBinding() async throws {
        let engine = try ComponentFactory.of(SyncApp.self).build(.throughSharedCache)
        let error = await #expect(throws: ReentrantConstruction.self) { _ = try await engine.get() }
        #expect(error?.chain.map(\.type.name) == ["SyncEngine", "WarmCache"])
        #expect(error?.description.contains("'SyncEngine' -> 'WarmCache' -> 'SyncEngine'") == true)
    }

    @Test("after the failed construction the slot is free again: the next request fails the same way, not hangs")
    func aSecondRequestFailsTheSameWay() async throws {
        let engine = try ComponentFactory.of(SyncApp.self).build(.asyncLet)
        for _ in 0..<3 {
            await #expect(throws: ReentrantConstruction.self) { _ = try await engine.get() }
        }
    }

    @Test("unscoped async bindings that make each other anew through AsyncProvider stop at the depth limit with both keys")
    func unscopedAsyncSelfRecursionStops() async throws {
        let comments = try ComponentFactory.of(ThreadApp.self).build(())
        let error = await #expect(throws: ReentrantConstruction.self) { _ = try await comments.get() }
        #expect(error?.recursedLevels == 10_000)
        #expect(error?.description.contains("'Comment' -> 'Reply' -> … -> 'Comment' recursed 10000 levels deep") == true)
    }
}
