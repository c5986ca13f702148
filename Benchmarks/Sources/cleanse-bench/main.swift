// Measures Cleanse against hand-written wiring and Swinject on the generated graphs G(N),
// and reports each median with its ratio to the hand-wired variant measured in the same run.
//
//   swift run -c release --package-path Benchmarks cleanse-bench [--quick] [--json]
//
// The measures are listed in Benchmarks/README.md.
import BenchmarkGraphs
import BenchmarkSupport
import Foundation
import Cleanse
import Graph10000

Allocations.preloadInterposer()

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
/// `--profile-construct N [layered|random] [COUNT]`: builds the graph of N types COUNT times
/// (by default 50, or 500 below 1,000 types) and exits, for a profiler to watch;
/// `--profile-register` does the same with Swinject's registration. N = 10000 is G(10,000).
for (flag, isCleanse) in [("--profile-construct", true), ("--profile-register", false)] {
    guard let index = arguments.firstIndex(of: flag) else { continue }
    let rest = Array(arguments[arguments.index(after: index)...])
    if rest.first == "10000" {
        let count = rest.count > 2 ? Int(rest[2]) ?? 0 : 5
        for _ in 0..<count { blackHole(isCleanse ? G10000ConstructCleanse() : G10000RegisterSwinject()) }
        exit(0)
    }
    guard let n = rest.first.flatMap({ Int($0) }),
          let graph = allGraphs.first(where: { $0.n == n && (rest.count < 2 || $0.name == rest[1]) }) else {
        print("usage: \(flag) N [layered|random] [COUNT]")
        exit(2)
    }
    let count = rest.count > 2 ? Int(rest[2]) ?? 0 : (n >= 1000 ? 50 : 500)
    for _ in 0..<count { isCleanse ? graph.construct() : graph.register() }
    exit(0)
}
/// `--profile-injected-property handwired|cleanse COUNT`: fills COUNT screens' five
/// properties, inside `measuredLoop`, and exits.
if let flag = arguments.firstIndex(of: "--profile-injected-property") {
    let rest = Array(arguments[arguments.index(after: flag)...].prefix(2))
    guard rest.count == 2, let count = Int(rest[1]) else {
        print("usage: --profile-injected-property handwired|cleanse COUNT")
        exit(2)
    }
    PropertyInjectionMeasure.profile(rest[0], count: count)
    exit(0)
}
/// `--profile-feature-open handwired|cleanse|cleanse-of-per-open COUNT`: opens a feature's
/// screen COUNT times, inside `measuredLoop`, and exits.
if let flag = arguments.firstIndex(of: "--profile-feature-open") {
    let rest = Array(arguments[arguments.index(after: flag)...].prefix(2))
    guard rest.count == 2, let count = Int(rest[1]), FeatureOpenMeasure.profile(rest[0], count: count) else {
        print("usage: --profile-feature-open handwired|cleanse|cleanse-of-per-open COUNT")
        exit(2)
    }
    exit(0)
}
/// `--profile-async`: resolves the asynchronous graph a thousand times and exits.
if arguments.contains("--profile-async") {
    AsyncMeasures.profile()
    exit(0)
}
/// `--profile-async-handwired`: the same graph wired by hand, for comparing counts.
if arguments.contains("--profile-async-handwired") {
    AsyncMeasures.profileHandWired()
    exit(0)
}
/// `--profile-variant MEASURE FRAMEWORK N COUNT`: one variant of a synchronous measure,
/// `COUNT` times, for `Benchmarks/instructions.sh`.
if let flag = arguments.firstIndex(of: "--profile-variant") {
    let rest = Array(arguments[arguments.index(after: flag)...].prefix(4))
    guard InstructionProfile.run(rest) else {
        print("usage: --profile-variant resolve|resolve-cold|singleton-1t|child handwired|cleanse|swinject 100|1000 COUNT [layered|random]")
        exit(2)
    }
    exit(0)
}
/// `--profile-back-references COUNT`: runs COUNT requests through the back-reference
/// child component and exits, for counting instructions per request.
if let flag = arguments.firstIndex(of: "--profile-back-references"), let count = Int(arguments[arguments.index(after: flag)]) {
    BackReferences.profile(requests: count)
    exit(0)
}
/// `--profile-singleton N`: gets G(N)'s singleton a million times and exits.
if let flag = arguments.firstIndex(of: "--profile-singleton"), let n = Int(arguments[arguments.index(after: flag)]),
   let graph = allGraphs.first(where: { $0.n == n }) {
    let get = graph.singleton.cleanse()
    for _ in 0..<1_000_000 { get() }
    exit(0)
}
/// `--compile-corpus DIR`: writes the sources the compile rows compile (the random graph's
/// types and its three wirings) into DIR, and stops.
if let flag = arguments.firstIndex(of: "--compile-corpus"), arguments.indices.contains(flag + 1) {
    let shape = BenchmarkSources.measuredGraphs.first { $0.name == "random" }!.shape
    do {
        try CompileTime.writeCorpus(shape, to: URL(fileURLWithPath: arguments[flag + 1]))
        exit(0)
    } catch {
        print("cannot write the compile corpus: \(error)")
        exit(1)
    }
}
let sampler = Sampler(samples: quick ? 5 : 15, minimumSampleNanoseconds: quick ? 2_000_000 : 10_000_000)
let contention = Contention(trials: quick ? 7 : 21, callsPerThread: quick ? 20_000 : 200_000)
let compileTime = CompileTime(rounds: quick ? 3 : 5)

