// swift-tools-version: 6.0
import PackageDescription

// A vendor's analytics SDK, distributed as a Swift package of its own. It knows nothing of
// Cleanse: the app's Core module binds its uploader like any other type.
let package = Package(
    name: "AnalyticsKit",
    products: [.library(name: "AnalyticsKit", targets: ["AnalyticsKit"])],
    targets: [.target(name: "AnalyticsKit")],
    swiftLanguageModes: [.v6]
)
