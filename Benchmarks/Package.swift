// swift-tools-version: 6.0
import PackageDescription

// The benchmark suite lives in its own package so that the Cleanse library stays free of
// dependencies. Run it from the repository root:
//   swift run -c release --package-path Benchmarks cleanse-bench [--quick] [--json]
let package = Package(
    name: "CleanseBenchmarks",
    // Synchronization's atomics, which count constructions under contention.
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Cleanse", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        // Allocation counts; the benchmark preloads its library into itself.
        .package(url: "https://github.com/ordo-one/malloc-interposer", exact: "1.6.1"),
    ],
    targets: [
        // The benchmark graphs, written at build time by the GenerateGraphs plugin (and at run
        // time for the compile measure): nothing generated is committed.
        .target(name: "BenchmarkGraphs"),
        // What the benchmark executables share: allocation counts, the black hole, the loop
        // callgrind counts.
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")]),
        .executableTarget(name: "generate-graphs", dependencies: ["BenchmarkGraphs"]),
        .plugin(name: "GenerateGraphs", capability: .buildTool(), dependencies: ["generate-graphs"]),
        // G(10,000), for the construction measure only: generated code compiled without
        // optimization, which keeps the suite's clean build under 5 minutes on 2 cores.
        // Construction itself runs in the optimized Cleanse and Swinject modules.
        .target(
            name: "Graph10000",
            dependencies: [
                .product(name: "Cleanse", package: "Cleanse"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            swiftSettings: [.unsafeFlags(["-Onone"])],
            plugins: ["GenerateGraphs"]
        ),
        .executableTarget(
            name: "cleanse-bench",
            dependencies: [
                .product(name: "Cleanse", package: "Cleanse"),
                .product(name: "Swinject", package: "Swinject"),
                "BenchmarkSupport",
                "Graph10000",
                "BenchmarkGraphs",
            ],
            plugins: ["GenerateGraphs"]
        ),
        // The graphs with every class `@Injectable` (issue 63), each wired with binding lines
        // and by constructor injection alone. Its own module and executable: the macro needs
        // swift-syntax, which the runtime benchmarks never build.
        .target(
            name: "InjectableGraphs",
            dependencies: [.product(name: "Cleanse", package: "Cleanse"), .product(name: "CleanseMacros", package: "Cleanse")],
            plugins: ["GenerateGraphs"]
        ),
        .executableTarget(name: "injectable-bench", dependencies: ["InjectableGraphs", "BenchmarkSupport"]),
        // cleansec's analysis of the generated sources; its own product, so the runtime
        // benchmarks never build swift-syntax.
        .executableTarget(
            name: "cleansec-bench",
            dependencies: [.product(name: "_CleansecCore", package: "Cleanse"), "BenchmarkGraphs"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
