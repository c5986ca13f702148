import Cleanse
import Testing

// Missing-binding traces, names that tell types apart, and one error per mistake.

private final class Grinder {}
private final class Brewer { init(grinder: Grinder) {} }
private final class Bar { init(brewer: Provider<Brewer>) {} }
private struct Shop {
    let bar: Bar
}

private struct TracedModule: Cleanse.Module {
    static let brewerLine = #line + 3
    static let barLine = #line + 3
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Brewer.self).to(factory: Brewer.init)
        binder.bind(Bar.self).to(factory: Bar.init)
    }
}

private struct TracedShop: RootComponent {
    typealias Root = Shop
    static let rootLine = #line + 5
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: TracedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Shop>) -> BindingReceipt<Shop> {
        bind.to(factory: Shop.init)
    }
}

/// Two types that print alike, and a nested type.
private enum Settings { struct Config {} }
private enum Secrets { struct Config {} }
private struct NamesModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Settings.Config.self).to(value: Settings.Config())
        binder.bind(Needs.self).to(factory: Needs.init)
    }
}
private struct Needs { init(config: Secrets.Config) {} }

/// A key bound only in a child, requested by the parent.
private struct ChildScope: Cleanse.Scope {}
private final class Cart {}
private final class Checkout { init(cart: Cart) {} }
private struct CartComponent: Cleanse.Component {
    typealias Root = Cart
    static let cartLine = #line + 2
    static func configure(binder: Binder<ChildScope>) {
        binder.bind(Cart.self).sharedInScope().to(factory: Cart.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Cart>) -> BindingReceipt<Cart> {
        bind.to { (cart: Cart) in cart }
    }
}
private struct Store: RootComponent {
    typealias Root = Checkout
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: CartComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
        bind.to(factory: Checkout.init)
    }
}

/// A module included by a parent and again by its child.
private final class Logger {}
private final class Metrics {}
private struct TelemetryModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Logger.self).to(factory: Logger.init)
        binder.bind(Metrics.self).to(factory: Metrics.init)
    }
}
private struct RequestScope: Cleanse.Scope {}
private struct TelemetryChild: Cleanse.Component {
    typealias Root = Logger
    static let includeLine = #line + 2
    static func configure(binder: Binder<RequestScope>) {
        binder.include(module: TelemetryModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Logger>) -> BindingReceipt<Logger> {
        bind.to { (logger: Logger) in logger }
    }
}
private struct TelemetryRoot: RootComponent {
    typealias Root = ComponentFactory<TelemetryChild>
    static let includeLine = #line + 2
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TelemetryModule.self)
        binder.install(dependency: TelemetryChild.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (children: Root) in children }
    }
}

/// Two override modules that replace one key.
private struct FakeLoggerA: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) { binder.bind(Logger.self).to(factory: Logger.init) }
}
private struct FakeLoggerB: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) { binder.bind(Logger.self).to(factory: Logger.init) }
}
private struct LoggerRoot: RootComponent {
    typealias Root = Logger
    static func configure(binder: Binder<Unscoped>) { binder.include(module: TelemetryModule.self) }
    static func configureRoot(binder bind: ReceiptBinder<Logger>) -> BindingReceipt<Logger> {
        bind.to { (logger: Logger) in logger }
    }
}

/// A seeded child whose seed nobody binds twice but whose requester is missing: the seed's
/// location is the install call.
private struct Visitor: Cleanse.Tag { typealias Element = String }
private struct VisitScope: Cleanse.Scope {}
private struct Visit: Cleanse.Component {
    typealias Root = String
    typealias Seed = TaggedProvider<Visitor>
    static func configure(binder: Binder<VisitScope>) {
        binder.bind(String.self).tagged(with: Visitor.self).to(value: "again")
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (name: TaggedProvider<Visitor>) in name.get() }
    }
}
private struct Museum: RootComponent {
    typealias Root = ComponentFactory<Visit>
    static let installLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: Visit.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (visits: Root) in visits }
    }
}

@Suite("Traces, names and one error per mistake")
struct TracesAndNamesTests {
    private let file = #fileID

    @Test("a missing binding shows the path from the component's root to the request, each step with its line")
    func missingBindingTrace() throws {
        let error = try #require(caught { try ComponentFactory.of(TracedShop.self) } as? MissingProvider)
        let trace = try #require(error.requests.first?.trace)
        #expect(trace.map(\.key.type.name) == ["Bar", "Shop"])
        #expect(trace.map(\.location.line) == [TracedModule.barLine, TracedShop.rootLine])
        let text = error.description
        #expect(text.contains("'Grinder' binding missing: required by Brewer at \(file):\(TracedModule.brewerLine)"))
        #expect(text.contains("Brewer is requested by Bar at \(file):\(TracedModule.barLine)"))
        #expect(text.contains("Bar is requested by Shop at \(file):\(TracedShop.rootLine)"))
        #expect(text.contains("Shop is the root of component 'TracedShop'"))
    }

