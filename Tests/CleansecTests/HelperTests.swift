import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// Helpers that write bindings (methods of `Binder` extensions, functions given the binder)
/// are read with their arguments in place of their parameters, where their bodies write.
@Suite struct HelperTests {
    static func analyze(_ text: String) -> AnalysisReport { analyzeApp(text) }

    /// A weather app: `bindSetting` on `Binder`, `Networking.register(in:)`, `bindTelemetry`
    /// on the app's `WeatherBinder`; all read.
    @Test func theHelperWiringFixtureIsReadCompletely() throws {
        let report = Analyzer(files: try SourceCollection.files(at: [FixtureParityTests.fixtureFolder + "/HelperWiring.swift"])).analyze()
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.bindingsRead == 7)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
    }

    /// A factory handed to a helper is read where the caller wrote it; the binding is where
    /// the helper writes it, as `#line` is at run time.
    @Test func aFactoryPassedToAHelperIsReadFromTheCaller() {
        let report = Self.analyze("""
            import Cleanse
            final class Session {}
            final class Settings { init(session: Session) {} }
            extension Binder {
                func bindScreen<S>(_ type: S.Type, factory: @escaping (Session) -> S) {
                    bind(S.self).to(factory: factory)
                }
            }
            struct App: RootComponent {
                typealias Root = Settings
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindScreen(Settings.self) { (session: Session) in Settings(session: session) }
                }
                static func configureRoot(binder bind: ReceiptBinder<Settings>) -> BindingReceipt<Settings> {
                    bind.to { (settings: Settings) in settings }
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.position?.line == 6)
    }

    /// A news app whose helpers forward their caller's `#fileID`, `#line` and `#column`:
    /// read, and placed where the runtime places them, at the module's line.
    @Test func theForwardingHelpersFixtureIsReadCompletely() throws {
        let report = Analyzer(files: try SourceCollection.files(at: [FixtureParityTests.fixtureFolder + "/ForwardingHelpers.swift"])).analyze()
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.bindingsRead == 4)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.position?.line == 33)
    }

    /// A helper that forwards its caller's place, and a second helper that forwards it
    /// again, called on one line: each binding is at its outermost call's `(`, told apart
    /// by the column.
    @Test func aForwardedPlaceIsTheOutermostCallers() {
        let report = Self.analyze("""
            import Cleanse
            final class Clock { init() {} }
            final class Home { init(clock: Clock) {} }
            extension Binder {
                func bindPlaced<T>(_ type: T.Type, file: StaticString = #fileID, line: Int = #line, column: Int = #column, factory: @escaping @Sendable () -> T) {
                    bind(type).to(file: file, line: line, column: column, factory: factory)
                }
                func bindForwarded<T>(_ type: T.Type, line: Int = #line, column: Int = #column, factory: @escaping @Sendable () -> T) {
                    bindPlaced(type, line: line, column: column, factory: factory)
                }
            }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindPlaced(Clock.self, factory: Clock.init); binder.bindForwarded(Clock.self, factory: Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        let duplicate = report.diagnostics.first { $0.id.rawValue == "Cleanse/DuplicateBinding" }
        let places = (duplicate?.notes ?? []).filter { $0.message.hasPrefix("bound at") }.compactMap(\.position).map { "\($0.line):\($0.column)" }
        #expect(places == ["15:26", "15:81"])
    }

    /// A place the reader cannot follow (a computed line, `#file` as a path) leaves the
    /// call unread, with a note: never a place it cannot prove.
    @Test func aPlaceTheReaderCannotFollowIsUnread() {
        let report = Self.analyze("""
            import Cleanse
            final class Clock { init() {} }
            extension Binder {
                func bindAbove<T>(_ type: T.Type, line: Int = #line, factory: @escaping @Sendable () -> T) {
                    bind(type).to(line: line - 1, factory: factory)
                }
                func bindLegacy<T>(_ type: T.Type, file: StaticString = #file, factory: @escaping @Sendable () -> T) {
                    bind(type).to(file: file, factory: factory)
                }
            }
            struct App: RootComponent {
                typealias Root = Clock
                static func configure(binder: Binder<Unscoped>) {
                    binder.bindAbove(Clock.self, factory: Clock.init)
                    binder.bindLegacy(Clock.self, factory: Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                    bind.to { (clock: Clock) in clock }
                }
            }
            """)
        #expect(report.opaque.count == 2)
        #expect(report.opaque.allSatisfy { $0.reason.hasPrefix("a file:, line: or column: argument the analyzer cannot follow") })
    }

    /// Helpers calling helpers, with an implicit `self`, share in the caller's scope.
    @Test func helpersCallingHelpersShareInTheCallersScope() {
        let report = Self.analyze("""
            import Cleanse
            struct SessionScope: Scope {}
            final class Cache { init() {} }
            final class Store { init(cache: Cache) {} }
            extension Binder {
                func bindCache() { bind(Cache.self).sharedInScope().to(factory: Cache.init) }
                func bindStorage() {
                    bindCache()
                    self.bind(Store.self).to(factory: Store.init)
                }
            }
            struct StorageModule: Module {
                static func configure(binder: Binder<SessionScope>) { binder.bindStorage() }
            }
            struct App: RootComponent {
                typealias Root = Store
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: StorageModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Store>) -> BindingReceipt<Store> {
                    bind.to { (store: Store) in store }
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.bindingsRead == 3)
        // The module's binder is a SessionScope binder, not the root's Singleton: InvalidScope.
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/InvalidScope"])
        #expect(report.diagnostics.first?.position?.line == 6)
    }

    /// Two helpers with the same labels are a note, never a guess.
    @Test func anAmbiguousHelperIsNoted() {
        let report = Self.analyze("""
            import Cleanse
            final class Clock { init() {} }
            enum Wiring {
                static func register(_ binder: Binder<Unscoped>) { binder.bind(Clock.self).to(factory: Clock.init) }
                static func register(_ binder: Binder<Singleton>) { binder.bind(Clock.self).to(factory: Clock.init) }
            }
            struct App: RootComponent {
                typealias Root = Clock
                static func configure(binder: Binder<Unscoped>) {
                    Wiring.register(binder)
                }
                static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                    bind.to { (clock: Clock) in clock }
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.count == 1)
        #expect(report.opaque.first?.position.line == 10)
    }

    /// An app's alias of a binder type, extended (`extension AppBinder`, as Swift allows),
    /// holds helpers as `extension Binder` does: read, with the duplicate they make (it was
    /// "declared outside the analysed files" before).
    @Test func helpersInAnExtensionOfABinderAliasAreRead() {
        let report = Self.analyze("""
            import Cleanse
            final class Tracer { init() {} }
            typealias AppBinder = Binder<Singleton>
            extension AppBinder {
                func bindTracer() { bind(Tracer.self).sharedInScope().to(factory: Tracer.init) }
            }
            struct App: RootComponent {
                typealias Root = Tracer
                typealias Scope = Singleton
                static func configure(binder: AppBinder) {
                    binder.bindTracer()
                    binder.bindTracer()
                }
                static func configureRoot(binder bind: ReceiptBinder<Tracer>) -> BindingReceipt<Tracer> {
                    bind.to { (tracer: Tracer) in tracer }
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/DuplicateBinding"], "\(report.diagnostics.map(\.message))")
    }

    /// Another target's alias of a binder: its extension's helpers and the functions given
    /// one (or a binder written `Cleanse.Binder<S>`) are kept in its model, and read from a
    /// dependent as from the sources.
    @Test func anotherTargetsBinderAliasHelpersAreReadThroughItsModel() throws {
        let kit = SourceFile(path: "Sources/Kit/Kit.swift", moduleName: "Kit", text: """
            import Cleanse
            public final class Tracer { public init() {} }
            public final class Logger { public init() {} }
            public typealias KitBinder = Binder<Singleton>
            extension KitBinder {
                public func bindTracer() { bind(Tracer.self).sharedInScope().to(factory: Tracer.init) }
            }
            public func installLogging(binder: KitBinder) {
                binder.bind(Logger.self).sharedInScope().to(factory: Logger.init)
            }
            public final class Metrics { public init() {} }
            public func installMetrics(binder: Cleanse.Binder<Singleton>) {
                binder.bind(Metrics.self).sharedInScope().to(factory: Metrics.init)
            }
            """)
        let app = SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: """
            import Cleanse
            import Kit
            final class Feed { init(tracer: Tracer, logger: Logger, metrics: Metrics, clock: Clock) {} }
            final class Clock { init() {} }
            struct App: RootComponent {
                typealias Root = Feed
                typealias Scope = Singleton
                static func configure(binder: KitBinder) {
                    binder.bindTracer()
                    installLogging(binder: binder)
                    installMetrics(binder: binder)
                }
                static func configureRoot(binder bind: ReceiptBinder<Feed>) -> BindingReceipt<Feed> {
                    bind.to(factory: Feed.init)
                }
            }
            """)
        let report = try PartialModelTests.readThroughModels(app, dependencies: [kit])
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.first?.message.contains("'Clock'") == true)
    }
}
