import Cleanse
import Dispatch
import Foundation
import Testing

private struct Pool {
    let connections: Int
}

/// A shared object whose factory waits for work done on another thread, which resolves an
/// unrelated shared binding of the same component.
private final class Cache {
    let pool: Pool
    init(pool: Provider<Pool>) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var resolved: Pool?
        DispatchQueue.global().async {
            resolved = pool.get()
            done.signal()
        }
        // With one construction lock per component, this waited forever.
        guard done.wait(timeout: .now() + 10) == .success, let resolved else {
            self.pool = Pool(connections: -1)
            return
        }
        self.pool = resolved
    }
}

private struct PoolModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Pool.self).sharedInScope().to { Pool(connections: 4) }
        binder.bind(Cache.self).sharedInScope().to(factory: Cache.init)
    }
}

private final class Slow: Sendable {
    static let built = CallCounter()
    init() {
        Slow.built.next()
        Thread.sleep(forTimeInterval: 0.05)
    }
}

private struct SlowModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Slow.self).sharedInScope().to(factory: Slow.init)
    }
}

/// A chain of `depth` distinct types, each built from the one below it.
private struct Leaf: ChainLink {
    var depth: Int { 0 }
}
private struct Node<Inner: ChainLink>: ChainLink {
    let inner: Inner
    var depth: Int { inner.depth + 1 }
}
private struct ChainTop {
    let depth: Int
}
private protocol ChainLink: Sendable {
    var depth: Int { get }
}
extension ChainLink {
    /// Binds the link above this one and returns its type; the last one binds the top.
    static func bindNext(_ binder: Binder<Unscoped>, last: Bool) -> any ChainLink.Type {
        binder.bind(Node<Self>.self).to { (inner: Self) in Node(inner: inner) }
        if last {
            binder.bind(ChainTop.self).to { (top: Node<Self>) in ChainTop(depth: top.depth) }
        }
        return Node<Self>.self
    }
}
private struct DeepChainModule: Cleanse.Module {
    static let depth = 15_000
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Leaf.self).to { Leaf() }
        var link: any ChainLink.Type = Leaf.self
        for level in 1...depth {
            link = link.bindNext(binder, last: level == depth)
        }
    }
}

@Suite("Construction and locking", .serialized)
struct ConstructionTests {
    @Test("a shared factory that waits for another thread resolving an unrelated shared binding does not deadlock")
    func unrelatedBindingsDoNotBlockEachOther() throws {
        let cache = try build(ModuleComponent<PoolModule, Cache>.self)
        #expect(cache.pool.connections == 4)
    }

    @Test("a slow shared binding asked for by 16 threads at once is built once")
    func contendedConstructionIsExactlyOnce() throws {
        let before = Slow.built.value
        let provider = try build(ModuleComponent<SlowModule, Provider<Slow>>.self)
        let results = ResultBox<Slow>()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in results.append(provider.get()) }
        #expect(Slow.built.value == before + 1)
        #expect(results.allIdentical)
    }

    @Test("a chain of 15,000 direct requests builds without overflowing the caller's stack")
    func deepChainsBuild() throws {
        let top = try build(ModuleComponent<DeepChainModule, ChainTop>.self)
        #expect(top.depth == DeepChainModule.depth)
    }

    private func build<C: RootComponent>(_ component: C.Type) throws -> C.Root where C.Seed == Void {
        try ComponentFactory.of(component).build(())
    }
}

/// Collects objects from many threads.
private final class ResultBox<T: AnyObject>: @unchecked Sendable {
    // Safe to share: `items` is only touched with `lock` held.
    private var items: [T] = []
    private let lock = NSLock()
    func append(_ item: T) { lock.withLock { items.append(item) } }
    var allIdentical: Bool { lock.withLock { items.allSatisfy { $0 === items[0] } } }
}
