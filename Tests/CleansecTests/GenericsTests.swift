import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// Generic types, typealiases, modules and roots are read with their arguments substituted,
/// as the compiler specialises them.
@Suite struct GenericsTests {
    static func analyze(_ text: String) -> AnalysisReport { analyzeApp(text) }

    /// The storefront fixture: a generic module included per service, `Box<String>.init`,
    /// `Box.init` inferred from its binding, `Pair<Double>`, a generic root, and a generic
    /// component whose scope is its module parameter's (`Feature.Scope`), all read.
    @Test func theGenericShopFixtureIsReadCompletely() throws {
        let report = Analyzer(files: try SourceCollection.files(at: [FixtureParityTests.fixtureFolder + "/GenericShop.swift"])).analyze()
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding", "Cleanse/MissingBinding"])
        #expect(report.coverage.hasPrefix("cleansec: 3 root components"))
        #expect(report.diagnostics.contains { $0.message.contains("in component 'InboxComponent<Order>'") })
        #expect(!report.diagnostics.contains { $0.message.contains("FeatureComponent") })
    }

    /// A generic module is read once per argument list, so a line of it cleansec cannot read
    /// gets a note for each: each note names the module with its arguments.
    @Test func aNoteInAGenericModuleSaysWhichSpecialisationItIsFor() {
        let report = Self.analyze("""
            import Cleanse
            struct Logging<Sink>: Module {
                static func configure(binder: Binder<Unscoped>) {
                    let steps: [(Binder<Unscoped>) -> Void] = []
                    steps.forEach { $0(binder) }
                }
            }
            final class Home { init() {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: Logging<Int>.self)
                    binder.include(module: Logging<String>.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        #expect(report.opaque.map(\.position.line) == [5, 5])
        #expect(report.opaque.map { $0.reason.components(separatedBy: ", in ").last } == ["Logging<Int>", "Logging<String>"])
    }

    /// The same for a module a generic module includes that no file declares (a vendor's);
    /// a component includes it once, as the runtime does, so the first specialisation says.
    @Test func anUndeclaredModuleInAGenericModuleSaysWhichSpecialisationIncludedIt() {
        let report = Self.analyze("""
            import Cleanse
            struct Logging<Sink>: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: VendorLoggingModule.self)
                }
            }
            final class Home { init() {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: Logging<Int>.self)
                    binder.include(module: Logging<String>.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == ["module 'VendorLoggingModule' is not declared in the analysed files, in Logging<Int>"])
    }

    /// A spec type's `Root` is what its `configureRoot` witness says, as Swift infers it; with
    /// two candidate witnesses (Swift would pick by the types, cleansec does not), unread.
    @Test func aSpecsRootComesFromItsOneWitnessOrIsUnread() {
        func report(witnesses: String) -> AnalysisReport {
            Self.analyze("""
                import Cleanse
                protocol FlowSpec {
                    associatedtype Root
                    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root>
                }
                struct Flow<Spec: FlowSpec>: RootComponent {
                    typealias Root = Spec.Root
                    static func configure(binder: UnscopedBinder) {}
                    static func configureRoot(binder bind: ReceiptBinder<Spec.Root>) -> BindingReceipt<Spec.Root> {
                        Spec.configureRoot(binder: bind)
                    }
                }
                final class Clock { init() {} }
                final class Home { init(clock: Clock) {} }
                final class Away { init() {} }
                enum HomeSpec: FlowSpec {
                    \(witnesses)
                }
                func start() throws { _ = try ComponentFactory.of(Flow<HomeSpec>.self) }
                """)
        }
        let one = report(witnesses: "static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> { bind.to(factory: Home.init) }")
        #expect(one.diagnostics.map(\.message).contains { $0.contains("missing binding for 'Clock' in component 'Flow<HomeSpec>'") })
        #expect(one.opaque.isEmpty)
        let two = report(witnesses: """
            static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> { bind.to(factory: Home.init) }
                static func configureRoot(binder bind: ReceiptBinder<Away>) -> BindingReceipt<Away> { bind.to(factory: Away.init) }
            """)
        #expect(two.diagnostics.isEmpty, "\(two.diagnostics.map(\.message))")
        #expect(!two.opaque.isEmpty)
        // A witness that names the associated type again, a generic witness, and an instance
        // method for a static requirement fix nothing: unread, never a guessed `Root` or `R`
        // (they would not all compile; a guess must not come from them either way).
        for witness in [
            "static func configureRoot(binder bind: ReceiptBinder<Self.Root>) -> BindingReceipt<Self.Root> { bind.to(factory: Home.init) }",
            "static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Home.init) }",
            "static func configureRoot<R>(binder bind: ReceiptBinder<R>) -> BindingReceipt<R> { bind.to(factory: Home.init) }",
            "func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> { bind.to(factory: Home.init) }",
        ] {
            let unread = report(witnesses: witness)
            #expect(unread.diagnostics.isEmpty, "\(witness): \(unread.diagnostics.map(\.message))")
            #expect(!unread.opaque.isEmpty, "\(witness)")
        }
    }

    /// `init(value: A)` of `Box<A>` read for `Box<String>` requests `String`, never `A`.
    @Test func aGenericTypesParameterIsNeverAKey() {
        let report = Self.analyze("""
            import Cleanse
            struct Box<A> { let value: A }
            final class Screen { init(title: Box<String>) {} }
            struct App: RootComponent {
                typealias Root = Screen
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(String.self).to(value: "Home")
                    binder.bind(Box<String>.self).to(factory: Box<String>.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
                    bind.to(factory: Screen.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.isEmpty)
    }

    /// An initializer's own generic parameter is fixed by no call: the factory is noted,
    /// never reported as a missing binding for `T`.
    @Test func aGenericInitializersParameterIsNoted() {
        let report = Self.analyze("""
            import Cleanse
            final class Logger { init<T>(sink: T) {} }
            struct App: RootComponent {
                typealias Root = Logger
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Logger>) -> BindingReceipt<Logger> {
                    bind.to(factory: Logger.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.count == 1)
    }

    /// A generic root no `ComponentFactory.of` specialises cannot be validated: a note says
    /// so, at its declaration.
    @Test func aGenericRootWithoutArgumentsIsNoted() {
        let report = Self.analyze("""
            import Cleanse
            final class Inbox<Message> { init(messages: [Message]) {} }
            struct InboxComponent<Message>: RootComponent {
                typealias Root = Inbox<Message>
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Inbox<Message>>) -> BindingReceipt<Inbox<Message>> {
                    bind.to(factory: Inbox.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.coverage.hasPrefix("cleansec: 0 root components"))
        #expect(report.opaque.count == 1)
        #expect(report.opaque.first?.position.line == 3)
    }

    /// Two specialisations of one generic module are two modules, as at run time: both are
    /// read, and neither is "included twice".
    @Test func eachSpecialisationOfAGenericModuleIsItsOwnModule() {
        let report = Self.analyze("""
            import Cleanse
            struct Setting<Value> { let value: Value }
            struct SettingModule<Value>: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Setting<Value>.self).to(factory: Setting<Value>.init)
                }
            }
            final class Preferences { init(volume: Setting<Int>, name: Setting<String>) {} }
            struct App: RootComponent {
                typealias Root = Preferences
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: SettingModule<Int>.self)
                    binder.include(module: SettingModule<String>.self)
                    binder.bind(Int.self).to(value: 7)
                }
                static func configureRoot(binder bind: ReceiptBinder<Preferences>) -> BindingReceipt<Preferences> {
                    bind.to(factory: Preferences.init)
                }
            }
            """)
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("missing binding for 'String'") == true)
    }

    /// `X.init.self` names `X.init`, as the compiler reads a postfix `.self`.
    @Test func anInitializerReferenceFollowedBySelfIsTheInitializer() {
        let report = Self.analyze("""
            import Cleanse
            final class Grinder {}
            final class Brewer { init(grinder: Grinder) {} }
            struct App: RootComponent {
                typealias Root = Brewer
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Brewer>) -> BindingReceipt<Brewer> {
                    bind.to(factory: Brewer.init.self)
                }
            }
            """)
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
    }

    /// A generic type nested in a generic one, written without its own arguments inside a
    /// specialised module (`Inner(b: 1)` in `Outer<A>.Module`): Swift infers them, and a key
    /// without them would be wrong, so the binding is unread; the same type written whole is
    /// read with both argument lists, as the runtime names it.
    @Test func aGenericTypeInAGenericOneIsReadWholeOrUnread() {
        let source = { (written: String) in """
            import Cleanse
            final class Outer<A> {
                final class Inner<B> { init(b: B) {} }
                struct Module: Cleanse.Module {
                    static func configure(binder: Binder<Unscoped>) {
                        binder.bind().to { \(written)(b: 1) }
                    }
                }
            }
            final class Screen { init(inner: Outer<String>.Inner<Int>) {} }
            struct App: RootComponent {
                typealias Root = Screen
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: Outer<String>.Module.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
                    bind.to(factory: Screen.init)
                }
            }
            """ }
        let bare = Self.analyze(source("Inner"))
        #expect(bare.diagnostics.isEmpty, "\(bare.diagnostics.map(\.message))")
        #expect(bare.opaque.count == 1, "\(bare.opaque.map(\.reason))")
        let whole = Self.analyze(source("Inner<Int>"))
        #expect(whole.diagnostics.isEmpty && whole.opaque.isEmpty, "\(whole.diagnostics.map(\.message)) \(whole.opaque.map(\.reason))")
    }
}
