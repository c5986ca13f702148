// swift-tools-version: 6.0
import PackageDescription

// Apps written as public Cleanse 4 apps are: Swift 5 code, UIKit-style hierarchies,
// coordinators holding providers, `#if DEBUG` fakes, generic modules, vendor SDKs, each app
// split into targets. `measure.py` builds them, takes each root's graph and errors from the
// runtime (the `…Check` executables) and compares them with what cleansec reads target by
// target, as its build plugin runs it. `UIKit`, `AppKit`, `shared` (a Kotlin Multiplatform
// framework) and `VendorMetrics` stand in for compiled SDKs: cleansec sees them as compiled
// modules.
let cleanse: [Target.Dependency] = [.product(name: "Cleanse", package: "Cleanse")]

let package = Package(
    name: "AppCorpus",
    dependencies: [.package(name: "Cleanse", path: "../..")],
    targets: [
        // Stand-ins for compiled SDKs.
        .target(name: "UIKit"),
        .target(name: "shared"),
        .target(name: "VendorMetrics"),
        .target(name: "AppKit"),
        // Prints a root's runtime graph and errors as a JSON line.
        .target(name: "CorpusReport", dependencies: cleanse),

        // A coordinator app: routes as protocols the coordinator conforms to, a custom scope.
        .target(name: "TryoutCore", dependencies: ["UIKit"] + cleanse),
        .target(name: "TryoutLogin", dependencies: ["TryoutCore", "UIKit"] + cleanse),
        .target(name: "TryoutApp", dependencies: ["TryoutCore", "TryoutLogin", "UIKit"] + cleanse),
        .executableTarget(name: "TryoutCheck", dependencies: ["TryoutApp", "CorpusReport"] + cleanse),

        // A GitHub browser: services and networking in their own target, tags, collections.
        .target(name: "BrowserServices", dependencies: cleanse),
        .target(name: "BrowserApp", dependencies: ["BrowserServices", "UIKit"] + cleanse),
        .executableTarget(name: "BrowserCheck", dependencies: ["BrowserApp", "CorpusReport"] + cleanse),

        // A Kotlin Multiplatform app: a subcomponent seeded with a dependencies protocol.
        .target(name: "DefinitionsFeature", dependencies: ["shared"] + cleanse),
        .target(name: "DefinitionsApp", dependencies: ["DefinitionsFeature", "shared"] + cleanse),
        .executableTarget(name: "DefinitionsCheck", dependencies: ["DefinitionsApp", "CorpusReport"] + cleanse),

        // An LED controller: a seeded root component that is its own root, collections.
        .target(name: "LedKit", dependencies: cleanse),
        .target(name: "LedServer", dependencies: ["LedKit", "VendorMetrics"] + cleanse),
        .executableTarget(name: "LedCheck", dependencies: ["LedServer", "CorpusReport"] + cleanse),

        // Clean architecture: generic transformers with nested modules, fakes for tests.
        .target(name: "GamesDomain", dependencies: cleanse),
        .target(name: "GamesPresentation", dependencies: ["GamesDomain", "UIKit"] + cleanse),
        .executableTarget(name: "GamesCheck", dependencies: ["GamesPresentation", "CorpusReport"] + cleanse),

        // A macOS menu-bar app: closures that make AppKit objects, repositories made by hand.
        .target(name: "MenuBarData", dependencies: ["AppKit"] + cleanse),
        .target(name: "MenuBarApp", dependencies: ["MenuBarData", "AppKit"] + cleanse),
        .executableTarget(name: "MenuBarCheck", dependencies: ["MenuBarApp", "CorpusReport"] + cleanse),

        // A store: assisted factories, a seeded subcomponent, a `Binder` helper, a vendor SDK.
        .target(name: "StoreKitCore", dependencies: ["VendorMetrics"] + cleanse),
        .target(name: "StoreCatalog", dependencies: ["StoreKitCore", "UIKit"] + cleanse),
        .target(name: "StoreApp", dependencies: ["StoreCatalog", "StoreKitCore", "UIKit"] + cleanse),
        .executableTarget(name: "StoreCheck", dependencies: ["StoreApp", "CorpusReport"] + cleanse),
    ],
    swiftLanguageModes: [.v5]
)
