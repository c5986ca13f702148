// swift-tools-version: 6.0
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
