// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Strictness every target shares: Swift 6 language mode plus the upcoming features
/// that keep imports and existentials explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Cleanse",
    products: [
        .library(name: "Cleanse", targets: ["Cleanse"]),
        .executable(name: "coffee-maker", targets: ["CoffeeMaker"]),
    ],
    targets: [
        // The plain graph model, the validators and the diagnostics. No runtime closures,
        // so the build-time validator can build the same model from source and reuse them.
        .target(name: "CleanseGraph", swiftSettings: strictSettings),
        // The dependency-injection runtime: components, modules, the binder DSL, providers.
        .target(name: "Cleanse", dependencies: ["CleanseGraph"], swiftSettings: strictSettings),
        // The README's demonstration: Dagger's coffee maker wired with Cleanse.
        .executableTarget(name: "CoffeeMaker", dependencies: ["Cleanse"], swiftSettings: strictSettings),
        .testTarget(name: "CleanseGraphTests", dependencies: ["CleanseGraph"], swiftSettings: strictSettings),
        .testTarget(name: "CleanseTests", dependencies: ["Cleanse"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation catalog (Sources/Cleanse/Documentation.docc) builds with the
// swift-docc-plugin, a tool for this repository's developers only: it is added when
// CLEANSE_DOCS is set, so packages that depend on Cleanse never resolve or build it.
//     CLEANSE_DOCS=1 swift package generate-documentation --target Cleanse
if ProcessInfo.processInfo.environment["CLEANSE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

