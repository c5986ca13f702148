import CleansecCore
import struct CleanseGraph.DiagnosticID
import Testing

/// What cleansec concludes target by target, each dependency read through its partial
/// model as the build plugin reads it, is what it concludes from the whole program's
/// sources, where names depend on what each file sees: re-exported modules, a helper's own
/// imports, two modules declaring one name, an app's own `Binder`. Each program here
/// type-checks with `swiftc -swift-version 6`, one module per target.
@Suite struct TargetViewAgreementTests {
    /// The report of `files`, the targets before the last each given as a partial model
    /// (made with the models before it and round-tripped through JSON) and the last
    /// analysed; the whole program's sources at once must give the same summary.
    static func agreeing(_ targets: [[SourceFile]], sourceLocation: SourceLocation = #_sourceLocation) throws -> AnalysisReport {
        var models: [PartialModel] = []
        for target in targets.dropLast() {
            let moduleName = target.first?.moduleName ?? ""
            models.append(try PartialModelTests.roundTripped(PartialModel(files: target, models: models, moduleName: moduleName)))
        }
        let app = targets.last ?? []
        let fromModels = Analyzer(files: app, models: models).analyze()
        let fromSources = Analyzer(files: app, contextFiles: targets.dropLast().flatMap { $0 }).analyze()
        let whole = Analyzer(files: targets.flatMap { $0 }).analyze()
        PartialModelTests.expectSame(PartialModelTests.summary(fromModels), PartialModelTests.summary(fromSources), sourceLocation: sourceLocation)
        #expect(whole.diagnostics.map(\.message) == fromSources.diagnostics.map(\.message), sourceLocation: sourceLocation)
        return fromModels
    }

    /// An app whose root, a feed screen, asks for the API client a `bindServices()` helper
    /// binds and for settings shared in `Singleton`, written with `Cleanse.Binder`.
    static func feedApp(path: String, imports: [String]) -> SourceFile {
        SourceFile(path: path, moduleName: "App", text: imports.map { "import \($0)\n" }.joined() + """
            final class Settings { init() {} }
            final class FeedViewController { init(api: APIClient, settings: Settings) {} }
            struct AppComponent: RootComponent {
                typealias Root = FeedViewController
                static func configure(binder: Cleanse.Binder<Singleton>) {
                    binder.bindServices()
                    binder.bind(Settings.self).sharedInScope().to(factory: Settings.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<FeedViewController>) -> BindingReceipt<FeedViewController> {
                    bind.to(factory: FeedViewController.init)
                }
            }
            """)
    }

