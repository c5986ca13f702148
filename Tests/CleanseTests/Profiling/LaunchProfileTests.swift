import Cleanse
import Synchronization
import Testing

// A small shop, wired as apps wire theirs: a shared heater and pump, a coffee maker made
// from them, a menu from collection bindings, and a subcomponent per order.
private final class Heater { init() {} }
private final class Pump { init(heater: Heater) {} }
private final class CoffeeMaker { init(heater: Heater, pump: Pump) {} }
private struct Drink { let name: String }
private final class Barista { init(maker: CoffeeMaker, menu: [Drink]) {} }
private struct OrderScope: Scope {}
private final class Ticket { let customer: String; init(customer: TaggedProvider<Customer>) { self.customer = customer.get() } }
private struct Customer: Cleanse.Tag { typealias Element = String }
private final class Order { init(ticket: Ticket, barista: Barista) {} }

private struct OrderComponent: Cleanse.Component {
    typealias Root = Order
    typealias Seed = TaggedProvider<Customer>
    static func configure(binder: Binder<OrderScope>) {
        binder.bind(Ticket.self).sharedInScope().to(factory: Ticket.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Order>) -> BindingReceipt<Order> {
        bind.to(factory: Order.init)
    }
}

private struct Shop { let barista: Provider<Barista>; let orders: ComponentFactory<OrderComponent> }

private struct ShopComponent: RootComponent {
    typealias Root = Shop
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Heater.self).sharedInScope().to(factory: Heater.init)
        binder.bind(Pump.self).sharedInScope().to(factory: Pump.init)
        binder.bind(CoffeeMaker.self).sharedInScope().to(factory: CoffeeMaker.init)
        binder.bind(Drink.self).intoCollection().to { Drink(name: "latte") }
        binder.bind(Drink.self).intoCollection().to { Drink(name: "mocha") }
        binder.bind(Barista.self).to(factory: Barista.init)
        binder.install(dependency: OrderComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Shop>) -> BindingReceipt<Shop> {
        bind.to(factory: Shop.init)
    }
}

// A generated graph of 1,000 types: `Node<H, T, U>` for every three digits, each made from
// the node before it (U, then T, then H counting down), every other one shared, and all of
// them contributed to the collection the root takes.
private func digit(_ value: Int) -> any Digit.Type {
    digitTypes[value]
}

private final class Node<H: Digit, T: Digit, U: Digit>: Sendable {
    static var number: Int { H.value * 100 + T.value * 10 + U.value }
    init(previous: AnyObject?) {}
}
private struct Nodes { let all: [AnyObject] }

private struct GeneratedModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        for number in 0..<1_000 {
            bindNode(digit(number / 100), digit(number / 10 % 10), digit(number % 10), binder: binder)
        }
    }

    private static func bindNode<H: Digit, T: Digit, U: Digit>(_: H.Type, _: T.Type, _: U.Type, binder: Binder<Singleton>) {
        let number = Node<H, T, U>.number
        let previous = number - 1
        let builder = binder.bind(Node<H, T, U>.self)
        if previous < 0 {
            if number % 2 == 0 {
                builder.sharedInScope().to { Node<H, T, U>(previous: nil) }
            } else {
                builder.to { Node<H, T, U>(previous: nil) }
            }
        } else {
            let (h, t, u) = (digit(previous / 100), digit(previous / 10 % 10), digit(previous % 10))
            requestNode(h, t, u, for: Node<H, T, U>.self, shared: number % 2 == 0, binder: binder)
        }
        binder.bind(AnyObject.self).intoCollection().to { (node: Node<H, T, U>) -> AnyObject in node }
    }

    private static func requestNode<PH: Digit, PT: Digit, PU: Digit, H, T, U>(
        _: PH.Type, _: PT.Type, _: PU.Type, for _: Node<H, T, U>.Type, shared: Bool, binder: Binder<Singleton>
    ) {
        let builder = binder.bind(Node<H, T, U>.self)
        if shared {
            builder.sharedInScope().to { (previous: Node<PH, PT, PU>) in Node<H, T, U>(previous: previous) }
        } else {
            builder.to { (previous: Node<PH, PT, PU>) in Node<H, T, U>(previous: previous) }
        }
    }
}

private struct GeneratedComponent: RootComponent {
    typealias Root = Nodes
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: GeneratedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Nodes>) -> BindingReceipt<Nodes> {
        bind.to { (all: [AnyObject]) in Nodes(all: all) }
    }
}

/// Counts what it is shown, by kind, and checks each piece of work runs inside its call.
private final class CountingObserver: GraphObserver, @unchecked Sendable {
    // Safe to share: `counts` is only touched with `lock` held.
    private let lock = NSLockLike()
    private var counts: [GraphEvent.Kind: Int] = [:]
    private(set) var names: [String] = []

    func observe<R>(_ event: GraphEvent, _ work: () throws -> R) rethrows -> R {
        lock.locked {
            counts[event.kind, default: 0] += 1
            names.append(event.name)
        }
        return try work()
    }

    func count(_ kind: GraphEvent.Kind) -> Int { lock.locked { counts[kind] ?? 0 } }
}

/// A lock for the test's observer, without Foundation's.
private final class NSLockLike: @unchecked Sendable {
    // Safe to share: the mutex is only used through `locked`.
    private let mutex = Mutex(())
    func locked<R>(_ body: () throws -> R) rethrows -> R { try mutex.withLock { _ in try body() } }
}