var rows: [Row] = []

/// `--async-only`: the asynchronous rows alone, for working on them.
if arguments.contains("--async-only") {
    print(Row.markdownHeader)
    AsyncMeasures.resolve(sampler: sampler).forEach { print($0.markdown) }
    exit(0)
}

/// Times each framework's variant of one measure, sampled in turn (hand-wired first, so
/// that ratios are to it), with its allocations per operation.
func timeVariants(_ measure: String, _ graph: GraphUnderTest, _ variants: Variants) -> [Row] {
    var rows: [Row] = []
    var timed: [(framework: String, operation: () -> Void)] = []
    for (framework, setUp) in variants.byFramework {
        guard let setUp else {
            rows.append(Row(measure: measure, graph: graph.name, n: graph.n, framework: framework, medianNanoseconds: nil, ratio: nil,
                            facts: [("skipped", "\"Swinject stops past a resolution depth of 200\"")]))
            continue
        }
        timed.append((framework, setUp()))
    }
    let medians = sampler.interleavedMedians(timed.map(\.operation))
    for ((framework, operation), (time, ratio)) in zip(timed, medians) {
        rows.append(Row(measure: measure, graph: graph.name, n: graph.n, framework: framework, medianNanoseconds: time, ratio: ratio,
                        allocationsPerOperation: Allocations.perCall(10, operation)))
    }
    return rows
}

/// Gets a counting singleton from two threads, from a fresh graph each trial.
func timeContention(_ graph: GraphUnderTest) -> [Row] {
    var rows: [Row] = []
    var handWired = Double.nan
    for (framework, setUp) in graph.contended.byFramework {
        guard let setUp else { continue }
        let (time, counts) = contention.measure(setUp)
        if framework == "handwired" { handWired = time }
        let exactlyOnce = counts.allSatisfy { $0 == 1 }
        rows.append(Row(measure: "singleton-2t", graph: graph.name, n: graph.n, framework: framework, medianNanoseconds: time, ratio: time / handWired,
                        facts: [("constructions_per_trial", "[" + counts.map(String.init).joined(separator: ",") + "]"),
                                ("built_once_every_trial", "\(exactlyOnce)")]))
    }
    return rows
}

/// Weighs a warm graph with its root, and checks that handled requests leave nothing behind.
func weighMemory(_ graph: GraphUnderTest) -> [Row] {
    var rows: [Row] = []
    var handWired: Double?
    for ((framework, warmGraph), (_, child)) in zip(graph.warmGraph.byFramework, graph.child.byFramework) {
        guard let warmGraph, let child else { continue }
        var kept: (() -> Void)?
        let bytes = Allocations.liveBytes { kept = warmGraph() }
        blackHole(kept)
        kept = nil
        let request = child()
        request()
        let left = Allocations.liveAllocations { for _ in 0..<1_000 { request() } }
        if framework == "handwired" { handWired = bytes.map(Double.init) }
        var row = Row(measure: "memory", graph: graph.name, n: graph.n, framework: framework, medianNanoseconds: nil,
                      ratio: bytes.flatMap { bytes in handWired.map { Double(bytes) / $0 } })
        row.facts = [("bytes", bytes.map(String.init) ?? "null"),
                     ("allocations_left_after_1000_requests", left.map(String.init) ?? "null")]
        rows.append(row)
    }
    return rows
}

