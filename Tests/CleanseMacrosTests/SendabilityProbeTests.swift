import Foundation
import TestToolchain
import Testing

// Swift 6 data-race holes the library closes, proven by the compiler: each probe is code
// that would share mutable state across threads through Cleanse, and must not compile in the
// Swift 6 language mode; its twin without the shared state must.

@Suite("Swift 6 safety, from the compiler", .enabled(if: compilerProbesRun, "\(FullSuite.skipReason), with the built modules beside the test binary"))
struct SendabilityProbeTests {
    /// A hand-written `@Injected` property whose setter counts in a local class: the graph
    /// may fill objects on any thread, so the setter must be `@Sendable`.
    @Test("an injected property's setter that captures mutable state does not compile")
    func injectedPropertySetterMustBeSendable() throws {
        let declarations = """
            import Cleanse
            final class Counter { var fills = 0 }
            final class Service {}
            final class Screen { var service: Service? }
            """
        let capturing = try typecheck(declarations + """

            func screenProperty() -> InjectedProperty {
                let counter = Counter()
                return .property(named: "service") { (screen: Screen, service: Service) in
                    counter.fills += 1
                    screen.service = service
                }
            }
            """)
        #expect(capturing.contains("error: capture of 'counter' with non-Sendable type 'Counter'"), "\(capturing)")
        let plain = try typecheck(declarations + """

            func screenProperty() -> InjectedProperty {
                .property(named: "service") { (screen: Screen, service: Service) in screen.service = service }
            }
            """)
        #expect(!plain.contains("error:"), "\(plain)")
    }

    /// The key-path form takes a `Sendable` key path: a literal is one.
    @Test("an injected property given by a key path literal compiles")
    func keyPathLiteralIsSendable() throws {
        let output = try typecheck("""
            import Cleanse
            final class Service {}
            final class Screen {
                @Injected var service: Service
                static let properties: [InjectedProperty] = [.property(\\Screen._service, named: "service")]
            }
            """)
        #expect(!output.contains("error:"), "\(output)")
    }

    /// Every binder form whose closure the graph may call from any thread, each capturing a
    /// class of its own: a module written like this shares that class across threads
    /// through a `Sendable` provider.
    static let factoriesOverSharedState = """
        import Cleanse
        final class Grill { var lit = 0 }
        final class Till { var sales = 0 }
        final class Menu { var items = 0 }
        final class Tickets { var printed = 0 }
        final class Receipts { var printed = 0 }
        final class Oven { var baked = 0 }
        struct Burger { let number: Int }
        final class Receipt { var footer = "" }
        struct TicketFactory: AssistedFactory {
            typealias Seed = Int
            typealias Element = String
        }
        struct KitchenModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                let grill = Grill(), till = Till(), menu = Menu(), tickets = Tickets(), receipts = Receipts(), oven = Oven()
                binder.bind(Burger.self).to { () -> Burger in grill.lit += 1; return Burger(number: grill.lit) }
                binder.bind(Int.self).to { (burger: Burger) -> Int in till.sales += burger.number; return till.sales }
                binder.bind(String.self).intoCollection().to { () -> String in menu.items += 1; return "item" }
                binder.bindFactory(String.self).with(TicketFactory.self).to { (table: Assisted<Int>) -> String in
                    tickets.printed += table.get()
                    return "ticket"
                }
                binder.bindPropertyInjectionOf(Receipt.self).to { (receipt: Receipt, burger: Burger) in
                    receipts.printed += 1
                    receipt.footer = "burger \\(burger.number)"
                }
                binder.bind(Double.self).to { () async -> Double in oven.baked += 1; return Double(oven.baked) }
            }
        }
        """

    /// The graph may call a binder's factory from any thread (a `Provider` of a `Sendable`
    /// value is `Sendable`), so in Swift 6 mode every such closure is `@Sendable`.
    @Test("binder factories that capture mutable state do not compile in Swift 6 mode")
    func binderFactoriesMustBeSendable() throws {
        let output = try typecheck(Self.factoriesOverSharedState)
        for captured in ["grill", "till", "menu", "tickets", "receipts", "oven"] {
            #expect(output.contains("error: capture of '\(captured)' with non-Sendable type"), "\(captured): \(output)")
        }
        let plain = try typecheck(Self.factoriesOverSharedState.replacingOccurrences(
            of: "let grill = Grill(), till = Till(), menu = Menu(), tickets = Tickets(), receipts = Receipts(), oven = Oven()",
            with: "nonisolated(unsafe) let grill = Grill(), till = Till(), menu = Menu(), tickets = Tickets(), receipts = Receipts(), oven = Oven()"
        ))
        #expect(!plain.contains("error:"), "\(plain)")
    }

