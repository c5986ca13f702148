import CleanseMacros
import Synchronization
import TestToolchain
import Testing

// A checkout feature as a team would ship it in its own module: what it needs from the app
// is one protocol, whose properties `@FeatureDependencies` binds inside the feature's graph
// with one `include(module:)`, not one line per property.

private final class Cart: Sendable {
    let items: [String]
    init(items: [String]) { self.items = items }
}

private protocol PaymentGateway: Sendable {
    func charge(_ cents: Int) -> String
}

private struct CardGateway: PaymentGateway {
    func charge(_ cents: Int) -> String { "charged \(cents) by card" }
}

private struct PromotionCode: Sendable, Equatable {
    let code: String
}

@FeatureDependencies
private protocol CheckoutDependencies: Sendable {
    var cart: Cart { get }
    var payments: any PaymentGateway { get }
    var promotion: PromotionCode? { get }
    /// Methods stay on the protocol: the screen asks for `any CheckoutDependencies` to call it.
    func showOrders() -> String
}

private let cartLine = #line - 7

private struct CheckoutScope: Scope {}

private final class CheckoutScreen {
    let cart: Cart
    let payments: any PaymentGateway
    let promotion: PromotionCode?
    let dependencies: any CheckoutDependencies
    init(cart: Cart, payments: any PaymentGateway, promotion: PromotionCode?, dependencies: any CheckoutDependencies) {
        self.cart = cart
        self.payments = payments
        self.promotion = promotion
        self.dependencies = dependencies
    }
    func pay() -> String { payments.charge(cart.items.count * 250) }
}

private struct CheckoutComponent: RootComponent {
    typealias Scope = CheckoutScope
    typealias Seed = any CheckoutDependencies
    typealias Root = CheckoutScreen
    static func configure(binder: Binder<CheckoutScope>) {
        binder.include(module: CheckoutDependenciesModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<CheckoutScreen>) -> BindingReceipt<CheckoutScreen> {
        bind.to(factory: CheckoutScreen.init)
    }
}

// The app: it conforms to the feature's protocol and installs the feature.

private struct AppCheckoutDependencies: CheckoutDependencies {
    let cart: Cart
    let payments: any PaymentGateway
    let promotion: PromotionCode?
    func showOrders() -> String { "orders of \(cart.items.count) items" }
}

private final class AppCoordinator {
    let checkout: FeatureFactory<CheckoutComponent>
    init(checkout: FeatureFactory<CheckoutComponent>) { self.checkout = checkout }
}

private struct AppComponent: RootComponent {
    typealias Root = AppCoordinator
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Cart.self).sharedInScope().to { Cart(items: ["tea", "scones"]) }
        binder.bind((any CheckoutDependencies).self).to { (cart: Cart) in
            AppCheckoutDependencies(cart: cart, payments: CardGateway(), promotion: PromotionCode(code: "WELCOME"))
        }
        binder.install(feature: CheckoutComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
        bind.to(factory: AppCoordinator.init)
    }
}

@Suite("@FeatureDependencies binds a seed protocol's properties")
struct FeatureDependenciesTests {
    @Test("each property of the feature's dependency protocol is injectable in the feature, from the app's seed")
    func propertiesAreBound() throws {
        let app = try ComponentFactory.of(AppComponent.self).build(())
        let screen = app.checkout.build()
        #expect(screen.cart.items == ["tea", "scones"])
        #expect(screen.pay() == "charged 500 by card")
        #expect(screen.promotion == PromotionCode(code: "WELCOME"))
        #expect(screen.dependencies.showOrders() == "orders of 2 items")
    }

    @Test("a feature built on its own takes a fake of its dependencies, as a test or a preview would")
    func featureBuiltWithAFake() throws {
        let fake = AppCheckoutDependencies(cart: Cart(items: []), payments: CardGateway(), promotion: nil)
        let screen = try ComponentFactory.of(CheckoutComponent.self).build(fake)
        #expect(screen.promotion == nil)
        #expect(screen.pay() == "charged 0 by card")
    }

