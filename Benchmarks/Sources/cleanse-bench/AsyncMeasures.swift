import BenchmarkSupport
import Cleanse
import Dispatch
import Foundation
import Synchronization

// Asynchronous bindings (issue 12): resolving a root whose graph has one asynchronous
// binding in ten, against the same wiring written by hand with `await`; and 1,000 tasks
// awaiting one shared asynchronous binding of a fresh graph.

enum AsyncMeasures {
    /// Resolutions per timed operation: one blocking hop into Swift concurrency per batch,
    /// so that the hop is amortised the same way for both variants.
    static let batch = 100

    /// Runs `body` in a task and waits for it, from a thread outside the cooperative pool.
    static func blocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }

    /// How many resolutions a profiling run makes: a thousand, for an instruction counter;
    /// `CLEANSE_BENCH_PROFILE_COUNT` sets more, for a sampling profiler.
    static var profileCount: Int {
        ProcessInfo.processInfo.environment["CLEANSE_BENCH_PROFILE_COUNT"].flatMap(Int.init) ?? 1_000
    }

    /// Resolves the asynchronous graph `profileCount` times, for a profiler to watch.
    static func profile() {
        let factory = try! ComponentFactory.of(GAComponent.self)
        let count = profileCount
        blocking { for _ in 0..<count { blackHole(try! await factory.buildAsync(())) } }
    }

    /// Resolves the hand-wired asynchronous graph `profileCount` times, for a profiler to watch.
    static func profileHandWired() {
        let count = profileCount
        blocking { for _ in 0..<count { blackHole(await gaHandWired()) } }
    }

    static func resolve(sampler: Sampler) -> [Row] {
        let factory = try! ComponentFactory.of(GAComponent.self)
        let handWired = { blocking { for _ in 0..<batch { blackHole(await gaHandWired()) } } }
        let cleanse = { blocking { for _ in 0..<batch { blackHole(try! await factory.buildAsync(())) } } }
        let medians = sampler.interleavedMedians([handWired, cleanse])
        return [
            Row(measure: "resolve-async", n: ASYNC_N, framework: "handwired", medianNanoseconds: medians[0].nanoseconds / Double(batch), ratio: 1,
                facts: [("async_bindings", "\(ASYNC_N / 10)")]),
            Row(measure: "resolve-async", n: ASYNC_N, framework: "cleanse", medianNanoseconds: medians[1].nanoseconds / Double(batch),
                ratio: medians[1].ratio, facts: [("async_bindings", "\(ASYNC_N / 10)")]),
        ]
    }

    /// A shared asynchronous binding that counts its constructions.
    final class Connection: Sendable {
        static let built = Atomic<Int>(0)
        init() async {
            Connection.built.add(1, ordering: .relaxed)
            await Task.yield()
        }
    }

    struct ConnectionModule: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Connection.self).sharedInScope().to { () async -> Connection in await Connection() }
        }
    }

    static let waiters = 1_000

    /// 1,000 tasks awaiting one shared asynchronous binding of a fresh graph, per trial.
    static func concurrentAwait(sampler: Sampler, trials: Int) -> Row {
        let factory = try! ComponentFactory.of(ModuleComponent<ConnectionModule, AsyncProvider<Connection>>.self)
        var constructions: [Int] = []
        for _ in 0..<trials {
            let provider = factory.build(())
            let before = Connection.built.load(ordering: .relaxed)
            blocking {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<waiters {
                        group.addTask { blackHole(try! await provider.get()) }
                    }
                }
            }
            constructions.append(Connection.built.load(ordering: .relaxed) - before)
        }
        let time = sampler.medianNanoseconds {
            let provider = factory.build(())
            blocking {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<waiters {
                        group.addTask { blackHole(try! await provider.get()) }
                    }
                }
            }
        }
        return Row(measure: "async-concurrent-await", n: waiters, framework: "cleanse", medianNanoseconds: time, ratio: nil,
                   facts: [("constructions_per_trial", "[" + constructions.map(String.init).joined(separator: ",") + "]"),
                           ("built_once_every_trial", "\(constructions.allSatisfy { $0 == 1 })")])
    }
}

let ASYNC_N = 100