    /// Cleanse 4 code compiled in Swift 5 mode keeps compiling, with no warning per binding.
    @Test("the same factories compile without a warning in Swift 5 mode")
    func binderFactoriesCompileInSwift5Mode() throws {
        let output = try typecheck(Self.factoriesOverSharedState, swiftVersion: 5)
        #expect(!output.contains("error:") && !output.contains("warning:"), "\(output)")
    }

    /// Swift 5 mode with every concurrency check on (`-strict-concurrency=complete`, how
    /// apps prepare for Swift 6): Cleanse 4 code still compiles without a warning, its
    /// factories as its hand-made providers, which have Swift 5 forms of their own.
    @Test("Cleanse 4 factories and hand-made providers stay warning-free in Swift 5 mode with complete checking")
    func swift5ModeWithCompleteCheckingIsWarningFree() throws {
        let providers = """
            final class Counter { var opened = 0 }
            struct UserName: Tag { typealias Element = String }
            func handMade() {
                let counter = Counter()
                let opens = Provider<Int>(getter: { counter.opened += 1; return counter.opened })
                let name = TaggedProvider<UserName>(getter: { "user \\(counter.opened)" })
                let weak = WeakProvider<Counter>(getter: { counter })
                let seed = Assisted<Int>(getter: { counter.opened })
                _ = (opens.get(), name.get(), weak.get(), seed.get())
            }
            """
        let output = try typecheck(Self.factoriesOverSharedState + "\n" + providers, swiftVersion: 5, flags: ["-strict-concurrency=complete"])
        #expect(!output.contains("error:") && !output.contains("warning:"), "\(output)")
    }

    /// A main-actor factory is `sending`: it moves to the main actor, so it may not take a
    /// non-`Sendable` value its caller goes on using.
    @Test("a main-actor factory over state its caller keeps using does not compile")
    func mainActorFactoryIsSending() throws {
        let declarations = """
            import Cleanse
            final class Counter { var made = 0 }
            @MainActor final class ProfileViewModel { init() {} }
            func configure(binder: Binder<Unscoped>) {
                let counter = Counter()
                binder.bind(ProfileViewModel.self).to { @MainActor () -> ProfileViewModel in
                    counter.made += 1
                    return ProfileViewModel()
                }

            """
        let kept = try typecheck(declarations + "    counter.made += 1\n}\n", depth: .regions)
        #expect(kept.contains("error: sending 'counter' risks causing data races"), "\(kept)")
        let handedOver = try typecheck(declarations + "}\n", depth: .regions)
        #expect(!handedOver.contains("error:"), "\(handedOver)")
    }

    /// A generic component as apps write them: its factories mention its type parameters,
    /// whose metatypes a `@Sendable` closure captures. Components, modules, tags, scopes and
    /// assisted factories refine `SendableMetatype`, so this needs no constraint of the
    /// app's own, and compiles in a module whose default isolation is the main actor.
    static let genericComponent = """
        import Cleanse
        struct RequestScope: Scope {}
        struct Handler<Route: Tag> { let path: String }
        struct HandlerComponent<Route: Tag>: Cleanse.Component where Route.Element == String {
            typealias Root = Handler<Route>
            typealias Seed = TaggedProvider<Route>
            static func configure(binder: Binder<RequestScope>) {}
            static func configureRoot(binder bind: ReceiptBinder<Handler<Route>>) -> BindingReceipt<Handler<Route>> {
                bind.to { (path: TaggedProvider<Route>) in Handler<Route>(path: path.get()) }
            }
        }
        struct Home: Tag { typealias Element = String }
        struct AppComponent: RootComponent {
            typealias Root = ComponentFactory<HandlerComponent<Home>>
            static func configure(binder: Binder<Singleton>) {
                binder.install(dependency: HandlerComponent<Home>.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
                bind.to { (handlers: ComponentFactory<HandlerComponent<Home>>) in handlers }
            }
        }
        """

    @Test("a generic component's factories compile without a warning, main-actor default isolation too")
    func genericComponentNeedsNoConstraint() throws {
        let output = try typecheck(Self.genericComponent)
        #expect(!output.contains("error:") && !output.contains("warning:"), "\(output)")
        let mainActorByDefault = try typecheck(Self.genericComponent, flags: ["-default-isolation", "MainActor"])
        #expect(!mainActorByDefault.contains("error:") && !mainActorByDefault.contains("warning:"), "\(mainActorByDefault)")
    }
}
