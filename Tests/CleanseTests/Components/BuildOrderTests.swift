import Cleanse
import Foundation
import Testing

// The order factories run in is the order the root's requests ask for them, depth first
// in parameter order, however a build goes: with nothing that can reach the component
// (Cleanse then makes shared bindings ahead of their requester, without locking), with a
// provider in the graph (everything lazily), synchronously or awaited.

/// What was made, in order: the seed of the components below, so each test has its own.
private final class BuildLog: @unchecked Sendable {
    // Safe to share: `entries` is only touched with `lock` held.
    private var entries: [String] = []
    private let lock = NSLock()
    /// How many times `Engine` may still fail.
    private var failuresLeft: Int

    init(failures: Int = 0) {
        failuresLeft = failures
    }

    func note(_ entry: String) {
        lock.withLock { entries.append(entry) }
    }

    var notes: [String] { lock.withLock { entries } }

    /// Whether this attempt to make `Engine` fails.
    func shouldFail() -> Bool {
        lock.withLock {
            guard failuresLeft > 0 else { return false }
            failuresLeft -= 1
            return true
        }
    }
}

private struct EngineTrouble: Error {}

private final class Engine: Sendable {
    init(log: BuildLog) { log.note("Engine") }
}

private final class Wheels: Sendable {
    let engine: Engine
    init(log: BuildLog, engine: Engine) {
        self.engine = engine
        log.note("Wheels")
    }
}

/// Unscoped: made anew for each request.
private final class Paint: Sendable {
    init(log: BuildLog) { log.note("Paint") }
}

private final class Body: Sendable {
    let paint: Paint
    let wheels: Wheels
    init(log: BuildLog, paint: Paint, wheels: Wheels) {
        self.paint = paint
        self.wheels = wheels
        log.note("Body")
    }
}

private final class Seats: Sendable {
    init(log: BuildLog) { log.note("Seats") }
}

private final class Car: Sendable {
    let body: Body
    let parts: [String]
    let seats: Seats
    let paint: Paint
    let wheels: Wheels
    init(log: BuildLog, body: Body, parts: [String], seats: Seats, paint: Paint, wheels: Wheels) {
        self.body = body
        self.parts = parts
        self.seats = seats
        self.paint = paint
        self.wheels = wheels
        log.note("Car")
    }
}

/// The factories' order when `Car` is built: `Body` asks for paint then wheels; the parts
/// collection asks for the engine (made already) then the seats; `Paint` is made twice.
private let expectedOrder = ["Paint", "Engine", "Wheels", "Body", "part: engine", "Seats", "part: seats", "Paint", "Car"]

private struct CarModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Engine.self).sharedInScope().to(factory: Engine.init)
        binder.bind(Wheels.self).sharedInScope().to(factory: Wheels.init)
        binder.bind(Paint.self).to(factory: Paint.init)
        binder.bind(Body.self).sharedInScope().to(factory: Body.init)
        binder.bind(Seats.self).sharedInScope().to(factory: Seats.init)
        binder.bind(String.self).intoCollection().to { (log: BuildLog, _: Engine) -> String in
            log.note("part: engine")
            return "engine"
        }
        binder.bind(String.self).intoCollection().to { (log: BuildLog, _: Seats) -> String in
            log.note("part: seats")
            return "seats"
        }
    }
}

/// Nothing in it can reach the component instance.
private struct CarComponent: RootComponent {
    typealias Root = Car
    typealias Seed = BuildLog
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CarModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
        bind.to(factory: Car.init)
    }
}

/// The same car, with a provider in the graph: built lazily, as any graph may be.
private struct CarWithProviderComponent: RootComponent {
    typealias Root = Car
    typealias Seed = BuildLog
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CarModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
        bind.to { (log: BuildLog, body: Body, parts: [String], seats: Seats, paint: Paint, wheels: Provider<Wheels>) in
            Car(log: log, body: body, parts: parts, seats: seats, paint: paint, wheels: wheels.get())
        }
    }
}

