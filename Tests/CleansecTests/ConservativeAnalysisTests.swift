import CleansecCore
import struct CleanseGraph.DiagnosticID
import Foundation
import Testing

/// Where the analyzer cannot know, it says so in a note and never reports a false error.
@Suite struct ConservativeAnalysisTests {
    static func analyze(_ text: String) -> AnalysisReport { analyzeApp(text) }

    /// (A helper declared in the analysed files is read: see `HelperTests`.)
    @Test func aBindingWrittenByAHelperHidesNothingItMightProvide() {
        let report = Self.analyze("""
            import Cleanse
            final class Engine { init(fuel: Fuel) {} }
            final class Fuel {}
            // Helpers is declared in a target cleansec is not given.
            struct Car: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    Helpers.bindFuel(binder)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.count == 1)
        #expect(report.opaque.first?.position.line == 8)
        #expect(DiagnosticFormatter.text(report).contains("Sources/App/App.swift:8:9: note: cleansec cannot check this:"))
        #expect(DiagnosticFormatter.text(report, strict: true).contains("Sources/App/App.swift:8:9: error: [Cleanse/Unreadable]"))
    }

    /// A note's advice fits the code it points at: "write bind(T.self)" only where an
    /// untyped `bind()` was written.
    @Test func aNoteAdvisesBindWithATypeOnlyWhereBindWasWrittenWithout() {
        let report = Self.analyze("""
            import Cleanse
            import VendorKit
            final class Router { init(screen: VendorScreen) {} }
            struct Feature: RootComponent {
                typealias Root = Router
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind().to(factory: VendorKit.makeScreen)
                }
                static func configureRoot(binder bind: ReceiptBinder<Router>) -> BindingReceipt<Router> {
                    bind.to(factory: Router.init)
                }
            }
            """)
        let reasons = report.opaque.map { "\($0.position.line) \($0.reason)" }
        #expect(reasons.contains { $0.hasPrefix("7 bind() whose type the analyzer cannot name: it cannot infer it from its factory; write bind(T.self)") }, "\(reasons)")
    }

    /// `bind().tagged(with: Width.self)` binds `Width.Element`, as the compiler infers it,
    /// whatever the factory: a closure over a cast value, an empty literal.
    @Test func anUntypedBindTakesItsTypeFromItsTag() {
        let report = Self.analyze("""
            import Cleanse
            struct Config { let width: Int; let names: [String] }
            struct Width: Cleanse.Tag { typealias Element = Int }
            struct Names: Cleanse.Tag { typealias Element = [String] }
            final class Layout { init(width: TaggedProvider<Width>, names: TaggedProvider<Names>, scale: Double) {} }
            struct App: RootComponent {
                typealias Root = Layout
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(Config.self).to { Config(width: 3, names: []) }
                    binder.bind().tagged(with: Width.self).to { ($0 as Config).width }
                    binder.bind().tagged(with: Names.self).to(value: [])
                }
                static func configureRoot(binder bind: ReceiptBinder<Layout>) -> BindingReceipt<Layout> {
                    bind.to(factory: Layout.init)
                }
            }
            """)
        #expect(report.opaque.map(\.reason) == [])
        #expect(report.diagnostics.map(\.headline) == ["missing binding for 'Double' in component 'App'"])
    }

    /// An override module passed through a variable could replace any binding: the graph
    /// it overrides reports nothing missing, and the call is a note.
    @Test func anOverrideModuleTheAnalyzerCannotNameHidesNothingItMightReplace() {
        let report = Self.analyze("""
            import Cleanse
            final class Engine { init(fuel: Fuel) {} }
            final class Fuel { init(tank: Tank) {} }
            final class Tank {}
            struct FuelModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Fuel.self).to(factory: Fuel.init)
                    binder.bind(Tank.self).to(factory: Tank.init)
                }
            }
            struct Car: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: FuelModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            let fakes = FuelModule.self
            func testCar() throws {
                _ = try ComponentFactory.of(Car.self, overrides: fakes)
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.map(\.position.line) == [22])
    }

    @Test func anIsolatedFactoryIsReadAsAsynchronous() {
        let report = Self.analyze("""
            import Cleanse
            @globalActor actor LedgerActor { static let shared = LedgerActor() }
            struct LedgerConfig: Sendable {}
            @LedgerActor final class Ledger { init(config: LedgerConfig) {} }
            struct Report { init(ledger: Ledger) {} }
            struct App: RootComponent {
                typealias Root = Report
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(LedgerConfig.self).to(value: LedgerConfig())
                    binder.bind(Ledger.self).to(isolatedFactory: Ledger.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Report>) -> BindingReceipt<Report> {
                    bind.to(factory: Report.init)
                }
            }
            """)
        #expect(report.opaque.isEmpty)
        #expect(report.diagnostics.count == 1)
        #expect(DiagnosticFormatter.text(report).contains("[Cleanse/AsyncRequestedSynchronously]"))
    }

    @Test func aModuleOutsideTheAnalysedFilesIsNotedAndTrusted() {
        let report = Self.analyze("""
            import Cleanse
            final class Engine { init(fuel: Fuel) {} }
            final class Fuel {}
            struct Car: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: FuelModule.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.map(\.reason) == ["module 'FuelModule' is not declared in the analysed files"])
    }

    @Test func anInitializerItCannotChooseLeavesTheBindingsRequestsUnknown() {
        let report = Self.analyze("""
            import Cleanse
            final class Engine {
                init(fuel: Fuel) {}
                init(spare: Spare) {}
            }
            final class Fuel {}
            final class Spare {}
            struct Car: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.first?.reason == "'Engine.init' names 2 initializers the compiler ranks alike (it rejects the reference as ambiguous); name one by its labels: to(factory: Engine.init(fuel:)) or to(factory: Engine.init(spare:))")
    }

    /// A closure parameter takes its type from the initializer it is passed to only when it
    /// is passed unchanged and the labels choose one initializer; anything else (a member of
    /// it, an initializer with a defaulted parameter left out) stays opaque.
    @Test func aClosureParameterIsTypedByItsInitializerOnlyWhenPassedAsIs() {
        let report = Self.analyze("""
            import Cleanse
            final class Fuel { var grade = 95 }
            final class Oil {}
            final class Engine {
                init(fuel: Fuel, oil: Oil) {}
                init(octane: Int, spare: Oil? = nil) {}
            }
            final class Car { init(engine: Engine) {} }
            struct Garage: RootComponent {
                typealias Root = Car
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Engine.self).tagged(with: Primary.self).to { Engine(fuel: $0, oil: $1) }
                    binder.bind(Engine.self).tagged(with: Spare.self).to { Engine(octane: $0.grade) }
                    binder.bind(Engine.self).to { Engine(octane: $0) }
                }
                static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
                    bind.to(factory: Car.init)
                }
            }
            struct Primary: Tag { typealias Element = Engine }
            struct Spare: Tag { typealias Element = Engine }
            """)
        // The first is read: its fuel and oil are missing.
        #expect(report.diagnostics.map(\.headline) == ["missing binding for 'Fuel' in component 'Garage'", "missing binding for 'Oil' in component 'Garage'"])
        #expect(report.opaque.map(\.reason) == [
            "the closure uses $0-style parameters, whose types are inferred",
            "the closure uses $0-style parameters, whose types are inferred",
        ])
    }

    static let reportsApp = """
        import Cleanse
        final class Session { init() {} }
        struct Report { let session: Session }
        struct Shop { let reports: ComponentFactory<ReportComponent> }
        struct ReportComponent: RootComponent {
            typealias Root = Report
            static func configure(binder: UnscopedBinder) {}
            static func configureRoot(binder bind: ReceiptBinder<Report>) -> BindingReceipt<Report> {
                bind.to(factory: Report.init)
            }
        }
        struct ShopComponent: RootComponent {
            typealias Root = Shop
            static func configure(binder: SingletonBinder) {
                binder.bind(Session.self).sharedInScope().to(factory: Session.init)
                binder.install(dependency: ReportComponent.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<Shop>) -> BindingReceipt<Shop> {
                bind.to(factory: Shop.init)
            }
        }
        """

    /// Cleanse 4 let a `RootComponent` be installed as a subcomponent. One that is only ever
    /// installed is validated in its parent's tree, where it sees the parent's session; one
    /// a `ComponentFactory.of` also builds on its own is validated on its own too, and
    /// misses the session there, as the runtime reports.
    @Test func aRootComponentThatIsOnlyInstalledIsValidatedWhereItIsInstalled() {
        let installed = Self.analyze(Self.reportsApp)
        #expect(installed.diagnostics.map(\.id.rawValue) == [])
        #expect(installed.coverage.hasPrefix("cleansec: 1 root component,"))

        let alsoBuilt = Self.analyze(Self.reportsApp + "\nfunc printReport() throws { _ = try ComponentFactory.of(ReportComponent.self).build(()) }\n")
        #expect(alsoBuilt.diagnostics.map(\.headline) == ["missing binding for 'Session' in component 'ReportComponent'"])
        #expect(alsoBuilt.coverage.hasPrefix("cleansec: 2 root components,"))
    }

    /// A root that is a wrapper (`Provider<Window>`, the README's window module) handed on
    /// by `configureRoot` is the component's root, not a binding of a wrapper type: the
    /// runtime builds it (`ReadmeExamplesTests.windowModule`), so nothing is reported. The
    /// same wrapper bound in a module is still `BoundWrapperType`.
    @Test func aWrapperTypedRootIsNotABoundWrapper() {
        let root = """
            import Cleanse
            final class Window { init() {} }
            struct WindowComponent: RootComponent {
                typealias Root = Provider<Window>
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(Window.self).sharedInScope().to(factory: Window.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Provider<Window>>) -> BindingReceipt<Provider<Window>> {
                    bind.to { (window: Provider<Window>) in window }
                }
            }
            """
        #expect(Self.analyze(root).diagnostics.map(\.id.rawValue) == [])
        let bound = root.replacingOccurrences(of: "binder.bind(Window.self).sharedInScope().to(factory: Window.init)", with: """
            binder.bind(Window.self).sharedInScope().to(factory: Window.init)
                    binder.bind(Provider<Window>.self).to { (window: Provider<Window>) in window }
            """)
        // (And bound twice: by the module and as the root.)
        #expect(Self.analyze(bound).diagnostics.map(\.id.rawValue) == ["Cleanse/BoundWrapperType", "Cleanse/DuplicateBinding"])
    }

    @Test func spellingsOfOneTypeAreTheSameKey() {
        // `Self`, a typealias, a module qualifier, `any P` and sugar all name the bound keys.
        let report = Self.analyze("""
            import Cleanse
            protocol Fuel {}
            final class Diesel: Fuel { init() {} }
            typealias Gas = Diesel
            struct Spare: Tag { typealias Element = Engine }
            final class Engine {
                init(fuel: any Fuel, spare: App.Diesel, tanks: [Gas], extra: Optional<Diesel>) {}
                static func make(fuel: Fuel, spare: Diesel, tanks: Array<Diesel>, extra: Diesel?) -> Self { fatalError() }
            }
            struct Car: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Fuel.self).to(factory: Diesel.init)
                    binder.bind(Diesel.self).to(factory: Diesel.init)
                    binder.bind(Diesel.self).intoCollection().to(factory: Diesel.init)
                    binder.bind(Engine.self).tagged(with: Spare.self).to(factory: Engine.init)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Self.Root.make)
                }
            }
            """)
        #expect(report.diagnostics.map(\.id.rawValue) == [])
        #expect(report.opaque.isEmpty)
    }
}