@Suite("Launch profile")
struct LaunchProfileTests {
    @Test("the demo's profile is a valid trace: phases, a build per component instance, objects nested in what needed them")
    func demoProfile() throws {
        let profile = LaunchProfile()
        let shop = try ComponentFactory.of(ShopComponent.self, observer: profile).build(())
        _ = shop.barista.get()
        _ = shop.barista.get()
        _ = shop.orders.build("Ada")
        let trace = try TraceFile(profile.chromeTrace())
        #expect(trace.nestsProperly)

        #expect(trace.events("collect").map(\.name).sorted() == ["collect OrderComponent", "collect ShopComponent"])
        #expect(trace.events("validate").count == 1)
        #expect(trace.events("link").map(\.name).sorted() == ["link OrderComponent", "link ShopComponent"])
        // A subcomponent is collected while its parent's modules run.
        let collectShop = try #require(trace.events("collect").first { $0.name == "collect ShopComponent" })
        let collectOrder = try #require(trace.events("collect").first { $0.name == "collect OrderComponent" })
        #expect(collectShop.contains(collectOrder))
        #expect(trace.events("build").map(\.name) == ["build ShopComponent", "build OrderComponent"])

        let constructed = trace.events("construct")
        // Shared objects once; the unscoped barista each time it was asked for.
        #expect(constructed.filter { $0.name == "Heater" }.count == 1)
        #expect(constructed.filter { $0.name == "Pump" }.count == 1)
        #expect(constructed.filter { $0.name == "CoffeeMaker" }.count == 1)
        #expect(constructed.filter { $0.name == "Barista" }.count == 3)
        #expect(constructed.filter { $0.name == "Ticket" }.count == 1)
        // Each object sits in the object that needed it first.
        let pump = try #require(constructed.first { $0.name == "Pump" })
        #expect(trace.parent(of: pump)?.name == "CoffeeMaker")
        let heater = try #require(constructed.first { $0.name == "Heater" })
        #expect(trace.parent(of: heater)?.name == "CoffeeMaker")
        let ticket = try #require(constructed.first { $0.name == "Ticket" })
        #expect(trace.parent(of: ticket)?.name == "Order")
        #expect(trace.parent(of: try #require(constructed.first { $0.name == "Order" }))?.name == "build OrderComponent")
        #expect(heater.arguments["shared"] as? String == "yes")
        #expect((heater.arguments["location"] as? String)?.contains("LaunchProfileTests.swift:") == true)
        // Own time never exceeds the total, and the phases took time.
        for event in trace.events {
            let own = try #require(event.arguments["own_us"] as? Double ?? (event.arguments["own_us"] as? Int).map(Double.init))
            #expect(own <= event.duration + 0.001)
        }
        #expect(trace.events("validate")[0].duration > 0)
    }

    @Test("the profile of a generated 1,000-type graph names every shared object once and nests each in its requester")
    func generatedGraphProfile() throws {
        let profile = LaunchProfile()
        let nodes = try ComponentFactory.of(GeneratedComponent.self, observer: profile).build(())
        #expect(nodes.all.count == 1_000)
        let trace = try TraceFile(profile.chromeTrace())
        #expect(trace.nestsProperly)
        let constructed = trace.events("construct").filter { $0.name.hasPrefix("Node<") }
        let byName = Dictionary(grouping: constructed, by: \.name)
        #expect(byName.count == 1_000)
        let shared = constructed.filter { $0.arguments["shared"] as? String == "yes" }
        #expect(Set(shared.map(\.name)).count == 500)
        #expect(shared.count == 500, "a shared object appears once per component instance")
        // The build holds every construction.
        let build = try #require(trace.events("build").first)
        #expect(constructed.allSatisfy { build.contains($0) })
        #expect(profile.summary(limit: 5).split(separator: "\n").count == 1 + 4 + 5)
    }

    @Test("an observer sees each phase and every construction of its own graph")
    func observerSeesEveryKind() throws {
        let observer = CountingObserver()
        let shop = try ComponentFactory.of(ShopComponent.self, observer: observer).build(())
        _ = shop.orders.build("Grace")
        #expect(observer.count(.collect) == 2)
        #expect(observer.count(.validate) == 1)
        #expect(observer.count(.link) == 2)
        #expect(observer.count(.build) == 2)
        // Heater, Pump, CoffeeMaker, two drinks, Barista, Shop, Ticket, Order.
        #expect(observer.count(.construct) == 9)

        // The observer belongs to its graph: another graph of the same component is not its.
        _ = try ComponentFactory.of(ShopComponent.self).build(()).orders.build("Alan")
        #expect(observer.count(.construct) == 9)
    }

    @Test("an async factory is observed through the asynchronous call, nested in the build")
    func asyncConstruction() async throws {
        let profile = LaunchProfile()
        let app = try await ComponentFactory.of(AsyncComponent.self, observer: profile).buildAsync(())
        #expect(app.store.name == "remote")
        let names = profile.entries.map(\.event.name)
        #expect(names.filter { $0 == "RemoteStore" }.count == 1)
        #expect(names.contains("build AsyncComponent"))
        let timeline = profile.timeline
        let store = try #require(timeline.first { $0.entry.event.name == "RemoteStore" })
        let build = try #require(timeline.first { $0.entry.event.kind == .build })
        #expect(store.entry.start >= build.entry.start)
        #expect(store.entry.start + store.entry.duration <= build.entry.start + build.entry.duration)
    }
}

private final class RemoteStore: Sendable {
    let name: String
    init() async { await Task.yield(); name = "remote" }
}
private struct AsyncApp { let store: RemoteStore }
private struct AsyncComponent: RootComponent {
    typealias Root = AsyncApp
    static func configure(binder: Binder<Singleton>) {
        binder.bind(RemoteStore.self).sharedInScope().to(factory: RemoteStore.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncApp>) -> BindingReceipt<AsyncApp> {
        bind.to { (store: RemoteStore) async in AsyncApp(store: store) }
    }
}
