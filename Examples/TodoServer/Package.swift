// swift-tools-version: 6.1
import PackageDescription

// cleansec validates the server's object graph at build time when TODO_SERVER_CLEANSEC=1:
// opt-in, because the plugin builds swift-syntax first (minutes on a 2-core machine), which
// a first `swift run` should not pay. `.ci/run` builds and tests with it on.
let validatesGraphAtBuildTime = Context.environment["TODO_SERVER_CLEANSEC"] == "1"

// A JSON API on Hummingbird 2 wired with Cleanse: a root component for the server's
// singletons, a child component per request. Its own package, so that the Cleanse library
// and its `swift test` stay free of dependencies.
//   swift run --package-path Examples/TodoServer todo-server --help
let package = Package(
    name: "TodoServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "todo-server", targets: ["todo-server"]),
        .executable(name: "todo-server-handwired", targets: ["todo-server-handwired"]),
    ],
    // PostgreSQL support is opt-in: PostgresNIO brings two copies of BoringSSL (its own TLS
    // and swift-crypto's), over 500 C files a first `swift run` against SQLite should not
    // compile. Without the trait, DATABASE_URL is refused by name.
    //   swift run --package-path Examples/TodoServer --traits PostgreSQL todo-server
    traits: [
        .trait(name: "PostgreSQL", description: "Serve from PostgreSQL when DATABASE_URL is set (builds PostgresNIO and NIOSSL)."),
    ],
    dependencies: [
        .package(name: "Cleanse", path: "../.."),
        // Construction spans under each request's span (a tracing backend bootstrapped).
        .package(name: "CleanseTracing", path: "../../Integrations/CleanseTracing"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.3.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: []),
    ],
    targets: [
        // The application: configuration, database, request scope, features, server.
        .target(
            name: "TodoServerCore",
            dependencies: [
                .product(name: "Cleanse", package: "Cleanse"),
                .product(name: "CleanseTracing", package: "CleanseTracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            plugins: validatesGraphAtBuildTime ? [.plugin(name: "CleansecPlugin", package: "Cleanse")] : []
        ),
        // The command line both executables share: options, settings read through
        // swift-configuration (flags first, then the environment), exit statuses.
        .target(
            name: "TodoServerCommandLine",
            dependencies: [
                "TodoServerCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .executableTarget(name: "todo-server", dependencies: ["TodoServerCommandLine"]),
        // The same server with every object made by hand, no Cleanse graph: what the load
        // script compares the DI server with, route by route, and the request-scope profile
        // compares a request's component with. Not part of the shipped server.
        .target(name: "TodoServerHandWired", dependencies: ["TodoServerCore"]),
        .executableTarget(name: "todo-server-handwired", dependencies: ["TodoServerCommandLine", "TodoServerHandWired"]),
        .executableTarget(name: "request-scope-profile", dependencies: ["TodoServerCore", "TodoServerHandWired"]),
        .testTarget(
            name: "TodoServerTests",
            dependencies: [
                "TodoServerCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "CleanseTracing", package: "CleanseTracing"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            // The tests' `ComponentFactory.of(_:overrides:)` graphs are checked too.
            plugins: validatesGraphAtBuildTime ? [.plugin(name: "CleansecPlugin", package: "Cleanse")] : []
        ),
    ],
    swiftLanguageModes: [.v6]
)