extension ConservativeAnalysisTests {
    /// A parent's unread helper may bind what its subcomponents request: no false error
    /// there either, while a sibling tree that cannot see the helper is still checked.
    @Test func anUnreadBindingInAParentHidesNothingItsChildrenMightRequest() {
        let report = Self.analyze("""
            import Cleanse
            final class Session {}
            final class Profile { init(session: Session) {} }
            final class Settings { init(session: Session) {} }
            // Helpers is declared in a target cleansec is not given.
            struct ProfileScope: Scope {}
            struct ProfileScreen: Component {
                typealias Root = Profile
                static func configure(binder: Binder<ProfileScope>) {}
                static func configureRoot(binder bind: ReceiptBinder<Profile>) -> BindingReceipt<Profile> {
                    bind.to(factory: Profile.init)
                }
            }
            struct App: RootComponent {
                typealias Root = ComponentFactory<ProfileScreen>
                static func configure(binder: Binder<Singleton>) {
                    Helpers.bindSession(binder)
                    binder.install(dependency: ProfileScreen.self)
                }
                static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<ProfileScreen>>) -> BindingReceipt<ComponentFactory<ProfileScreen>> {
                    bind.to { (screens: ComponentFactory<ProfileScreen>) in screens }
                }
            }
            struct SettingsApp: RootComponent {
                typealias Root = Settings
                static func configure(binder: Binder<Singleton>) {}
                static func configureRoot(binder bind: ReceiptBinder<Settings>) -> BindingReceipt<Settings> {
                    bind.to(factory: Settings.init)
                }
            }
            """)
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.message.contains("component 'SettingsApp'") == true)
    }
}