/// The same car with an engine made asynchronously (and failing as often as the log says),
/// built with `buildAsync`.
private struct AsyncCarComponent: RootComponent {
    typealias Root = Car
    typealias Seed = BuildLog
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Engine.self).sharedInScope().to { (log: BuildLog) async throws -> Engine in
            await Task.yield()
            if log.shouldFail() { throw EngineTrouble() }
            return Engine(log: log)
        }
        binder.bind(Wheels.self).sharedInScope().to { (log: BuildLog, engine: Engine) async -> Wheels in
            Wheels(log: log, engine: engine)
        }
        binder.bind(Paint.self).to(factory: Paint.init)
        binder.bind(Body.self).sharedInScope().to { (log: BuildLog, paint: Paint, wheels: Wheels) async -> Body in
            Body(log: log, paint: paint, wheels: wheels)
        }
        binder.bind(Seats.self).sharedInScope().to(factory: Seats.init)
        binder.bind(String.self).intoCollection().to { (log: BuildLog, _: Engine) async -> String in
            log.note("part: engine")
            return "engine"
        }
        binder.bind(String.self).intoCollection().to { (log: BuildLog, _: Seats) -> String in
            log.note("part: seats")
            return "seats"
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
        bind.to { (log: BuildLog, body: Body, parts: [String], seats: Seats, paint: Paint, wheels: Wheels) async -> Car in
            Car(log: log, body: body, parts: parts, seats: seats, paint: paint, wheels: wheels)
        }
    }
}

/// Only shared bindings: each is made ahead of its requester, in request order.
private struct ShowroomComponent: RootComponent {
    typealias Root = Car
    typealias Seed = BuildLog
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Engine.self).sharedInScope().to(factory: Engine.init)
        binder.bind(Wheels.self).sharedInScope().to(factory: Wheels.init)
        binder.bind(Paint.self).sharedInScope().to(factory: Paint.init)
        binder.bind(Body.self).sharedInScope().to(factory: Body.init)
        binder.bind(Seats.self).sharedInScope().to(factory: Seats.init)
        binder.bind([String].self).sharedInScope().to { (log: BuildLog, _: Seats, _: Engine) -> [String] in
            log.note("parts")
            return ["seats", "engine"]
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
        bind.to { (log: BuildLog, seats: Seats, wheels: Wheels, body: Body, parts: [String], paint: Paint) in
            Car(log: log, body: body, parts: parts, seats: seats, paint: paint, wheels: wheels)
        }
    }
}

/// A chain of shared bindings, each made once and before what needs it.
private final class Floor: Sendable {
    let below: Floor?
    let number: Int
    init(log: BuildLog, below: Floor?, number: Int) {
        self.below = below
        self.number = number
        log.note("floor \(number)")
    }
}

private struct Ground: Cleanse.Tag { typealias Element = Floor }
private struct First: Cleanse.Tag { typealias Element = Floor }
private struct Second: Cleanse.Tag { typealias Element = Floor }

private struct TowerComponent: RootComponent {
    typealias Root = [Floor]
    typealias Seed = BuildLog
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Floor.self).tagged(with: Ground.self).sharedInScope().to { (log: BuildLog) in
            Floor(log: log, below: nil, number: 0)
        }
        binder.bind(Floor.self).tagged(with: First.self).sharedInScope().to { (log: BuildLog, ground: TaggedProvider<Ground>) in
            Floor(log: log, below: ground.get(), number: 1)
        }
        binder.bind(Floor.self).tagged(with: Second.self).sharedInScope().to { (log: BuildLog, first: TaggedProvider<First>) in
            Floor(log: log, below: first.get(), number: 2)
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<[Floor]>) -> BindingReceipt<[Floor]> {
        bind.to { (second: TaggedProvider<Second>, ground: TaggedProvider<Ground>) in [second.get(), ground.get()] }
    }
}

