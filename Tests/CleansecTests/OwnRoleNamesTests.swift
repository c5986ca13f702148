import CleansecCore
import struct CleanseGraph.DiagnosticID
import Testing

/// Cleanse's roles and request wrappers are Cleanse's declarations: an app's own type that
/// shares the name (a `RootComponent` protocol of its own, its own `Provider<T>`) is a type
/// like any other, as it is to the compiler, which prefers the module's declaration.
@Suite struct OwnRoleNamesTests {
    static func analyze(_ text: String) -> AnalysisReport {
        Analyzer(files: [SourceFile(path: "Sources/App/App.swift", moduleName: "App", text: text)]).analyze()
    }

    /// An app that declares its own generic `Provider` and binds a clock, whose root asks
    /// for the clock as `parameterType`.
    static func homeRequestingAClock(as parameterType: String) -> AnalysisReport {
        analyze("""
            import Cleanse
            struct Provider<Value> { let value: Value }
            final class Clock { init() {} }
            final class Home { init(clock: \(parameterType)) {} }
            struct App: Cleanse.RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
    }

    @Test func anAppsOwnRootComponentProtocolDeclaresNoRoot() {
        let report = Self.analyze("""
            import Cleanse
            protocol RootComponent { static func configure() }
            struct Settings: RootComponent { static func configure() {} }
            """)
        #expect(report.coverage.hasPrefix("cleansec: 0 root components"), "\(report.coverage)")
        #expect(report.diagnostics.isEmpty)
    }

    @Test func anAppsOwnProviderIsRequestedAsWritten() {
        let report = Self.homeRequestingAClock(as: "Provider<Clock>")
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("'Provider<Clock>'") == true, "\(report.diagnostics.map(\.message))")
    }

    /// An optional of the app's own `Provider` is an optional request of that type.
    @Test func anOptionalOfAnAppsOwnProviderIsRequestedAsWritten() {
        let report = Self.homeRequestingAClock(as: "Provider<Clock>?")
        #expect(report.diagnostics.first?.message.contains("'Optional<Provider<Clock>>'") == true, "\(report.diagnostics.map(\.message))")
    }

    /// Cleanse's own `ModuleComponent` stays a root component beside an app's `RootComponent`.
    @Test func cleansesOwnComponentsKeepTheirRolesBesideAnAppsNames() {
        let report = Self.analyze("""
            import Cleanse
            protocol RootComponent {}
            final class Clock { init() {} }
            struct ClockModule: Module {
                static func configure(binder: Binder<Unscoped>) {}
            }
            func check() throws {
                _ = try ComponentFactory.of(ModuleComponent<ClockModule, Clock>.self)
            }
            """)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"], "\(report.diagnostics.map(\.message))")
    }
}
