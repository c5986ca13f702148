// swift-tools-version: 6.2
import PackageDescription

// Cleanse's construction events as swift-distributed-tracing spans. Its own package: the
// tracing package needs tools 6.2, which the Cleanse library's manifest must not require,
// and an app that does not trace never resolves it.
//   swift test --package-path Integrations/CleanseTracing
let package = Package(
    name: "CleanseTracing",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CleanseTracing", targets: ["CleanseTracing"]),
    ],
    dependencies: [
        .package(name: "Cleanse", path: "../.."),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.3.0"),
    ],
    targets: [
        .target(
            name: "CleanseTracing",
            dependencies: [
                .product(name: "Cleanse", package: "Cleanse"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "CleanseTracingTests",
            dependencies: [
                "CleanseTracing",
                .product(name: "Cleanse", package: "Cleanse"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