    @Test("a type the feature binds again is a duplicate named at the property's declaration")
    func duplicateNamesTheProperty() throws {
        struct Feature: RootComponent {
            typealias Scope = CheckoutScope
            typealias Seed = any CheckoutDependencies
            typealias Root = CheckoutScreen
            static func configure(binder: Binder<CheckoutScope>) {
                binder.include(module: CheckoutDependenciesModule.self)
                binder.bind(Cart.self).to { Cart(items: ["from the feature"]) }
            }
            static func configureRoot(binder bind: ReceiptBinder<CheckoutScreen>) -> BindingReceipt<CheckoutScreen> {
                bind.to(factory: CheckoutScreen.init)
            }
        }
        let duplicate = try #require(#expect(throws: DuplicateBinding.self) { try ComponentFactory.of(Feature.self) })
        #expect(duplicate.key.type.name.contains("Cart"))
        #expect(duplicate.locations.contains { $0.file == "CleanseMacrosTests/FeatureDependenciesTests.swift" && $0.line == cartLine })
        #expect(duplicate.locations.count == 2)
    }

    @Test("an app that does not provide the seed fails at its install(feature:) line")
    func missingSeedAtInstall() throws {
        struct App: RootComponent {
            typealias Root = AppCoordinator
            static let installLine = #line + 2
            static func configure(binder: Binder<Singleton>) {
                binder.install(feature: CheckoutComponent.self)
            }
            static func configureRoot(binder bind: ReceiptBinder<AppCoordinator>) -> BindingReceipt<AppCoordinator> {
                bind.to(factory: AppCoordinator.init)
            }
        }
        let missing = try #require(#expect(throws: MissingProvider.self) { try ComponentFactory.of(App.self) })
        #expect(String(describing: missing).contains("FeatureDependenciesTests.swift:\(App.installLine)"), "\(missing)")
        #expect(String(describing: missing).contains("CheckoutDependencies"))
    }
}

@Suite("@FeatureDependencies's errors, from the compiler", .enabled(if: compilerProbesRun, "\(FullSuite.skipReason), with the macro plugin beside the test binary"))
struct FeatureDependenciesDiagnosticsTests {
    @Test("a property that cannot be bound from the seed is an error at the property that says why", arguments: [
        ("var primary: Session { get }\n    var backup: Session { get }", "'backup' has the type 'Session' of 'primary': a graph binds a type once"),
        ("var session: Session { get async }", "'session' cannot be bound from the seed: its getter is async or throws"),
        ("var session: Session { get throws }", "'session' cannot be bound from the seed: its getter is async or throws"),
        ("associatedtype Store\n    var store: Store { get }", "'store' cannot be bound from the seed: its type depends on the conforming type"),
        ("var session: Session! { get }", "'session' cannot be bound from the seed: a graph cannot bind the implicitly unwrapped 'Session!'; declare it 'Session?'"),
    ])
    func unboundProperty(_ members: String, _ message: String) throws {
        let output = try typecheck("""
            import CleanseMacros
            final class Session: Sendable {}
            @FeatureDependencies
            protocol Dependencies: Sendable {
                \(members)
            }
            """)
        #expect(output.contains("error: \(message)"), "\(output)")
    }

    @Test("on anything but a protocol it says where it applies")
    func notAProtocol() throws {
        let output = try typecheck("import CleanseMacros\n@FeatureDependencies\nstruct Dependencies {}")
        #expect(output.contains("error: @FeatureDependencies applies to a protocol"), "\(output)")
    }

    @Test("a private protocol's module compiles in its file, nested or not")
    func privateProtocol() throws {
        let output = try typecheck("""
            import CleanseMacros
            final class Session: Sendable {}
            @FeatureDependencies
            private protocol Dependencies: Sendable {
                var session: Session { get }
            }
            enum Feature {
                @FeatureDependencies
                private protocol Inner: Sendable {
                    var session: Session { get }
                }
                static let modules: [any Cleanse.Module.Type] = [InnerModule.self, DependenciesModule.self]
            }
            """)
        #expect(!output.contains("error"), "\(output)")
    }

    @Test("a public protocol's module is public, usable from the feature's other modules")
    func publicProtocol() throws {
        let output = try typecheck("""
            public import CleanseMacros
            public final class Session: Sendable {}
            @FeatureDependencies
            public protocol Dependencies: Sendable {
                var session: Session { get }
            }
            public struct Scoped: Scope {}
            public struct Feature: RootComponent {
                public typealias Scope = Scoped
                public typealias Seed = any Dependencies
                public typealias Root = Session
                public static func configure(binder: Binder<Scoped>) { binder.include(module: DependenciesModule.self) }
                public static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> { bind.to { (session: Session) in session } }
            }
            public let module: any Cleanse.Module.Type = DependenciesModule.self
            """)
        #expect(!output.contains("error"), "\(output)")
    }
}
