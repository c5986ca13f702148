import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// Helpers that write bindings (methods of `Binder` extensions, functions given the binder)
/// are read with their arguments in place of their parameters, where their bodies write.
@Suite struct HelperTests {
    static func analyze(_ text: String) -> AnalysisReport { analyzeApp(text) }

    /// A weather app: `bindSetting` on `Binder`, `Networking.register(in:)`; all read.
    @Test func theHelperWiringFixtureIsReadCompletely() throws {
        let report = Analyzer(files: try SourceCollection.files(at: [FixtureParityTests.fixtureFolder + "/HelperWiring.swift"])).analyze()
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.bindingsRead == 6)
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
}