    @Test("a module component's trace ends at the line that made the component, not inside Cleanse")
    func moduleComponentTraceEndsAtTheCaller() throws {
        let ofLine = #line + 1
        let error = try #require(caught { try ComponentFactory.of(ModuleComponent<TracedModule, Bar>.self) } as? MissingProvider)
        let trace = try #require(error.requests.first?.trace)
        #expect(trace.map(\.location.line) == [TracedModule.barLine, ofLine])
        #expect(trace.allSatisfy { $0.location.file == file }, "\(trace.map(\.location))")
        #expect(error.description.contains("at \(file):\(ofLine)"))
        #expect(!error.description.contains("ModuleComponent.swift"), "\(error.description)")
    }

    @Test("types that print alike are told apart by qualified names, and nested types keep their outer type")
    func namesTellTypesApart() throws {
        let error = try #require(caught { try ComponentFactory.of(ModuleComponent<NamesModule, Needs>.self) } as? MissingProvider)
        #expect(error.requestedKey.type.name == "Secrets.Config")
        #expect(error.description.contains("missing binding for 'Secrets.Config'"))
        #expect(!error.description.contains("did you mean 'Config'"))
        #expect(error.description.contains("did you mean 'Settings.Config'?"))
    }

    @Test("a key bound only in a subcomponent and requested by its parent says where it is bound and to move the requester")
    func boundOnlyBelow() throws {
        let error = try #require(caught { try ComponentFactory.of(Store.self) } as? MissingProvider)
        let hidden = try #require(error.hiddenBindings.first)
        #expect(hidden.isBelowRequester && hidden.component.name == "CartComponent" && hidden.location.line == CartComponent.cartLine)
        #expect(error.description.contains("To fix: move 'Checkout' into 'CartComponent'"))
        #expect(!error.description.contains("e.g. binder.bind(Cart.self)"))
    }

    @Test("a module included by a parent and by its child is one error naming the module, both components and both includes")
    func moduleIncludedTwice() throws {
        let error = try #require(caught { try ComponentFactory.of(TelemetryRoot.self) } as? ModuleIncludedTwice)
        #expect(error.module.name == "TelemetryModule")
        #expect(error.component.name == "TelemetryChild" && error.ancestor.name == "TelemetryRoot")
        #expect(error.keys.map(\.type.name) == ["Logger", "Metrics"])
        #expect(error.componentInclusion?.line == TelemetryChild.includeLine)
        #expect(error.ancestorInclusion?.line == TelemetryRoot.includeLine)
    }

    @Test("two override modules that bind one key are one error, with no made-up component")
    func overridesBindingOneKeyTwice() throws {
        let error = try #require(caught { try ComponentFactory.of(LoggerRoot.self, overrides: FakeLoggerA.self, FakeLoggerB.self) } as? DuplicateBinding)
        #expect(error.isInOverrides)
        #expect(error.description.contains("by the override modules passed to ComponentFactory.of(_:overrides:)"))
        #expect(!error.description.contains("'overrides'"))
    }

    @Test("a seed is located where its component comes in: the install call, or the ComponentFactory.of call")
    func seedLocations() throws {
        let error = try #require(caught { try ComponentFactory.of(Museum.self) } as? DuplicateBinding)
        #expect(error.locations.contains { $0.line == Museum.installLine && $0.file == file })
        #expect(!error.locations.contains { $0.line == 0 })
    }

    private func caught(_ body: () throws -> some Any) -> (any CleanseError)? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? any CleanseError
        }
    }
}

// MARK: - Internal keys stay out of messages

/// A storyboard app whose root is the injector of its main screen, handed on by
/// `configureRoot` as Cleanse 4 apps wrote it; the screen needs an analytics client nothing
/// binds, and a near miss (`AnalyticsClients`) is bound.
private final class AnalyticsClient {}
private final class AnalyticsClients {}
private final class MainScreen {
    var analytics: AnalyticsClient?
    func injectProperties(analytics: AnalyticsClient) { self.analytics = analytics }
}
private struct MainScreenComponent: RootComponent {
    typealias Root = PropertyInjector<MainScreen>
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(AnalyticsClients.self).to(factory: AnalyticsClients.init)
        binder.bindPropertyInjectionOf(MainScreen.self).to(injector: MainScreen.injectProperties)
    }
    static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<MainScreen>>) -> BindingReceipt<PropertyInjector<MainScreen>> {
        bind.to { (injector: PropertyInjector<MainScreen>) in injector }
    }
}
/// The same root requesting the missing client itself.
private struct MainScreenRootComponent: RootComponent {
    typealias Root = MainScreen
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(AnalyticsClients.self).to(factory: AnalyticsClients.init)
        binder.bind(MainScreen.self).to { (client: AnalyticsClient) in MainScreen() }
    }
    static func configureRoot(binder bind: ReceiptBinder<MainScreen>) -> BindingReceipt<MainScreen> {
        bind.to { (screen: MainScreen) in screen }
    }
}

extension TracesAndNamesTests {
    @Test("a root that hands on its own type never shows the internal ExposedRoot tag in messages or near misses")
    func exposedRootStaysInternal() throws {
        for validate in [{ _ = try ComponentFactory.of(MainScreenComponent.self) }, { _ = try ComponentFactory.of(MainScreenRootComponent.self) }] {
            let error = try #require(throws: MissingProvider.self) { try validate() }
            #expect(!error.description.contains("ExposedRoot"), "\(error)")
            #expect(error.description.contains("'AnalyticsClients'"), "\(error)")
        }
    }
}