    /// What ``feedApp(path:imports:)`` gives when its helper is Cleanse's binder's: three
    /// bindings read, no error, the settings shared in `Singleton`.
    static func expectServicesAndSharedSettings(_ report: AnalysisReport, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))", sourceLocation: sourceLocation)
        #expect(report.bindingsRead == 3, sourceLocation: sourceLocation)
        let settings = #"{"type":"Settings","tag":null},"kind":"factory","scope":"Singleton""#
        #expect(report.graph(format: .json).contains(settings), "\(report.graph(format: .json))", sourceLocation: sourceLocation)
    }

    /// A metrics SDK declaring its own `Provider`, which a core target re-exports.
    static let metricsSDK = SourceFile(path: "Sources/Metrics/Provider.swift", moduleName: "Metrics", text: """
        public struct Provider<Value> { public init() {} }
        public final class Clock { public init() {} }
        """)

    /// `@_exported import Metrics` in Core makes the SDK's `Provider` what `Provider` means in
    /// a file importing Core alone: a request for that type, unbound (the runtime's
    /// MissingBinding). Core's model used to keep no re-exports, so the plugin read it as
    /// Cleanse's provider of the bound clock and missed the error.
    @Test func aModuleReexportedByADependencyIsSeenThroughItsModel() throws {
        let core = SourceFile(path: "Sources/Core/Exports.swift", moduleName: "Core", text: """
            @_exported import Metrics
            public final class Session { public init() {} }
            """)
        let dashboard = SourceFile(path: "Sources/App/DashboardViewModel.swift", moduleName: "App", text: """
            import Core
            final class DashboardViewModel {
                init(session: Session, clock: Provider<Clock>) {}
            }
            """)
        let app = SourceFile(path: "Sources/App/AppComponent.swift", moduleName: "App", text: """
            import Cleanse
            import Core
            struct AppComponent: RootComponent {
                typealias Root = DashboardViewModel
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(Session.self).sharedInScope().to(factory: Session.init)
                    binder.bind(Metrics.Clock.self).to(factory: Metrics.Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<DashboardViewModel>) -> BindingReceipt<DashboardViewModel> {
                    bind.to(factory: DashboardViewModel.init)
                }
            }
            """)
        let report = try Self.agreeing([[Self.metricsSDK], [core], [dashboard, app]])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.first?.message.contains("'Provider<Clock>'") == true, "\(report.diagnostics.map(\.message))")
        // The fix writes the SDK's type with its module: `Provider<Clock>` beside
        // `import Cleanse` would be Cleanse's, or ambiguous.
        #expect(report.diagnostics.first?.message.contains("binder.bind(Metrics.Provider<Clock>.self)") == true, "\(report.diagnostics.map(\.message))")
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))")
    }

    /// A root of the SDK's `Provider` type, bound in configureRoot and again in a module:
    /// the fix's closure writes the root's type with its module.
    @Test func aFixHandingOnAnSDKsProviderWritesItsModule() throws {
        let app = SourceFile(path: "Sources/App/AppComponent.swift", moduleName: "App", text: """
            import Cleanse
            import Metrics
            struct AppComponent: RootComponent {
                typealias Root = Metrics.Provider<Clock>
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Metrics.Provider<Clock>.self).to { Metrics.Provider<Clock>() }
                }
                static func configureRoot(binder bind: ReceiptBinder<Metrics.Provider<Clock>>) -> BindingReceipt<Metrics.Provider<Clock>> {
                    bind.to { Metrics.Provider<Clock>() }
                }
            }
            """)
        let report = try Self.agreeing([[Self.metricsSDK], [app]])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/DuplicateBinding"], "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.first?.message.contains("bind.to { (root: Metrics.Provider<Clock>) in root }") == true, "\(report.diagnostics.map(\.message))")
    }

    /// A file's `private` type named like a dependency's type is that file's alone: another
    /// file of the target, importing the dependency, means the dependency's `Engine` (which
    /// asks for an `Int`), through its model as in the whole program.
    @Test func aFilesPrivateTypeNamedLikeADependencysStaysInItsFile() throws {
        let kit = SourceFile(path: "Sources/Kit/Engine.swift", moduleName: "Kit", text: """
            public struct Engine { public init(size: Int) {} }
            """)
        let idle = SourceFile(path: "Sources/App/IdleEngine.swift", moduleName: "App", text: """
            private final class Engine { init() {} }
            private func idle() -> Engine { Engine() }
            """)
        let garage = SourceFile(path: "Sources/App/GarageComponent.swift", moduleName: "App", text: """
            import Cleanse
            import Kit
            final class Car { init(engine: Engine) {} }
            struct GarageComponent: RootComponent {
                typealias Root = Car
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Engine.self).to(factory: Engine.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
                    bind.to(factory: Car.init)
                }
            }
            """)
        let report = try Self.agreeing([[kit], [idle, garage]])
        #expect(report.diagnostics.map { $0.message.prefix { $0 != "\n" } } == ["[Cleanse/MissingBinding] missing binding for 'Int' in component 'GarageComponent'"])
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))")
    }

    /// A binder helper names types as its own file does, also where a dependent reads it
    /// from the helper target's model: `Env` in a file importing Feed is Feed's (which asks
    /// for a `Region`), not Login's (which asks for a `String`).
    @Test func aHelperReadFromAModelNamesTypesThroughItsFilesImports() throws {
        let login = SourceFile(path: "Sources/Login/Env.swift", moduleName: "Login", text: """
            public struct Env { public init(baseURL: String) {} }
            """)
        let feed = SourceFile(path: "Sources/Feed/Env.swift", moduleName: "Feed", text: """
            public struct Region { public init() {} }
            public struct Env { public init(region: Region) {} }
            """)
        let wiring = SourceFile(path: "Sources/Wiring/Binder+Feed.swift", moduleName: "Wiring", text: """
            import Cleanse
            import Feed

            extension Binder {
                public func bindFeedEnvironment() {
                    bind(Env.self).to(factory: Env.init)
                }
            }
            """)
        let app = SourceFile(path: "Sources/App/AppComponent.swift", moduleName: "App", text: """
            import Cleanse
            import Feed
            import Wiring
            final class Reader { init(env: Env) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindFeedEnvironment()
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        let report = try Self.agreeing([[login], [feed], [wiring], [app]])
        #expect(report.diagnostics.map { $0.message.prefix { $0 != "\n" } } == ["[Cleanse/MissingBinding] missing binding for 'Region' in component 'AppComponent'"])
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))")
    }

    /// Two targets of one program each declare `Env`; read together (`cleansec Sources`),
    /// each stays its own type, and an extension extends the `Env` its file sees, written
    /// before the declaration or after. The second target's `Env` used to be dropped, so the
    /// app's `Env.init` was Login's.
    @Test func twoTargetsDeclaringOneNameStayTwoTypesReadTogether() throws {
        let login = SourceFile(path: "Sources/Login/Env.swift", moduleName: "Login", text: """
            public struct Env { public init(baseURL: String) {} }
            """)
        let feedDefaults = SourceFile(path: "Sources/Feed/Env+Defaults.swift", moduleName: "Feed", text: """
            extension Env {
                public static func standard(region: Region) -> Env { Env(region: region) }
            }
            """)
        let feed = SourceFile(path: "Sources/Feed/Env.swift", moduleName: "Feed", text: """
            public struct Region { public init() {} }
            public struct Env { public init(region: Region) {} }
            """)
        let app = SourceFile(path: "Sources/App/AppComponent.swift", moduleName: "App", text: """
            import Cleanse
            import Feed
            final class Reader { init(env: Env) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Env.self).to(factory: Env.standard)
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        let report = try Self.agreeing([[login], [feedDefaults, feed], [app]])
        #expect(report.diagnostics.map { $0.message.prefix { $0 != "\n" } } == ["[Cleanse/MissingBinding] missing binding for 'Region' in component 'AppComponent'"])
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))")
    }

    /// An app with a reactive `Binder` of its own (as RxCocoa's) writes Cleanse's as
    /// `Cleanse.Binder`: its helpers are Cleanse's binder's, never the app's type's methods
    /// of the same name, and `Cleanse.Binder<Singleton>` shares in `Singleton`. The two
    /// used to merge into one type (two `bindServices` overloads: unread) and the binder
    /// was read as unscoped.
    @Test func anAppsOwnBinderKeepsItsMethodsApartFromCleansesHelpers() throws {
        let reactive = SourceFile(path: "Sources/App/Reactive/Binder.swift", moduleName: "App", text: """
            final class Binder<Value> {
                private let apply: (Value) -> Void
                init(_ apply: @escaping (Value) -> Void) { self.apply = apply }
                func on(_ value: Value) { apply(value) }
            }
            extension Binder {
                func bindServices() {}
            }
            """)
        let services = SourceFile(path: "Sources/App/DI/ServiceBindings.swift", moduleName: "App", text: """
            import Cleanse
            final class APIClient { init() {} }
            extension Cleanse.Binder {
                func bindServices() {
                    bind(APIClient.self).to(factory: APIClient.init)
                }
            }
            """)
        let app = Self.feedApp(path: "Sources/App/DI/AppComponent.swift", imports: ["Cleanse"])
        let report = Analyzer(files: [reactive, services, app]).analyze()
        Self.expectServicesAndSharedSettings(report)
    }

    /// The same through models: a reactive kit's own `Binder` (extended through its alias
    /// `TextBinder`, which is no binder of Cleanse's), and a wiring target whose
    /// `extension Binder` (it does not import the kit) is Cleanse's. The app, importing
    /// both, writes `Cleanse.Binder`; the helper is read with the shared scope.
    @Test func aKitsOwnBinderStaysApartFromCleansesHelpersThroughModels() throws {
        let reactive = SourceFile(path: "Sources/ReactiveKit/Binder.swift", moduleName: "ReactiveKit", text: """
            public final class Binder<Value> {
                private let apply: (Value) -> Void
                public init(_ apply: @escaping (Value) -> Void) { self.apply = apply }
                public func on(_ value: Value) { apply(value) }
            }
            public typealias TextBinder = Binder<String>
            extension TextBinder {
                public func bindServices() {}
            }
            """)
        let wiring = SourceFile(path: "Sources/Wiring/ServiceBindings.swift", moduleName: "Wiring", text: """
            import Cleanse
            public final class APIClient { public init() {} }
            extension Binder {
                public func bindServices() {
                    bind(APIClient.self).to(factory: APIClient.init)
                }
            }
            """)
        let app = Self.feedApp(path: "Sources/App/AppComponent.swift", imports: ["Cleanse", "ReactiveKit", "Wiring"])
        let report = try Self.agreeing([[reactive], [wiring], [app]])
        Self.expectServicesAndSharedSettings(report)
    }

    /// `import struct Feed.Region` makes Feed's `Region` visible, not its `Env`: beside
    /// `import Login`, `Env` is Login's (which asks for a `String`).
    @Test func aSingleDeclarationImportDoesNotMakeTheModulesOtherTypesVisible() throws {
        let feed = SourceFile(path: "Sources/Feed/Env.swift", moduleName: "Feed", text: """
            public struct Region { public init() {} }
            public struct Env { public init(region: Region) {} }
            """)
        let login = SourceFile(path: "Sources/Login/Env.swift", moduleName: "Login", text: """
            public struct Env { public init(baseURL: String) {} }
            """)
        let app = SourceFile(path: "Sources/App/AppComponent.swift", moduleName: "App", text: """
            import Cleanse
            import struct Feed.Region
            import Login
            final class Reader { init(env: Env) {} }
            struct AppComponent: RootComponent {
                typealias Root = Reader
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Env.self).to(factory: Env.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Reader>) -> BindingReceipt<Reader> {
                    bind.to(factory: Reader.init)
                }
            }
            """)
        let report = try Self.agreeing([[feed], [login], [app]])
        #expect(report.diagnostics.map { $0.message.prefix { $0 != "\n" } } == ["[Cleanse/MissingBinding] missing binding for 'String' in component 'AppComponent'"])
        #expect(report.opaque.isEmpty, "\(report.opaque.map(\.reason))")
    }
}
