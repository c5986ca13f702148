import Cleanse
import Foundation
import Testing

// Random acyclic graphs, bound at run time from a fixed family of types: `Node<Ix<T, O>>`
// is node `10 * T + O`. Each node is shared or not, and requests up to three lower nodes,
// directly or through a `Provider` (which it keeps, as coordinators do). The root keeps a
// provider of every sink. These tests check the two promises a hostile user tried to break
// (issue 22): every shared object is made once per component instance however its holders
// come and go, from one thread or eight, with no false deadlock report; and the whole graph
// is freed once the root is let go.

private protocol NodeIndex: Sendable { static var index: Int { get } }
private enum Ix<Tens: Digit, Ones: Digit>: NodeIndex {
    static var index: Int { Tens.value * 10 + Ones.value }
}

/// Every node type, by index.
private let nodeTypes: [any NodeIndex.Type] = {
    let digits = digitTypes
    func index<T: Digit, O: Digit>(_: T.Type, _: O.Type) -> any NodeIndex.Type { Ix<T, O>.self }
    return digits.flatMap { tens in digits.map { ones in index(tens, ones) } }
}()

/// What the running graph counts: constructions per node, and live nodes.
private final class GraphLedger: @unchecked Sendable {
    // Safe to share: every property is touched with `lock` held.
    private let lock = NSLock()
    private var built = [Int](repeating: 0, count: 100)
    private var alive = 0
    /// The nodes whose initializer sleeps, to make threads meet on them.
    private var slow = Set<Int>()

    func reset(slow: Set<Int>) {
        lock.withLock {
            built = [Int](repeating: 0, count: 100)
            self.slow = slow
        }
    }

    func made(_ index: Int) -> Bool {
        lock.withLock {
            built[index] += 1
            alive += 1
            return slow.contains(index)
        }
    }

    func freed() { lock.withLock { alive -= 1 } }
    var constructions: [Int] { lock.withLock { built } }
    var live: Int { lock.withLock { alive } }
}

private let ledger = GraphLedger()

private final class Node<I: NodeIndex>: @unchecked Sendable {
    // Safe to share: immutable after init.
    let direct: [AnyObject]
    let lazy: [() -> AnyObject]

    init(direct: [AnyObject], lazy: [() -> AnyObject]) {
        self.direct = direct
        self.lazy = lazy
        if ledger.made(I.index) {
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    deinit { ledger.freed() }
}

/// Walks everything reachable from a node, calling every provider it keeps, so that every
/// lazy path is used; returns nothing, so what the walk made is let go at once.
private func touch(_ object: AnyObject, depth: Int = 0) {
    guard depth < 12, let node = object as? any Touchable else { return }
    for child in node.children { touch(child, depth: depth + 1) }
}
private protocol Touchable { var children: [AnyObject] { get } }
extension Node: Touchable {
    var children: [AnyObject] { direct + lazy.map { $0() } }
}

/// A provider of one node, as the root keeps it.
private struct NodeHandle: @unchecked Sendable {
    // Safe to share: the provider behind `get` is thread-safe.
    let index: Int
    let get: () -> AnyObject
}

private struct GraphRoot: Sendable {
    let handles: [NodeHandle]
}

/// One random graph: for each node, whether it is shared and what it requests.
private struct GraphSpec: Sendable {
    struct Request: Sendable {
        let target: Int
        let throughProvider: Bool
    }
    var shared: [Bool] = []
    var requests: [[Request]] = []
    var sinks: [Int] = []
    var slow: Set<Int> = []

    init(seed: UInt64, nodes: Int) {
        var random = SplitMix(seed: seed)
        var hasDependent = [Bool](repeating: false, count: nodes)
        for node in 0..<nodes {
            shared.append(random.next(100) < 40)
            let count = node == 0 ? 0 : random.next(min(node, 3) + 1)
            var targets = Set<Int>()
            while targets.count < count { targets.insert(random.next(node)) }
            requests.append(targets.sorted().map { Request(target: $0, throughProvider: random.next(100) < 40) })
            for target in targets { hasDependent[target] = true }
            if random.next(100) < 15 { slow.insert(node) }
        }
        sinks = (0..<nodes).filter { !hasDependent[$0] }
    }

    /// Binds every node and a root handle for each sink.
    func bind(into binder: Binder<Singleton>) {
        for node in requests.indices {
            bindNode(nodeTypes[node], node: node, binder: binder)
        }
        for sink in sinks {
            bindHandle(nodeTypes[sink], binder: binder)
        }
    }

    private func bindNode<I: NodeIndex>(_: I.Type, node: Int, binder: Binder<Singleton>) {
        let builder = shared[node] ? binder.bind(Node<I>.self).sharedInScope() : binder.bind(Node<I>.self)
        let requests = requests[node]
        switch requests.count {
        case 0:
            builder.to { Node<I>(direct: [], lazy: []) }
        case 1:
            bindOne(builder, nodeTypes[requests[0].target], requests[0].throughProvider)
        case 2:
            bindTwo(builder, nodeTypes[requests[0].target], requests[0].throughProvider, nodeTypes[requests[1].target], requests[1].throughProvider)
        default:
            bindThree(builder, nodeTypes[requests[0].target], requests[0].throughProvider, nodeTypes[requests[1].target], requests[1].throughProvider, nodeTypes[requests[2].target], requests[2].throughProvider)
        }
    }

    private func bindOne<I: NodeIndex, A: NodeIndex>(_ builder: BaseBindingBuilder<Node<I>, Singleton>, _: A.Type, _ lazyA: Bool) {
        if lazyA {
            builder.to { (a: Provider<Node<A>>) in Node<I>(direct: [], lazy: [a.get]) }
        } else {
            builder.to { (a: Node<A>) in Node<I>(direct: [a], lazy: []) }
        }
    }

    private func bindTwo<I: NodeIndex, A: NodeIndex, B: NodeIndex>(_ builder: BaseBindingBuilder<Node<I>, Singleton>, _: A.Type, _ lazyA: Bool, _: B.Type, _ lazyB: Bool) {
        switch (lazyA, lazyB) {
        case (false, false): builder.to { (a: Node<A>, b: Node<B>) in Node<I>(direct: [a, b], lazy: []) }
        case (true, false): builder.to { (a: Provider<Node<A>>, b: Node<B>) in Node<I>(direct: [b], lazy: [a.get]) }
        case (false, true): builder.to { (a: Node<A>, b: Provider<Node<B>>) in Node<I>(direct: [a], lazy: [b.get]) }
        case (true, true): builder.to { (a: Provider<Node<A>>, b: Provider<Node<B>>) in Node<I>(direct: [], lazy: [a.get, b.get]) }
        }
    }

    private func bindThree<I: NodeIndex, A: NodeIndex, B: NodeIndex, C: NodeIndex>(
        _ builder: BaseBindingBuilder<Node<I>, Singleton>, _: A.Type, _ lazyA: Bool, _: B.Type, _ lazyB: Bool, _: C.Type, _ lazyC: Bool
    ) {
        // The third request is a provider when the first is, direct otherwise: enough
        // shapes without eight closures.
        switch (lazyA, lazyB) {
        case (false, false): builder.to { (a: Node<A>, b: Node<B>, c: Node<C>) in Node<I>(direct: [a, b, c], lazy: []) }
        case (true, false): builder.to { (a: Provider<Node<A>>, b: Node<B>, c: Provider<Node<C>>) in Node<I>(direct: [b], lazy: [a.get, c.get]) }
        case (false, true): builder.to { (a: Node<A>, b: Provider<Node<B>>, c: Node<C>) in Node<I>(direct: [a, c], lazy: [b.get]) }
        case (true, true): builder.to { (a: Provider<Node<A>>, b: Provider<Node<B>>, c: Provider<Node<C>>) in Node<I>(direct: [], lazy: [a.get, b.get, c.get]) }
        }
    }

    private func bindHandle<I: NodeIndex>(_: I.Type, binder: Binder<Singleton>) {
        binder.bind(NodeHandle.self).intoCollection().to { (node: Provider<Node<I>>) in
            NodeHandle(index: I.index) { node.get() }
        }
    }

}

private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound <= 0 ? 0 : Int(z % UInt64(bound))
    }
}

