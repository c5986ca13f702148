// swift-tools-version: 6.0
import CompilerPluginSupport
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
        // `@Injectable`: its own product, so that apps without it never build swift-syntax.
        .library(name: "CleanseMacros", targets: ["CleanseMacros"]),
        .executable(name: "coffee-maker", targets: ["CoffeeMaker"]),
        .executable(name: "cleansec", targets: ["cleansec"]),
        // cleansec's analysis, for the Benchmarks package only. The underscore says what it is:
        // no API, no stability promise; apps validate graphs through `cleansec` or its plugins.
        .library(name: "_CleansecCore", targets: ["CleansecCore"]),
        .plugin(name: "CleansecPlugin", targets: ["CleansecPlugin"]),
        .plugin(name: "CleansecCommand", targets: ["CleansecCommand"]),
    ],
    dependencies: [
        // For cleansec only: a target that depends on the Cleanse library never builds them.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The plain graph model, the validators and the diagnostics. No runtime closures,
        // so the build-time validator can build the same model from source and reuse them.
        .target(name: "CleanseGraph", swiftSettings: strictSettings),
        // Two C library calls the Swift module map of the C library does not export (Linux).
        .target(name: "CCleanseSystem"),
        // The dependency-injection runtime: components, modules, the binder DSL, providers.
        .target(name: "Cleanse", dependencies: ["CleanseGraph", "CCleanseSystem"], swiftSettings: strictSettings),
        // `@Injectable` (`import CleanseMacros`): writes a class's `PropertyInjectable`
        // conformance from its `@Injected` properties. The macro's implementation runs in
        // the compiler, with swift-syntax, which cleansec builds too.
        // How `@Injectable` reads a type's declaration (which initializer the graph calls),
        // shared by the macro and cleansec.
        .target(name: "InjectableSyntax", dependencies: [.product(name: "SwiftSyntax", package: "swift-syntax")], swiftSettings: strictSettings),
        .macro(
            name: "CleanseMacrosPlugin",
            dependencies: [
                "CleanseGraph",
                "InjectableSyntax",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "CleanseMacros", dependencies: ["Cleanse", "CleanseMacrosPlugin"], swiftSettings: strictSettings),
        // The README's demonstration: Dagger's coffee maker wired with Cleanse.
        .executableTarget(name: "CoffeeMaker", dependencies: ["Cleanse"], swiftSettings: strictSettings),
        // cleansec, the build-time validator: reads Swift sources, builds the same
        // `ComponentModel` the runtime builds, and runs the same validators on it.
        .target(
            name: "CleansecCore",
            dependencies: [
                "InjectableSyntax",
                "CleanseGraph",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "cleansec",
            dependencies: ["CleansecCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        // `swift build` runs cleansec on a target that adopts this plugin.
        .plugin(name: "CleansecPlugin", capability: .buildTool(), dependencies: ["cleansec"]),
        // `swift package cleansec`: validates every target that depends on Cleanse.
        .plugin(
            name: "CleansecCommand",
            capability: .command(intent: .custom(verb: "cleansec", description: "Validate Cleanse object graphs at build time")),
            dependencies: ["cleansec"]
        ),
        // Small apps, with and without planted mistakes, that the parity tests run both
        // through ComponentFactory.of and through cleansec.
        .target(name: "CleansecFixtures", dependencies: ["Cleanse", "CleanseMacros", "VendorSDK"], path: "Tests/CleansecFixtures", swiftSettings: strictSettings),
        // A vendor's SDK the fixtures wire, given to cleansec only as its compiled module.
        .target(name: "VendorSDK", path: "Tests/VendorSDK", swiftSettings: strictSettings),
        // How the tests launch the toolchain (compile probes that fail when the compiler does not
        // answer) and the switch between the quick loop and the full suite.
        .target(name: "TestToolchain", path: "Tests/TestToolchain", swiftSettings: strictSettings),
        // `cleansec` is a dependency so that its executable is built for CommandLineTests.
        .testTarget(name: "CleansecTests", dependencies: ["CleansecCore", "CleansecFixtures", "Cleanse", "cleansec", "TestToolchain"], swiftSettings: strictSettings),
        .testTarget(name: "CleanseGraphTests", dependencies: ["CleanseGraph"], swiftSettings: strictSettings),
        .testTarget(name: "CleanseTests", dependencies: ["Cleanse", "TestToolchain"], swiftSettings: strictSettings),
        .testTarget(name: "CleanseMacrosTests", dependencies: ["CleanseMacros", "Cleanse", "CleansecFixtures", "TestToolchain"], swiftSettings: strictSettings),
        // Cleanse 4 code in the Swift 5 language mode, as apps that have not moved to Swift 6
        // compile it: hand-made providers over plain state must keep compiling there.
        .testTarget(name: "CleanseSwift5Tests", dependencies: ["Cleanse"], swiftSettings: [.swiftLanguageMode(.v5)]),
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

