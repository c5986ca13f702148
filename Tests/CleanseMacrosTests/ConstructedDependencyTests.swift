import CleanseMacros
import Testing

// A garage wired by constructor injection alone, whose initializers request constructed
// types in every form `@Injectable` names in its hints (directly, through a provider, a weak
// provider, an optional, a closure), beside forms it gives no hint for (an existential, an
// implicitly unwrapped optional): the hints compile and the graph is the one the runtime's
// own look-up builds.

@Injectable
private final class Engine {}

@Injectable(scope: Singleton.self)
private final class Workshop {}

@Injectable
private final class Wheels {
    let workshop: Workshop
    init(workshop: Workshop) { self.workshop = workshop }
}

private protocol Horn: AnyObject {}
private final class LoudHorn: Horn {}

private final class Mirror {}

@Injectable
private final class Car {
    let engine: Engine
    let wheels: Provider<Wheels>
    let spare: Wheels?
    let makeEngine: () -> Engine
    let workshop: WeakProvider<Workshop>
    let horn: any Horn
    let mirror: Mirror!
    init(engine: Engine, wheels: Provider<Wheels>, spare: Wheels?, makeEngine: @escaping () -> Engine,
         workshop: WeakProvider<Workshop>, horn: any Horn, mirror: Mirror!) {
        self.engine = engine
        self.wheels = wheels
        self.spare = spare
        self.makeEngine = makeEngine
        self.workshop = workshop
        self.horn = horn
        self.mirror = mirror
    }
}

private struct GarageModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any Horn).self).to(factory: LoudHorn.init)
        binder.bind(Mirror.self).to(factory: Mirror.init)
    }
}

private struct Garage: RootComponent {
    typealias Root = Car
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: GarageModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (car: Car) in car }
    }
}

/// A screen constructed by its own initializer; its subclass inherits the conformance but not
/// the constructor, hinted or not.
@Injectable
private class Screen {}

private final class DetailScreen: Screen {}

@Injectable
private final class Router {
    let detail: DetailScreen
    init(detail: DetailScreen) { self.detail = detail }
}

private struct Navigation: RootComponent {
    typealias Root = Router
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (router: Router) in router }
    }
}

/// A conformance written by hand, with the hint `@Injectable` would write.
private final class Dashboard {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}

extension Dashboard: ConstructorInjectable {
    static var injectableConstructor: InjectableConstructor {
        InjectableConstructor(Dashboard.self) { (engine: Engine) in Dashboard(engine: engine) }
            .constructing(InjectableConstructor.dependency(Engine.self), InjectableConstructor.dependency((any Horn).self))
    }
}

private struct Cockpit: RootComponent {
    typealias Root = Dashboard
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (dashboard: Dashboard) in dashboard }
    }
}

@Suite("Constructed dependencies: the hints @Injectable writes beside a constructor")
struct ConstructedDependencyTests {
    @Test("every request form of a constructed type is served, hinted or looked up at run time")
    func everyFormIsServed() throws {
        let car = try ComponentFactory.of(Garage.self).build(())
        #expect(car.wheels.get().workshop === car.spare?.workshop)
        #expect(car.workshop.get() === car.spare?.workshop)
        #expect(car.makeEngine() !== car.engine)
        #expect(car.horn is LoudHorn)
        #expect(car.mirror != nil)
    }

    @Test("a subclass is not constructed by its superclass's constructor, though a hint names it")
    func aSubclassIsStillMissing() {
        #expect(InjectableConstructor.dependency(DetailScreen.self) != nil)
        #expect {
            _ = try ComponentFactory.of(Navigation.self)
        } throws: { error in
            "\(error)".contains("[Cleanse/MissingBinding]") && "\(error)".contains("DetailScreen")
        }
    }

    @Test("a hand-written constructor's hints name the constructed types and nothing else")
    func handWrittenHints() throws {
        #expect(InjectableConstructor.dependency(Engine.self) != nil)
        #expect(InjectableConstructor.dependency(Provider<Engine>.self) != nil)
        #expect(InjectableConstructor.dependency(Engine?.self) != nil)
        #expect(InjectableConstructor.dependency((() -> Engine).self) != nil)
        #expect(InjectableConstructor.dependency((any Horn).self) == nil)
        #expect(InjectableConstructor.dependency(Mirror.self) == nil)
        let factory = try ComponentFactory.of(Cockpit.self)
        #expect(factory.build(()).engine !== factory.build(()).engine)
    }
}

/// Seven requests: past the fixed-arity constructors, through the variadic one.
@Injectable
private final class Dealership {
    let parts: [AnyObject]
    init(a: Engine, b: Engine, c: Wheels, d: Wheels, e: Provider<Engine>, f: Workshop, g: any Horn) {
        parts = [a, b, c, d, f, g]
        _ = e
    }
}

private struct Sales: RootComponent {
    typealias Root = Dealership
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: GarageModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (dealership: Dealership) in dealership }
    }
}

@Suite("Constructors of every arity")
struct ConstructorArityTests {
    @Test("a constructor of seven requests, past the fixed-arity forms, gets each in order")
    func sevenRequests() throws {
        let parts = try ComponentFactory.of(Sales.self).build(()).parts
        let identities = parts.map(ObjectIdentifier.init)
        #expect(parts.count == 6)
        #expect(identities[0] != identities[1])
        #expect(parts[4] is Workshop)
        #expect(parts[5] is LoudHorn)
        let wheelsWorkshop = (parts[2] as? Wheels).map { ObjectIdentifier($0.workshop) }
        #expect(wheelsWorkshop == identities[4])
    }
}

// Types no other test constructs, so that the threads below are the first to read their
// constructors in the process (TSan runs this suite in CI).

@Injectable
private final class Ledger {}

@Injectable(scope: Singleton.self)
private final class Vault {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

@Injectable
private final class Teller {
    let vault: Vault
    let ledger: Provider<Ledger>
    init(vault: Vault, ledger: Provider<Ledger>) {
        self.vault = vault
        self.ledger = ledger
    }
}

private struct Bank: RootComponent {
    typealias Root = Teller
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (teller: Teller) in teller }
    }
}

@Suite("Constructors read from several threads at once")
struct ConcurrentConstructorReadingTests {
    @Test("graphs of constructed types validated on several threads at once are each whole")
    func concurrentFirstReads() async throws {
        let tellers = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    // The unscoped ledger is made for each request; the vault's is its own.
                    let teller = try ComponentFactory.of(Bank.self).build(())
                    let first = teller.ledger.get()
                    let second = teller.ledger.get()
                    return first !== second && first !== teller.vault.ledger
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(tellers == Array(repeating: true, count: 8))
    }
}
