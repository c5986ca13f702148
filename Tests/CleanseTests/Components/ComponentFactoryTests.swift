import Cleanse
import Testing

private final class Engine {}
private final class Car {
    let engine: Engine
    let owner: String
    init(engine: Engine, owner: String) {
        self.engine = engine
        self.owner = owner
    }
}

private struct OwnerSeededComponent: RootComponent {
    typealias Root = Car
    typealias Seed = String
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Engine.self).to(factory: Engine.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
        bind.to(factory: Car.init)
    }
}

private struct UserID: Cleanse.Tag { typealias Element = Int }
private struct Greeting { let text: String }

private struct TaggedSeedComponent: RootComponent {
    typealias Root = Greeting
    typealias Seed = TaggedProvider<UserID>
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Greeting>) -> BindingReceipt<Greeting> {
        bind.to { (id: TaggedProvider<UserID>) in Greeting(text: "user \(id.get())") }
    }
}

private struct VoidComponent: RootComponent {
    typealias Root = Engine
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
        bind.to(factory: Engine.init)
    }
}

@Suite("ComponentFactory")
struct ComponentFactoryTests {
    @Test("build returns the root with its dependencies and the seed injected")
    func buildInjectsSeed() throws {
        let car = try ComponentFactory.of(OwnerSeededComponent.self).build("Ada")
        #expect(car.owner == "Ada")
    }

    @Test("each build makes a new root and new unscoped dependencies")
    func eachBuildIsNew() throws {
        let factory = try ComponentFactory.of(OwnerSeededComponent.self)
        let first = factory.build("a"), second = factory.build("b")
        #expect(first !== second)
        #expect(first.engine !== second.engine)
    }

    @Test("a TaggedProvider seed is injectable and build takes its bare element")
    func taggedProviderSeed() throws {
        let factory = try ComponentFactory.of(TaggedSeedComponent.self)
        #expect(factory.build(42).text == "user 42")
        #expect(factory.build(TaggedProvider<UserID>(value: 7)).text == "user 7")
    }

    @Test("a Void-seeded component builds with build(()) and build()")
    func voidSeed() throws {
        let factory = try ComponentFactory.of(VoidComponent.self)
        let first = factory.build(())
        let second = factory.build()
        // Each build makes a new instance of the component, and so a new unscoped root.
        #expect(first !== second)
    }

    @Test("a factory can be used from several threads at once")
    func factoryIsSendable() async throws {
        let factory = try ComponentFactory.of(OwnerSeededComponent.self)
        let owners = await withTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { factory.build("owner \(index)").owner }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(owners.count == 8)
    }
}
