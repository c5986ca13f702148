import Cleanse
import Testing

private protocol Interceptor: AnyObject { var name: String { get } }
private final class Named: Interceptor {
    let name: String
    init(_ name: String) { self.name = name }
}
private struct Prefix { let text: String }
private struct Admin: Cleanse.Tag { typealias Element = [String] }
private struct Counted { static let built = CallCounter() }

private struct InterceptorModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Prefix.self).to(value: Prefix(text: "log"))
        binder.bind((any Interceptor).self).intoCollection().to(value: Named("auth"))
        binder.bind((any Interceptor).self).intoCollection().to { (prefix: Prefix) -> any Interceptor in Named(prefix.text) }
        binder.bind((any Interceptor).self).intoCollection().to(value: [Named("retry"), Named("cache")])
        binder.bind((any Interceptor).self).intoCollection().sharedInScope().to { () -> any Interceptor in
            Counted.built.next()
            return Named("shared")
        }
        binder.bind(String.self).intoCollection().tagged(with: Admin.self).to(value: "root")
        binder.bind(String.self).intoCollection().tagged(with: Admin.self).to(provider: Provider(value: "ops"))
    }
}

private struct Client {
    let interceptors: [any Interceptor]
    let later: Provider<[any Interceptor]>
    let admins: TaggedProvider<Admin>
}

private struct RequestScope: Scope {}

private struct AppComponent: RootComponent {
    typealias Root = Resolved<Client>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: InterceptorModule.self)
        binder.bind(Client.self).to(factory: Client.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

private struct ChildCollectionComponent: Cleanse.Component {
    typealias Root = Resolved<[String]>
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(String.self).intoCollection().to(value: "from child")
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}
private struct ParentStrings: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoCollection().to(value: "from parent")
    }
}
private struct LayeredComponent: RootComponent {
    typealias Root = Resolved<ComponentFactory<ChildCollectionComponent>>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ParentStrings.self)
        binder.install(dependency: ChildCollectionComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

private final class Node { init(children: [Node]) {} }
private struct NodeCycleModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Node.self).intoCollection().to(factory: Node.init)
        binder.bind(Node.self).to(factory: Node.init)
    }
}

@Suite("Collection bindings", .serialized)
struct CollectionBindingTests {
    @Test("single values, arrays, factories with dependencies and shared contributions join in order")
    func contributionsJoinInOrder() throws {
        let client = try ComponentFactory.of(AppComponent.self).build(()).value
        #expect(client.interceptors.map(\.name) == ["auth", "log", "retry", "cache", "shared"])
    }

    @Test("the collection is injectable as Provider<[Element]>; a shared contribution is built once")
    func providerOfCollection() throws {
        let before = Counted.built.value
        let client = try ComponentFactory.of(AppComponent.self).build(()).value
        let first = client.later.get(), second = client.later.get()
        #expect(first[0] === second[0])  // to(value:)
        #expect(first[1] !== second[1])  // a factory, called for each collection
        #expect(first[4] === second[4])
        #expect(Counted.built.value == before + 1)
    }

    @Test("a tagged collection is requested with its tag")
    func taggedCollection() throws {
        let client = try ComponentFactory.of(AppComponent.self).build(()).value
        #expect(client.admins.get() == ["root", "ops"])
    }

    @Test("a subcomponent's contributions add to its parent's")
    func childAddsToParent() throws {
        let children = try ComponentFactory.of(LayeredComponent.self).build(()).value
        #expect(children.build(()).value == ["from parent", "from child"])
    }

    @Test("several contributions are not duplicates, but mixing them with a plain binding is")
    func contributionsAreNotDuplicates() throws {
        #expect(throws: Never.self) { try ComponentFactory.of(AppComponent.self) }
        #expect(throws: DuplicateBinding.self) { try build(MixedModule.self, [Int].self) }
    }

    @Test("an untyped contribution written as a closure contributes what the closure makes")
    func untypedClosureContributionsAreElements() throws {
        // `bind().intoCollection().to { Plugin() }` is a factory of a `Plugin`, as
        // `bind().to { Plugin() }` is; never the closure as an element of `[() -> Plugin]`.
        let plugins = try build(UntypedContributionsModule.self, [UntypedPlugin].self)
        #expect(plugins.map(\.name) == ["closure", "value"])
    }

    @Test("a cycle through a collection contribution is found")
    func cycleThroughCollection() throws {
        let error = try #require(try? { () throws -> DependencyCycle? in
            do { _ = try build(NodeCycleModule.self, Node.self); return nil } catch let error as DependencyCycle { return error }
        }())
        #expect(error.description.contains("'Array<Node>'") || error.description.contains("'[Node]'"))
    }
}

private struct MixedModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).intoCollection().to(value: 1)
        binder.bind([Int].self).to(value: [2])
    }
}

private final class UntypedPlugin {
    let name: String
    init(name: String) { self.name = name }
}

private struct UntypedContributionsModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind().intoCollection().to { UntypedPlugin(name: "closure") }
        binder.bind().intoCollection().to(value: UntypedPlugin(name: "value"))
    }
}