extension ConservativeAnalysisTests {
    /// A type whose name needs backticks is named as the runtime names it, without them.
    @Test func aBacktickedTypeIsNamedWithoutBackticks() {
        let report = Self.analyze("""
            import Cleanse
            final class `Default` {}
            final class Screen { init(fallback: `Default`) {} }
            struct App: RootComponent {
                typealias Root = Screen
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
                    bind.to(factory: Screen.init)
                }
            }
            """)
        #expect(report.diagnostics.first?.headline == "missing binding for 'Default' in component 'App'")
    }
}

extension ConservativeAnalysisTests {
    /// A component declared inside a function (a test helper, a preview) is not read, and
    /// cleansec says so at its declaration rather than skipping it.
    @Test func aComponentDeclaredInsideAFunctionIsNotedNotSkipped() {
        let report = Self.analyze("""
            import Cleanse
            final class Clock {}
            func makePreview() throws -> Clock {
                struct PreviewComponent: RootComponent {
                    typealias Root = Clock
                    static func configure(binder: Binder<Unscoped>) {}
                    static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
                        bind.to(factory: Clock.init)
                    }
                }
                return try ComponentFactory.of(PreviewComponent.self).build(())
            }
            """)
        #expect(report.diagnostics.isEmpty)
        #expect(report.opaque.map(\.position.line) == [4])
        #expect(report.opaque.first?.reason.contains("component 'PreviewComponent' is declared inside a function") == true)
    }

