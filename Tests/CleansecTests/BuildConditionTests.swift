import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// `#if` is read as the compiler reads it when the condition is known (the build's custom
/// conditions, the machine's operating system), and as alternatives when it is not.
@Suite struct BuildConditionTests {
    static func analyze(_ text: String, _ conditions: BuildConditions = .unknown) -> AnalysisReport {
        analyzeApp(text, conditions: conditions)
    }

    static func ids(_ report: AnalysisReport) -> [String] { report.diagnostics.map(\.id.rawValue) }

    /// An analytics client faked in debug builds; the fake needs a logger nobody binds.
    static let analyticsApp = """
        import Cleanse
        protocol Analytics: AnyObject {}
        final class Logger {}
        final class FakeAnalytics: Analytics { init(logger: Logger) {} }
        final class SegmentAnalytics: Analytics { init() {} }
        final class Home { init(analytics: any Analytics) {} }
        struct AnalyticsModule: Module {
            static func configure(binder: Binder<Singleton>) {
                #if DEBUG
                binder.bind((any Analytics).self).sharedInScope().to(factory: FakeAnalytics.init)
                #elseif STAGING
                binder.bind((any Analytics).self).sharedInScope().to(factory: SegmentAnalytics.init)
                #else
                binder.bind((any Analytics).self).sharedInScope().to(factory: SegmentAnalytics.init)
                #endif
            }
        }
        struct App: RootComponent {
            typealias Root = Home
            static func configure(binder: Binder<Singleton>) {
                binder.include(module: AnalyticsModule.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                bind.to(factory: Home.init)
            }
        }
        """

    @Test func aDefinedConditionSelectsItsClause() {
        let report = Self.analyze(Self.analyticsApp, BuildConditions(defined: ["DEBUG"]))
        #expect(Self.ids(report) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.position?.line == 10)
        #expect(report.opaque.isEmpty)
    }

    @Test func anUndefinedConditionSelectsTheNextClause() {
        let report = Self.analyze(Self.analyticsApp, BuildConditions(undefined: ["DEBUG", "STAGING"]))
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.isEmpty)
        #expect(report.bindingsRead == 2)
    }

    @Test func completeDefinesLeaveNothingUnknown() {
        let report = Self.analyze(Self.analyticsApp, BuildConditions(defined: ["STAGING"], othersUndefined: true))
        #expect(report.diagnostics.isEmpty)
        #expect(report.bindingsRead == 2)
    }

    /// Unknown conditions: every clause is read; the key all three bind is one binding (the
    /// first clause's), so neither a duplicate nor a gap is reported.
    @Test func unknownConditionsAreReadAsAlternatives() {
        let report = Self.analyze(Self.analyticsApp)
        #expect(Self.ids(report) == ["Cleanse/MissingBinding"])
        #expect(report.bindingsRead == 4)
        #expect(report.opaque.isEmpty)
    }

    @Test func alternativesStillDuplicateABindingOutsideTheIf() {
        let report = Self.analyze("""
            import Cleanse
            final class Clock { init() {} }
            struct App: RootComponent {
                typealias Root = Clock
                static func configure(binder: Binder<Unscoped>) {
                    #if FAST_CLOCK
                    binder.bind(Int.self).to(value: 10)
                    #else
                    binder.bind(Int.self).to(value: 1000)
                    #endif
                    binder.bind(Int.self).to(value: 5)
                }
                static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                    bind.to(factory: Clock.init)
                }
            }
            """)
        #expect(Self.ids(report) == ["Cleanse/DuplicateBinding"])
    }

    /// Contributions to a collection in several clauses are all kept, as a build with both
    /// conditions set would have them.
    @Test func collectionContributionsInAlternativesAreAllKept() {
        let report = Self.analyze("""
            import Cleanse
            final class Menu { init(items: [String]) {} }
            struct App: RootComponent {
                typealias Root = Menu
                static func configure(binder: Binder<Unscoped>) {
                    #if DEBUG
                    binder.bind(String.self).intoCollection().to(value: "Debug menu")
                    #endif
                    binder.bind(String.self).intoCollection().to(value: "Settings")
                }
                static func configureRoot(binder bind: ReceiptBinder<Menu>) -> BindingReceipt<Menu> {
                    bind.to(factory: Menu.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.bindingsRead == 3)
    }

    /// The machine's operating system is known: the other platform's clause is not read.
    @Test func theOperatingSystemIsKnown() {
        let report = Self.analyze("""
            import Cleanse
            final class Store { init(path: String) {} }
            struct App: RootComponent {
                typealias Root = Store
                static func configure(binder: Binder<Unscoped>) {
                    #if os(Linux) || os(macOS) || os(Windows)
                    binder.bind(String.self).to(value: "/var/lib/app")
                    #else
                    binder.bind(Int.self).to(value: 1)
                    #endif
                }
                static func configureRoot(binder bind: ReceiptBinder<Store>) -> BindingReceipt<Store> {
                    bind.to(factory: Store.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.bindingsRead == 2)
    }

    /// A type declared in both clauses of an unknown `#if` (a fake and the real one) is
    /// taken from the first; its initializer is not ambiguous.
    @Test func aTypeDeclaredInAlternativeClausesIsReadOnce() {
        let app = """
            import Cleanse
            #if MOCK_NETWORK
            final class Network { init() {} }
            #else
            final class Network { init(host: String) {} }
            #endif
            struct App: RootComponent {
                typealias Root = Network
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Network>) -> BindingReceipt<Network> {
                    bind.to(factory: Network.init)
                }
            }
            """
        let alternatives = Self.analyze(app)
        #expect(alternatives.opaque.isEmpty)
        #expect(alternatives.diagnostics.isEmpty)
        // Without the mock, the real network needs a host nobody binds.
        let real = Self.analyze(app, BuildConditions(undefined: ["MOCK_NETWORK"]))
        #expect(Self.ids(real) == ["Cleanse/MissingBinding"])
    }

    /// `required init?(coder:)` and unavailable initializers are never what `X.init` names.
    @Test func failableAndUnavailableInitializersAreNotCandidates() {
        let report = Self.analyze("""
            import Cleanse
            final class Coder {}
            class Screen {
                let title: String
                init(title: String) { self.title = title }
                required init?(coder: Coder) { nil }
                @available(*, unavailable)
                init() { fatalError() }
            }
            struct App: RootComponent {
                typealias Root = Screen
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
                    bind.to(factory: Screen.init)
                }
            }
            """)
        #expect(report.opaque.isEmpty)
        #expect(Self.ids(report) == ["Cleanse/MissingBinding"])
    }

    /// An initializer under `#if` in a type's body is the type's initializer in that build.
    @Test func anInitializerUnderIfIsReadByTheConditions() {
        let app = """
            import Cleanse
            final class Recorder {}
            final class Camera {
                #if SIMULATOR
                init() {}
                #else
                init(recorder: Recorder) {}
                #endif
            }
            struct App: RootComponent {
                typealias Root = Camera
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Camera>) -> BindingReceipt<Camera> {
                    bind.to(factory: Camera.init)
                }
            }
            """
        #expect(Self.analyze(app, BuildConditions(defined: ["SIMULATOR"])).diagnostics.isEmpty)
        let device = Self.analyze(app, BuildConditions(undefined: ["SIMULATOR"]))
        #expect(Self.ids(device) == ["Cleanse/MissingBinding"])
        #expect(device.opaque.isEmpty)
    }
}
