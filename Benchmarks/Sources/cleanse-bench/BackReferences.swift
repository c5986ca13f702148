import BenchmarkSupport
import Cleanse
#if canImport(Glibc)
import Glibc
#endif

// The lifetime benchmark: requests through a child component whose shared objects keep a
// provider, an assisted factory and the object graph of their own component. Before the
// lifetime model of issue 11 each request leaked its whole child graph.

struct BackReferenceScope: Scope {}
struct BackReferenceRequestID: Tag { typealias Element = Int }

final class BackReferenceWork {
    let id: Int
    let repository: Provider<BackReferenceRepository>
    let reports: Factory<BackReferenceReport.AssistedFactory>
    let graph: LegacyObjectGraph
    init(id: TaggedProvider<BackReferenceRequestID>, repository: Provider<BackReferenceRepository>,
         reports: Factory<BackReferenceReport.AssistedFactory>, graph: LegacyObjectGraph) {
        self.id = id.get()
        self.repository = repository
        self.reports = reports
        self.graph = graph
    }
}

final class BackReferenceRepository {
    let work: WeakProvider<BackReferenceWork>
    init(work: WeakProvider<BackReferenceWork>) { self.work = work }
}

final class BackReferenceReport {
    let title: String
    init(title: Assisted<String>, repository: BackReferenceRepository) { self.title = title.get() }
    struct AssistedFactory: Cleanse.AssistedFactory {
        typealias Seed = String
        typealias Element = BackReferenceReport
    }
}

final class BackReferenceHandler {
    let work: BackReferenceWork
    init(work: BackReferenceWork) { self.work = work }
    func handle() -> Int { work.repository.get().work.get()?.id ?? -1 }
}

struct BackReferenceRequest: Cleanse.Component {
    typealias Root = BackReferenceHandler
    typealias Seed = TaggedProvider<BackReferenceRequestID>
    static func configure(binder: Binder<BackReferenceScope>) {
        binder.bind(BackReferenceWork.self).sharedInScope().to(factory: BackReferenceWork.init)
        binder.bind(BackReferenceRepository.self).sharedInScope().to(factory: BackReferenceRepository.init)
        binder.bindFactory(BackReferenceReport.self).with(BackReferenceReport.AssistedFactory.self).to(factory: BackReferenceReport.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<BackReferenceHandler>) -> BindingReceipt<BackReferenceHandler> {
        bind.to(factory: BackReferenceHandler.init)
    }
}

struct BackReferenceServer: RootComponent {
    typealias Root = ComponentFactory<BackReferenceRequest>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: BackReferenceRequest.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (requests: Root) in requests }
    }
}

enum BackReferences {
    static let requests = 100_000

    /// Runs `requests` requests and reports the time per request, the allocations left
    /// behind and the resident memory before and after.
    static func measure(sampler: Sampler) -> Row {
        let requests = try! ComponentFactory.of(BackReferenceServer.self).build(())
        var next = 0
        let one = {
            next += 1
            blackHole(requests.build(next).handle())
        }
        let time = sampler.medianNanoseconds(one)
        let before = residentKilobytes()
        // The interposer counts every thread's frees, so memory an idle runtime thread lets
        // go of during the loop reads as a negative count; a leak reads as at least one
        // allocation per request in both rounds. The larger of two rounds is reported.
        let rounds = (0..<2).compactMap { _ in Allocations.liveAllocations { for _ in 0..<Self.requests { one() } } }
        let left = rounds.max()
        let after = residentKilobytes()
        return Row(
            measure: "back-references", n: Self.requests, framework: "cleanse", medianNanoseconds: time, ratio: nil,
            allocationsPerOperation: Allocations.perCall(100, one),
            facts: [
                ("allocations_left_after_requests", left.map(String.init) ?? "null"),
                ("rss_kb_before", before.map(String.init) ?? "null"),
                ("rss_kb_after", after.map(String.init) ?? "null"),
            ]
        )
    }

    /// Runs `requests` requests, for `--profile-back-references`.
    static func profile(requests count: Int) {
        let requests = try! ComponentFactory.of(BackReferenceServer.self).build(())
        for next in 0..<count {
            blackHole(requests.build(next).handle())
        }
    }

    /// The process's resident memory, from /proc on Linux.
    static func residentKilobytes() -> Int? {
        #if os(Linux)
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard fscanf_statm(file, &size, &resident) == 2 else { return nil }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        #else
        return nil
        #endif
    }

    #if os(Linux)
    private static func fscanf_statm(_ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int) -> Int {
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, 256, file) != nil else { return 0 }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ").compactMap { Int($0) }
        guard fields.count >= 2 else { return 0 }
        size = fields[0]
        resident = fields[1]
        return 2
    }
    #endif
}