// `--quick` measures the random graph and the small layered one; the full run every graph.
for graph in allGraphs where !quick || graph.name == "random" || graph.n == 100 {
    // Construction: hand-wired code has none, so the ratio is to Swinject's registration.
    let register = sampler.medianNanoseconds(graph.register)
    let construct = sampler.medianNanoseconds(graph.construct)
    rows.append(Row(measure: "construct", graph: graph.name, n: graph.n, framework: "cleanse", medianNanoseconds: construct, ratio: construct / register,
                    allocationsPerOperation: Allocations.perCall(3, graph.construct)))
    rows.append(Row(measure: "construct", graph: graph.name, n: graph.n, framework: "swinject", medianNanoseconds: register, ratio: 1,
                    allocationsPerOperation: Allocations.perCall(3, graph.register)))
    // The launch profile's cost: construction with a profile watching, against without.
    let observed = sampler.medianNanoseconds { graph.constructObserved(LaunchProfile()) }
    rows.append(Row(measure: "launch-profile-overhead", graph: graph.name, n: graph.n, framework: "cleanse", medianNanoseconds: observed,
                    ratio: observed / construct))
    rows += timeVariants("resolve", graph, graph.resolve)
    rows += timeVariants("resolve-cold", graph, graph.resolveCold)
    rows += timeVariants("singleton-1t", graph, graph.singleton)
    rows += timeContention(graph)
    rows += timeVariants("child", graph, graph.child)
    rows += weighMemory(graph)
}

// Lifetimes: per-request children whose shared objects hold handles on their component.
rows.append(BackReferences.measure(sampler: sampler))

// `@Injected` properties: per property, through the injector against by hand.
rows += PropertyInjectionMeasure.measure(sampler: sampler)

// Opening a feature module's screen: through its `FeatureFactory`, through
// `ComponentFactory.of` each time, and by hand.
rows += FeatureOpenMeasure.measure(sampler: sampler)

// Asynchronous bindings.
rows += AsyncMeasures.resolve(sampler: sampler)
rows.append(AsyncMeasures.concurrentAwait(sampler: sampler, trials: quick ? 5 : 20))

// G(10,000): construction only (see Package.swift).
do {
    let construct = { blackHole(G10000ConstructCleanse()) }
    let register = { blackHole(G10000RegisterSwinject()) }
    let cleanseTime = sampler.medianNanoseconds(construct)
    let swinjectTime = sampler.medianNanoseconds(register)
    rows.append(Row(measure: "construct", n: 10_000, framework: "cleanse", medianNanoseconds: cleanseTime, ratio: cleanseTime / swinjectTime,
                    allocationsPerOperation: Allocations.perCall(1, construct)))
    rows.append(Row(measure: "construct", n: 10_000, framework: "swinject", medianNanoseconds: swinjectTime, ratio: 1,
                    allocationsPerOperation: Allocations.perCall(1, register)))
}

// Compile time of the random graph's wiring alone, release and debug.
let compiledShape = BenchmarkSources.measuredGraphs.first { $0.name == "random" }!.shape
for configuration in CompileTime.Configuration.allCases {
    let measure = "compile-\(configuration.rawValue)"
    guard let results = compileTime.measure(compiledShape, configuration) else {
        rows.append(Row(measure: measure, graph: "random", n: compiledShape.count, framework: "handwired", medianNanoseconds: nil, ratio: nil,
                        facts: [("skipped", "\"swiftc or the built modules not found\"")]))
        continue
    }
    for wiring in CompileTime.wirings {
        let (time, ratio) = results[wiring]!
        rows.append(Row(measure: measure, graph: "random", n: compiledShape.count, framework: wiring, medianNanoseconds: time, ratio: ratio,
                        facts: [("cpu", "true")]))
    }
}

if asJSON {
    rows.forEach { print($0.json) }
} else {
    print(Row.markdownHeader)
    rows.forEach { print($0.markdown) }
    print("""

        construct: the ratio is to Swinject's registration (hand-wired code has no construction step).
        memory: bytes held by a warm graph and its root; allocations left after 1,000 handled requests.
        allocations/op: \(Allocations.areCounted ? "counted by ordo-one's malloc interposer" : "not counted (interposer not preloaded)").
        """)
}
