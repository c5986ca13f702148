import CleansecCore
import Foundation
import Testing

/// Two modules that declare the same name (`Login.Env` and `Feed.Env`): names resolve
/// through the file's imports, as the compiler resolves them, and the two types stay two keys.
@Suite struct ImportedNamesTests {
    static let login = PartialModel(files: [SourceFile(path: "Sources/Login/Env.swift", moduleName: "Login", text: """
        public struct Env {
            public let baseURL: String
            public init(baseURL: String) { self.baseURL = baseURL }
        }
        """)], moduleName: "Login")

    static let feed = PartialModel(files: [SourceFile(path: "Sources/Feed/Env.swift", moduleName: "Feed", text: """
        public struct Region { public init() {} }
        public struct Env {
            public let region: Region
            public init(region: Region) { self.region = region }
        }
        public struct FeedModule: Module {
            public static func configure(binder: Binder<Unscoped>) {
                binder.bind().to(factory: Env.init)
            }
        }
        """)], moduleName: "Feed")

    static func analyze(_ app: String) -> AnalysisReport {
        Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: app)], models: [login, feed]).analyze()
    }

    @Test func aFileThatImportsOneModuleMeansItsType() {
        let report = Self.analyze("""
            import Cleanse
            import Feed

            final class Reader { init(env: Env) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind().to(factory: Env.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        // Feed's `Env.init(region:)`: its `Region` is not bound (Login's would ask for a String).
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.map { $0.message.prefix { $0 != "\n" } } == ["[Cleanse/MissingBinding] missing binding for 'Region' in component 'AppComponent'"])
    }

    @Test func theTwoTypesAreTwoKeys() {
        let report = Self.analyze("""
            import Cleanse
            import Feed
            import Login

            final class Reader { init(env: Feed.Env) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(String.self).to(value: "https://example.com")
                    binder.bind(Login.Env.self).to(factory: Login.Env.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        #expect(report.opaque.isEmpty)
        // Login's `Env` is bound, Feed's requested: missing, named with its module because
        // the two share a name (as the runtime names them then).
        let message = report.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("[Cleanse/MissingBinding] missing binding for 'Feed.Env' in component 'AppComponent'"), "\(message)")
        #expect(report.diagnostics.count == 1)
    }

    @Test func aModuleOfTheSecondModuleBindsItsOwnType() {
        let report = Self.analyze("""
            import Cleanse
            import Feed

            final class Reader { init(env: Env, region: Region) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: FeedModule.self)
                    binder.bind(Region.self).to(factory: Region.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
    }
}

extension ImportedNamesTests {
    /// As the plugins run it: each target read with the models of those before it, so the
    /// second module's `Env` is read beside the first's and must stay its own.
    @Test func contextTargetsThatDeclareTheSameNameStayApart() throws {
        let folder = try CommandLineTests.app(target: "App", file: "App.swift", """
            import Cleanse
            import Feed
            import Login

            final class Reader { init(env: Feed.Env, login: Login.Env) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(String.self).to(value: "https://example.com")
                    binder.bind(Login.Env.self).to(factory: Login.Env.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        for (module, text) in [("Login", "public struct Env { public init(baseURL: String) {} }"),
                               ("Feed", "public struct Region { public init() {} }\npublic struct Env { public init(region: Region) {} }")] {
            try FileManager.default.createDirectory(atPath: folder + "/Sources/\(module)", withIntermediateDirectories: true)
            try text.write(toFile: folder + "/Sources/\(module)/Env.swift", atomically: true, encoding: .utf8)
        }
        let (status, output, _) = try CommandLineTests.run(
            ["Sources/App", "--context-target", "Login=Sources/Login", "--context-target", "Feed=Sources/Feed", "--sources-only"], in: folder
        )
        #expect(status == 1)
        #expect(output.contains("error: [Cleanse/MissingBinding] missing binding for 'Feed.Env' in component 'AppComponent'"), "\(output)")
        #expect(!output.contains("'String'"), "Login's Env is bound with the String given")
    }
}
