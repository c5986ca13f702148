// Measures Cleanse against hand-written wiring and Swinject on the generated graphs G(N),
// and reports each median with its ratio to the hand-wired variant measured in the same run.
//
// Work in progress (issue 5): measures construct, resolve and singleton-1t so far; the
// cold resolve, 2-thread singleton, child graph, allocation, compile-time and memory
// measures are still to come.

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
let sampler = Sampler(samples: quick ? 5 : 15, minimumSampleNanoseconds: quick ? 2_000_000 : 10_000_000)

var results: [Result] = []

@MainActor
func record(_ measure: String, _ n: Int, handWired: Double, cleanse: Double, swinject: Double) {
    results.append(Result(measure: measure, n: n, framework: "handwired", medianNanoseconds: handWired, ratioToHandWired: 1))
    results.append(Result(measure: measure, n: n, framework: "cleanse", medianNanoseconds: cleanse, ratioToHandWired: cleanse / handWired))
    results.append(Result(measure: measure, n: n, framework: "swinject", medianNanoseconds: swinject, ratioToHandWired: swinject / handWired))
}

for graph in allGraphs {
    // Construction: hand-wired has none, so the ratio is taken against Swinject's registration.
    let construct = sampler.medianNanoseconds(graph.construct)
    let register = sampler.medianNanoseconds(graph.registerSwinject)
    results.append(Result(measure: "construct", n: graph.n, framework: "cleanse", medianNanoseconds: construct, ratioToHandWired: construct / register))
    results.append(Result(measure: "construct", n: graph.n, framework: "swinject", medianNanoseconds: register, ratioToHandWired: 1))

    record("resolve", graph.n,
           handWired: sampler.medianNanoseconds(graph.handWired()),
           cleanse: sampler.medianNanoseconds(graph.cleanse()),
           swinject: sampler.medianNanoseconds(graph.swinject()))
    record("singleton-1t", graph.n,
           handWired: sampler.medianNanoseconds(graph.singletonHandWired()),
           cleanse: sampler.medianNanoseconds(graph.singletonCleanse()),
           swinject: sampler.medianNanoseconds(graph.singletonSwinject()))
}

if asJSON {
    results.forEach { print($0.json) }
} else {
    print("| measure | n | framework | median ns | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for result in results {
        print("| \(result.measure) | \(result.n) | \(result.framework) | \(Int(result.medianNanoseconds.rounded())) | \(result.ratio)× |")
    }
    print("\nconstruct: the ratio is to Swinject's registration (hand-wired code has no construction step).")
}
