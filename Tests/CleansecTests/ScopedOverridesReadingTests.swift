import CleansecCore
import Testing

/// `ComponentOverrides.with(M.self) { … }` scopes are read where they are spelled: each
/// `ComponentFactory.of` written in the scope's closure is validated with the scope's
/// modules, then its own, as the runtime builds it there.
@Suite struct ScopedOverridesReadingTests {
    /// A checkout app and its tests: one scope whose fake network needs a recorder nothing
    /// binds, one whose fake clock no graph in it uses, a call that names an override of its
    /// own that replaces nothing, a call that names its scope's module again (included once,
    /// as the runtime's one collector does: no duplicate, and still the scope's), and an `of` in a detached task, which the
    /// scope's task-local does not reach (the recorder it binds replaces nothing there).
    static let app = """
        import Cleanse
        import Testing
        protocol Clock: AnyObject {}
        final class SystemClock: Clock {}
        final class Network {}
        final class RequestRecorder {}
        final class FakeNetwork: Network { init(recorder: RequestRecorder) {} }
        final class Receipt {}
        final class Checkout { init(network: Network) {} }
        struct AppComponent: RootComponent {
            typealias Root = Checkout
            static func configure(binder: Binder<Singleton>) {
                binder.bind(Network.self).to(factory: Network.init)
            }
            static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
                bind.to(factory: Checkout.init)
            }
        }
        struct FakeNetworkModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind(Network.self).to { (recorder: RequestRecorder) -> Network in FakeNetwork(recorder: recorder) }
            }
        }
        struct FixedClockModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind((any Clock).self).to(factory: SystemClock.init)
            }
        }
        struct FakeReceiptModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind(Receipt.self).to(factory: Receipt.init)
            }
        }
        @Test func checkoutRecordsRequests() throws {
            try ComponentOverrides.with(FakeNetworkModule.self) {
                _ = try ComponentFactory.of(AppComponent.self).build(())
            }
        }
        @Test func checkoutAtAFixedTime() async throws {
            try await ComponentOverrides.with(FixedClockModule.self) {
                _ = try ComponentFactory.of(AppComponent.self, overrides: FakeReceiptModule.self).build(())
            }
        }
        @Test func theClockGivenTwiceIsIncludedOnce() throws {
            try ComponentOverrides.with(FixedClockModule.self) {
                _ = try ComponentFactory.of(AppComponent.self, overrides: FixedClockModule.self).build(())
            }
        }
        @Test func aDetachedTaskKeepsTheAppsBindings() async throws {
            try await ComponentOverrides.with(FakeNetworkModule.self) {
                try await Task.detached {
                    _ = try ComponentFactory.of(AppComponent.self, overrides: FakeNetworkWithRecorderModule.self).build(())
                }.value
            }
        }
        struct FakeNetworkWithRecorderModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind(RequestRecorder.self).to(factory: RequestRecorder.init)
            }
        }
        """

    @Test func anOfInAScopeIsValidatedWithTheScopesOverridesAndOnlyItsOwnUnusedOnesReported() {
        let report = analyzeApp(Self.app)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.headline).sorted() == [
            "missing binding for 'RequestRecorder' in component 'AppComponent'",
            "the override of 'Receipt' replaces nothing: no component binds 'Receipt'",
            "the override of 'RequestRecorder' replaces nothing: no component binds 'RequestRecorder'",
        ])
        let missing = report.diagnostics.first { $0.headline.hasPrefix("missing binding") }
        #expect(missing?.message.contains("required by Network at App/App.swift:21") == true, "\(missing?.message ?? "")")
    }

    /// The same module given by a scope in one test and by a call in another are two ways of
    /// building: the call's unused override is reported even when the scope's comes first.
    @Test func theSameModulesFromAScopeAndFromACallAreValidatedApart() {
        let report = analyzeApp("""
            import Cleanse
            import Testing
            final class Receipt {}
            final class Checkout {}
            struct AppComponent: RootComponent {
                typealias Root = Checkout
                static func configure(binder: Binder<Singleton>) {}
                static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
                    bind.to(factory: Checkout.init)
                }
            }
            struct FakeReceiptModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Receipt.self).to(factory: Receipt.init)
                }
            }
            @Test func inAScope() throws {
                try ComponentOverrides.with(FakeReceiptModule.self) {
                    _ = try ComponentFactory.of(AppComponent.self).build(())
                }
            }
            @Test func byTheCall() throws {
                _ = try ComponentFactory.of(AppComponent.self, overrides: FakeReceiptModule.self).build(())
            }
            """)
        #expect(report.diagnostics.map(\.headline) == ["the override of 'Receipt' replaces nothing: no component binds 'Receipt'"])
        #expect(report.diagnostics.first?.position?.line == 14)
    }
}
