// swift-tools-version: 6.0
import PackageDescription

// An app split into feature modules, as teams structure large apps. Each feature declares
// what it needs from outside as a protocol and seeds its own root component with it; the app
// conforms to those protocols and installs the features (`install(feature:)`). No feature
// imports the app or another feature. cleansec's build-tool plugin validates each feature's
// graph in its own target and the app's graph, across targets, in the app's.
let package = Package(
    name: "MultiModuleApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "Cleanse", path: "../.."),
        // A vendor SDK in a package of its own, which does not use Cleanse.
        .package(path: "Packages/AnalyticsKit"),
    ],
    targets: [
        // Services every feature uses, and the module that binds them.
        .target(
            name: "Core",
            dependencies: [
                .product(name: "Cleanse", package: "Cleanse"), .product(name: "CleanseMacros", package: "Cleanse"),
                .product(name: "AnalyticsKit", package: "AnalyticsKit"),
            ]
        ),
        // Colours and type: a plain target that does not use Cleanse.
        .target(name: "DesignSystem"),
        // The profile feature: a user's profile and their follow button.
        .target(
            name: "FeatureA",
            dependencies: ["Core", "DesignSystem", .product(name: "Cleanse", package: "Cleanse"), .product(name: "CleanseMacros", package: "Cleanse")],
            plugins: [.plugin(name: "CleansecPlugin", package: "Cleanse")]
        ),
        // The feed feature: posts, and a way out to the author's profile it does not know.
        .target(
            name: "FeatureB",
            dependencies: ["Core", .product(name: "Cleanse", package: "Cleanse"), .product(name: "CleanseMacros", package: "Cleanse")],
            plugins: [.plugin(name: "CleansecPlugin", package: "Cleanse")]
        ),
        // The app: its graph provides every feature's dependencies and opens the features.
        .executableTarget(
            name: "App",
            dependencies: ["Core", "FeatureA", "FeatureB", .product(name: "Cleanse", package: "Cleanse")],
            plugins: [.plugin(name: "CleansecPlugin", package: "Cleanse")]
        ),
        .testTarget(name: "FeatureATests", dependencies: ["FeatureA", "Core", "DesignSystem", .product(name: "Cleanse", package: "Cleanse")]),
        .testTarget(name: "FeatureBTests", dependencies: ["FeatureB", "Core", .product(name: "Cleanse", package: "Cleanse")]),
        .testTarget(name: "AppTests", dependencies: ["App", "Core", "DesignSystem", "FeatureA", "FeatureB", .product(name: "Cleanse", package: "Cleanse")]),
    ],
    swiftLanguageModes: [.v6]
)