@Suite("Build order")
struct BuildOrderTests {
    @Test("factories run in the order the root's requests ask for them, and shared ones once per build")
    func sharedBindingsAreMadeInRequestOrder() throws {
        let factory = try ComponentFactory.of(CarComponent.self)
        for _ in 0..<2 {
            let log = BuildLog()
            let car = factory.build(log)
            #expect(log.notes == expectedOrder)
            #expect(car.body.wheels === car.wheels)
            #expect(car.parts == ["engine", "seats"])
            #expect(car.paint !== car.body.paint)
        }
    }

    @Test("a graph of shared bindings makes each once, in the order the root asks for them")
    func sharedGraphsKeepTheOrder() throws {
        let log = BuildLog()
        let car = try ComponentFactory.of(ShowroomComponent.self).build(log)
        #expect(log.notes == ["Seats", "Engine", "Wheels", "Paint", "Body", "parts", "Car"])
        #expect(car.paint === car.body.paint)
        #expect(car.wheels === car.body.wheels)
    }

    @Test("a graph with a provider in it runs its factories in the same order")
    func graphsWithProvidersKeepTheOrder() throws {
        let factory = try ComponentFactory.of(CarWithProviderComponent.self)
        let log = BuildLog()
        let car = factory.build(log)
        #expect(log.notes == expectedOrder)
        #expect(car.body.wheels === car.wheels)
    }

    @Test("an awaited build runs its factories in the same order, each shared one once")
    func awaitedBuildsKeepTheOrder() async throws {
        let factory = try ComponentFactory.of(AsyncCarComponent.self)
        let log = BuildLog()
        let car = try await factory.buildAsync(log)
        #expect(log.notes == expectedOrder)
        #expect(car.body.wheels === car.wheels)
        #expect(car.wheels.engine === car.body.wheels.engine)
    }

    @Test("a factory that throws fails the awaited build with FactoryFailed; the next build makes everything")
    func aFailedBuildLeavesTheNextOneWhole() async throws {
        let factory = try ComponentFactory.of(AsyncCarComponent.self)
        let log = BuildLog(failures: 1)
        let failure = await #expect(throws: FactoryFailed.self) {
            _ = try await factory.buildAsync(log)
        }
        // Its fix names the method that exists.
        #expect(failure.map { "\($0)".contains("try await factory.buildAsync(seed)") } == true)
        // Only the unscoped paint was made before the engine failed.
        #expect(log.notes == ["Paint"])
        let car = try await factory.buildAsync(log)
        #expect(log.notes == ["Paint"] + expectedOrder)
        #expect(car.body.wheels === car.wheels)
    }

    @Test("builds running together each make their own shared values, in order")
    func concurrentBuildsAreIndependent() async throws {
        let factory = try ComponentFactory.of(AsyncCarComponent.self)
        let logs = (0..<200).map { _ in BuildLog() }
        let cars = try await withThrowingTaskGroup(of: Car.self) { group in
            for log in logs {
                group.addTask { try await factory.buildAsync(log) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(logs.allSatisfy { $0.notes == expectedOrder })
        #expect(Set(cars.map { ObjectIdentifier($0.wheels.engine) }).count == logs.count)
    }

    @Test("once the root is released, everything the build made is freed")
    func releasingTheRootFreesTheBuild() async throws {
        weak var engine: Engine?
        weak var seats: Seats?
        weak var log: BuildLog?
        do {
            let buildLog = BuildLog()
            log = buildLog
            let car = try ComponentFactory.of(CarComponent.self).build(buildLog)
            engine = car.wheels.engine
            seats = car.seats
            #expect(engine != nil && seats != nil)
        }
        #expect(engine == nil)
        #expect(seats == nil)
        #expect(log == nil)
        do {
            let car = try await ComponentFactory.of(AsyncCarComponent.self).buildAsync(BuildLog())
            engine = car.wheels.engine
            #expect(engine != nil)
        }
        #expect(engine == nil)
    }

    @Test("tagged providers read at once build a chain of shared bindings bottom first, each once")
    func taggedProvidersBuildTheChainOnce() throws {
        let log = BuildLog()
        let floors = try ComponentFactory.of(TowerComponent.self).build(log)
        #expect(log.notes == ["floor 0", "floor 1", "floor 2"])
        #expect(floors[0].below?.below === floors[1])
    }
}