/// The graph `RandomGraphComponent.configure` binds: set before `ComponentFactory.of`.
private final class CurrentSpec: @unchecked Sendable {
    // Safe to share: touched with `lock` held; the suite runs its tests one at a time.
    private let lock = NSLock()
    private var spec = GraphSpec(seed: 0, nodes: 1)
    var value: GraphSpec {
        get { lock.withLock { spec } }
        set { lock.withLock { spec = newValue } }
    }
}
private let current = CurrentSpec()

private struct RandomGraphComponent: RootComponent {
    typealias Root = GraphRoot
    static func configure(binder: Binder<Singleton>) {
        current.value.bind(into: binder)
    }
    static func configureRoot(binder bind: ReceiptBinder<GraphRoot>) -> BindingReceipt<GraphRoot> {
        bind.to { (handles: [NodeHandle]) in GraphRoot(handles: handles) }
    }
}

@Suite("Exactly once on random graphs", .serialized)
struct RandomGraphExactlyOnceTests {
    /// Builds graph `seed`, uses every handle twice (each round lets go of what it made),
    /// from `threads` threads, and returns the shared nodes made more than once.
    private func run(seed: UInt64, nodes: Int, threads: Int) throws -> (rebuilt: [Int], liveAfterRelease: Int) {
        let spec = GraphSpec(seed: seed, nodes: nodes)
        current.value = spec
        ledger.reset(slow: threads > 1 ? spec.slow : [])
        let liveBefore = ledger.live
        do {
            let root = try ComponentFactory.of(RandomGraphComponent.self).build(())
            for round in 0..<2 {
                if threads == 1 {
                    for handle in root.handles { touch(handle.get()) }
                } else {
                    DispatchQueue.concurrentPerform(iterations: threads) { thread in
                        // Each thread walks the sinks in its own order.
                        let handles = root.handles
                        for offset in handles.indices {
                            touch(handles[(offset * (thread + 1) + round) % handles.count].get())
                        }
                    }
                }
            }
        }
        let built = ledger.constructions
        let rebuilt = (0..<nodes).filter { spec.shared[$0] && built[$0] > 1 }
        return (rebuilt, ledger.live - liveBefore)
    }

    @Test("every shared object of 500 random graphs is made once, after every provider was used again, and each graph is freed with its root")
    func sharedObjectsAreMadeOnce() throws {
        for seed in 1...500 as ClosedRange<UInt64> {
            let (rebuilt, left) = try run(seed: seed, nodes: 30, threads: 1)
            #expect(rebuilt.isEmpty, "graph \(seed): shared nodes \(rebuilt) made more than once")
            #expect(left == 0, "graph \(seed): \(left) nodes left alive")
        }
    }

    @Test("random acyclic graphs read from 8 threads: no deadlock report, each shared object made once, the graph freed")
    func concurrentReadsOfAcyclicGraphs() throws {
        for seed in 1001...1030 as ClosedRange<UInt64> {
            let (rebuilt, left) = try run(seed: seed, nodes: 40, threads: 8)
            #expect(rebuilt.isEmpty, "graph \(seed): shared nodes \(rebuilt) made more than once")
            #expect(left == 0, "graph \(seed): \(left) nodes left alive")
        }
    }
}
