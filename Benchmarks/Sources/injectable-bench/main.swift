// The graphs with every class `@Injectable`, against the same graphs' binding lines
// (issue 63). `Benchmarks/instructions.sh` counts the profile runs with callgrind.
//
//   injectable-bench --profile-construct SHAPE WAY COUNT   # `of` + `build` COUNT times, all but
//                                                          # the first in measuredLoop
//   injectable-bench --profile-resolve SHAPE WAY COUNT     # a warm graph's root, in measuredLoop
//   injectable-bench --profile-request SHAPE WAY COUNT     # a request's child graph, in measuredLoop
//   injectable-bench --allocations                         # allocations per operation, JSON lines
//
// SHAPE is IR1000 (the random graph), C1000 (a chain) or S1000 (a chain of singletons); WAY
// is `explicit` (a binding line per type) or `injectable` (none).
import BenchmarkSupport
import Foundation
import InjectableGraphs

Allocations.preloadInterposer()

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: injectable-bench --profile-construct|--profile-resolve|--profile-request SHAPE explicit|injectable COUNT | --allocations"

/// The way named `name` of `graph`.
func way(_ graph: InjectableGraph, _ name: String) -> InjectableGraphWay? {
    switch name {
    case "explicit": graph.explicit
    case "injectable": graph.injectable
    default: nil
    }
}

if arguments == ["--allocations"] {
    for graph in injectableGraphs {
        for name in ["explicit", "injectable"] {
            guard let way = way(graph, name) else { continue }
            let resolve = way.resolver()
            let request = way.request()
            let perCall: [(String, Double?)] = [
                ("construct", Allocations.perCall(5) { blackHole(way.construct()) }),
                ("resolve", Allocations.perCall(20) { blackHole(resolve()) }),
                ("request", Allocations.perCall(20) { blackHole(request()) }),
            ]
            for (measure, count) in perCall {
                print(#"{"measure":"\#(measure)-allocations","graph":"\#(graph.name)","way":"\#(name)","allocations_per_op":\#(count.map { String(Int($0.rounded())) } ?? "null")}"#)
            }
        }
    }
    exit(0)
}

guard arguments.count == 4, let count = Int(arguments[3]),
      let graph = injectableGraphs.first(where: { $0.name == arguments[1] }),
      let way = way(graph, arguments[2])
else {
    print(usage)
    exit(2)
}
switch arguments[0] {
case "--profile-construct":
    // The first construction pays the process's one-time costs; the others run in
    // measuredLoop, so that callgrind can count them alone.
    if count > 0 { blackHole(way.construct()) }
    measuredLoop(max(0, count - 1)) { blackHole(way.construct()) }
case "--profile-resolve", "--profile-request":
    let operation = arguments[0] == "--profile-resolve" ? way.resolver() : way.request()
    // Warmed up outside the count, as the other profiles are.
    for _ in 0..<10 { blackHole(operation()) }
    measuredLoop(count) { blackHole(operation()) }
default:
    print(usage)
    exit(2)
}