    /// A screen whose UIKit superclass cleansec cannot read may be isolated to the main
    /// actor: its factory is unread, with the line that makes it readable, and that line
    /// (`@MainActor` on the class) lets the error be found.
    @Test func aScreenOfAnUnreadSuperclassIsUnreadUntilItsActorIsWritten() {
        func screens(marked: Bool) -> AnalysisReport {
            Self.analyze("""
                import Cleanse
                import UIKit
                final class Session {}
                \(marked ? "@MainActor " : "")final class FeedViewController: UITableViewController {
                    init(session: Session) { super.init(style: .plain) }
                }
                final class Coordinator { init(feed: Provider<FeedViewController>) {} }
                struct AppComponent: RootComponent {
                    typealias Root = Coordinator
                    static func configure(binder: Binder<Singleton>) {
                        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
                        binder.bind(FeedViewController.self).to(factory: FeedViewController.init)
                    }
                    static func configureRoot(binder bind: ReceiptBinder<Coordinator>) -> BindingReceipt<Coordinator> {
                        bind.to(factory: Coordinator.init)
                    }
                }
                """)
        }
        let unmarked = screens(marked: false)
        #expect(unmarked.diagnostics.isEmpty)
        #expect(unmarked.opaque.map(\.position.line) == [12])
        #expect(unmarked.opaque.first?.reason.contains("write '@MainActor' on 'FeedViewController' if 'UITableViewController' isolates it") == true)
        let marked = screens(marked: true)
        #expect(marked.opaque.isEmpty)
        #expect(marked.diagnostics.map(\.id.rawValue) == ["Cleanse/AsyncRequestedSynchronously"])
    }

    /// Each form that depends on an unread isolation is a note whose fix fits it: a static
    /// factory function, a closure that makes the type, and a property injector (whose key
    /// the isolation decides); an `async` closure, whose effect it cannot change, is read.
    @Test func everyFormThatDependsOnAnUnreadIsolationIsANoteWithItsFix() {
        let report = Self.analyze("""
            import Cleanse
            import UIKit
            final class Session {}
            final class FeedViewController: UITableViewController {
                init(session: Session) { super.init(style: .plain) }
                static func make(session: Session) -> FeedViewController { FeedViewController(session: session) }
            }
            final class DetailViewController: UIViewController, PropertyInjectable {
                static var injectedProperties: [InjectedProperty] { [] }
            }
            struct FeedModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Session.self).to(factory: Session.init)
                    binder.bind(FeedViewController.self).to(factory: FeedViewController.make)
                    binder.bind(FeedViewController.self).tagged(with: Feeds.self).to { (session: Session) in FeedViewController(session: session) }
                    binder.bind(FeedViewController.self).tagged(with: Later.self).to { (session: Session) async in FeedViewController(session: session) }
                    binder.bindPropertyInjectionOf(DetailViewController.self).toInjectedProperties()
                }
            }
            struct Feeds: Tag { typealias Element = FeedViewController }
            struct Later: Tag { typealias Element = FeedViewController }
            func check() throws { _ = try ComponentFactory.of(ModuleComponent<FeedModule, Session>.self) }
            """)
        let reasons = report.opaque.sorted { $0.position.line < $1.position.line }.map(\.reason)
        #expect(reasons.count == 3, "\(report.opaque.map { "\($0.position.line): \($0.reason)" })")
        guard reasons.count == 3 else { return }
        #expect(reasons[0].contains("'nonisolated' on 'FeedViewController.make' if not"), "\(reasons[0])")
        #expect(reasons[1].contains("write '@MainActor' on 'FeedViewController' if 'UITableViewController' isolates it, or give cleansec"), "\(reasons[1])")
        #expect(reasons[2].contains("its injector's key depends on it"), "\(reasons[2])")
    }
}
