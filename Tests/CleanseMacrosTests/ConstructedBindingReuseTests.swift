import CleanseMacros
import Foundation
import Synchronization
import Testing

// A ledger wired by constructors alone. Each type's binding is made once per process and
// every graph gets a copy of it (issue 63): graphs made one after another, and on several
// threads at once, must still be graphs of their own.

/// How many ledgers were made, across every graph of the test.
private let ledgersMade = Atomic<Int>(0)

@Injectable(scope: Singleton.self)
private final class Ledger {
    init() { ledgersMade.add(1, ordering: .relaxed) }
}

@Injectable
private final class Posting {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

@Injectable
private final class Statement {
    let first: Posting
    let second: Provider<Posting>
    init(first: Posting, second: Provider<Posting>) {
        self.first = first
        self.second = second
    }
}

private struct Bookkeeping: RootComponent {
    typealias Root = Statement
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (statement: Statement) in statement }
    }
}

/// A receipt whose printer is optional: a shop that binds a printer serves the request with
/// it (the graph rewrites the request of `Printer?` into one of `Printer`, in its own copy of
/// the receipt's binding), a shop that binds `Printer?` itself serves it as written.
private final class Printer {}

@Injectable
private final class Receipt {
    let printer: Printer?
    init(printer: Printer?) { self.printer = printer }
}

private struct ShopWithPrinter: RootComponent {
    typealias Root = Receipt
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Printer.self).to(factory: Printer.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Receipt>) -> BindingReceipt<Receipt> {
        bind.to { (receipt: Receipt) in receipt }
    }
}

private struct ShopWithoutPrinter: RootComponent {
    typealias Root = Receipt
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Printer?.self).to { nil as Printer? }
    }
    static func configureRoot(binder bind: ReceiptBinder<Receipt>) -> BindingReceipt<Receipt> {
        bind.to { (receipt: Receipt) in receipt }
    }
}

@Suite("Constructed bindings are made once per process and copied into each graph", .serialized)
struct ConstructedBindingReuseTests {
    @Test("graphs made one after another each have their own singleton, shared within the graph")
    func graphsOneAfterAnother() throws {
        // Kept alive, so that no ledger's address is reused by the next.
        var statements: [Statement] = []
        for _ in 0..<3 {
            let statement = try ComponentFactory.of(Bookkeeping.self).build(())
            #expect(statement.first.ledger === statement.second.get().ledger)
            statements.append(statement)
        }
        #expect(Set(statements.map { ObjectIdentifier($0.first.ledger) }).count == 3)
    }

    @Test("graphs made on eight threads at once are all valid, each with one singleton of its own")
    func graphsOnSeveralThreads() {
        let before = ledgersMade.load(ordering: .relaxed)
        // Each graph says whether its two postings share its ledger; checked here, on the
        // test's own thread. Each thread writes a slot of its own, so the test's bookkeeping
        // takes no lock: a contended `Mutex` on Linux waits in the kernel (a priority-
        // inheritance futex), which ThreadSanitizer cannot see, and it reports a false race.
        let slots = (0..<8).map { _ in OutcomeSlot() }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<25 {
                slots[thread].outcomes.append(Result { () throws -> Bool in
                    let statement = try ComponentFactory.of(Bookkeeping.self).build(())
                    return statement.second.get().ledger === statement.first.ledger
                })
            }
        }
        let shared = slots.flatMap(\.outcomes).compactMap { try? $0.get() }
        #expect(shared.count == 200)
        #expect(shared.allSatisfy { $0 })
        #expect(ledgersMade.load(ordering: .relaxed) - before == 200)
    }

    @Test("a graph that rewrites a constructed type's request leaves the next graph's copy as written")
    func rewritesStayInTheirGraph() throws {
        #expect(try ComponentFactory.of(ShopWithPrinter.self).build(()).printer != nil)
        #expect(try ComponentFactory.of(ShopWithoutPrinter.self).build(()).printer == nil)
        #expect(try ComponentFactory.of(ShopWithPrinter.self).build(()).printer != nil)
    }
}

/// The outcomes one thread of `graphsOnSeveralThreads` records.
private final class OutcomeSlot: @unchecked Sendable {
    // Safe to share: one iteration of `concurrentPerform` writes it, and the test reads it
    // only after `concurrentPerform` has returned, which waits for every iteration.
    var outcomes: [Result<Bool, any Error>] = []
}
