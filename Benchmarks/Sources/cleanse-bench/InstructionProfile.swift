// Entry points for counting instructions with callgrind (see `Benchmarks/instructions.sh`):
// one workload run a fixed number of times, its set-up outside what is counted.
import BenchmarkSupport

enum InstructionProfile {
    /// The synchronous measures that can be counted, by the names the report gives them.
    static func variants(of graph: GraphUnderTest, _ measure: String) -> Variants? {
        switch measure {
        case "resolve": graph.resolve
        case "resolve-cold": graph.resolveCold
        case "singleton-1t": graph.singleton
        case "child": graph.child
        default: nil
        }
    }

    /// `--profile-variant MEASURE FRAMEWORK N COUNT [layered|random]`: sets up
    /// `FRAMEWORK`'s variant of `MEASURE` on the graph of `N` types (the layered one unless
    /// `random` is given) and runs it `COUNT` times in `measuredLoop`. Returns whether the
    /// arguments named a variant.
    static func run(_ arguments: [String]) -> Bool {
        let shape = arguments.count == 5 ? arguments[4] : "layered"
        guard arguments.count == 4 || arguments.count == 5, let n = Int(arguments[2]), let count = Int(arguments[3]),
              let graph = allGraphs.first(where: { $0.n == n && $0.name == shape }),
              let variants = variants(of: graph, arguments[0]),
              let setUp = variants.byFramework.first(where: { $0.framework == arguments[1] })?.setUp
        else { return false }
        let operation = setUp()
        // Warmed up outside the count: first calls fill caches of type metadata and memory.
        for _ in 0..<10 {
            operation()
        }
        measuredLoop(count, operation)
        return true
    }
}
