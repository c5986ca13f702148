// swift-tools-version: 6.0
import PackageDescription

// A small app that adopts cleansec's build-tool plugin: `swift build` validates its object
// graph and fails with Cleanse's diagnostics on the offending lines.
let package = Package(
    name: "CleansecSample",
    dependencies: [.package(name: "Cleanse", path: "../..")],
    targets: [
        .executableTarget(
            name: "Bakery",
            dependencies: [.product(name: "Cleanse", package: "Cleanse")],
            plugins: [.plugin(name: "CleansecPlugin", package: "Cleanse")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
