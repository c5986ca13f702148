// swift-tools-version: 6.1
import PackageDescription

// cleansec validates the server's object graph at build time when TODO_SERVER_CLEANSEC=1:
// opt-in, because the plugin builds swift-syntax first (minutes on a 2-core machine), which
// a first `swift run` should not pay. `.ci/run` builds and tests with it on.
let validatesGraphAtBuildTime = Context.environment["TODO_SERVER_CLEANSEC"] == "1"

// A JSON API on Hummingbird 2 wired with Cleanse: a root component for the server's
// singletons, a child component per request. Its own package, so that the Cleanse library
// and its `swift test` stay free of dependencies.
//   swift run --package-path Examples/TodoServer todo-server [--port 8080] [--database PATH]
let package = Package(
    name: "TodoServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "todo-server", targets: ["todo-server"]),
    ],
    dependencies: [
        .package(name: "Cleanse", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The application: configuration, database, request scope, features, server.
        .target(
            name: "TodoServerCore",
            dependencies: [
                .product(name: "Cleanse", package: "Cleanse"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            plugins: validatesGraphAtBuildTime ? [.plugin(name: "CleansecPlugin", package: "Cleanse")] : []
        ),
        .executableTarget(
            name: "todo-server",
            dependencies: ["TodoServerCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "TodoServerTests",
            dependencies: [
                "TodoServerCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
