// swift-tools-version: 6.0
import PackageDescription

// A small app that adopts cleansec's build-tool plugin: `swift build` validates its object
// graph and fails with Cleanse's diagnostics on the offending lines. The graph spans two
// targets: the plugin reads `BakeryKit` through its partial model.
let package = Package(
    name: "CleansecSample",
    dependencies: [.package(name: "Cleanse", path: "../..")],
    targets: [
        .target(
            name: "BakeryKit",
            dependencies: [.product(name: "Cleanse", package: "Cleanse")]
        ),
        .executableTarget(
            name: "Bakery",
            dependencies: ["BakeryKit", .product(name: "Cleanse", package: "Cleanse")],
            plugins: [.plugin(name: "CleansecPlugin", package: "Cleanse")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
