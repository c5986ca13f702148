import Cleanse
import Testing

private final class AppLogger: Sendable {}
private struct RequestScope: Scope {}
private struct SessionScope: Scope {}
private final class RequestContext: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
private struct RequestID: Cleanse.Tag { typealias Element = Int }

private final class Handler: Sendable {
    let logger: AppLogger
    let context: RequestContext
    let sameContext: RequestContext
    init(logger: AppLogger, context: RequestContext, sameContext: RequestContext) {
        self.logger = logger
        self.context = context
        self.sameContext = sameContext
    }
}

private struct RequestComponent: Cleanse.Component {
    typealias Root = Handler
    typealias Seed = TaggedProvider<RequestID>
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(RequestContext.self).sharedInScope().to { (id: TaggedProvider<RequestID>) in
            RequestContext(id: id.get())
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Handler>) -> BindingReceipt<Handler> {
        bind.to(factory: Handler.init)
    }
}

private final class Server {
    let logger: AppLogger
    let requests: ComponentFactory<RequestComponent>
    init(logger: AppLogger, requests: ComponentFactory<RequestComponent>) {
        self.logger = logger
        self.requests = requests
    }
}

private struct ServerComponent: RootComponent {
    typealias Root = Server
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AppLogger.self).sharedInScope().to(factory: AppLogger.init)
        binder.install(dependency: RequestComponent.self)
        binder.install(dependency: RequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Server>) -> BindingReceipt<Server> {
        bind.to(factory: Server.init)
    }
}

// Three levels: app → session (seeded with a plain String) → screen.
private struct Screen { let user: String; let logger: AppLogger }
private struct ScreenComponent: Cleanse.Component {
    typealias Root = Screen
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> {
        bind.to(factory: Screen.init)
    }
}
private struct SessionComponent: Cleanse.Component {
    typealias Root = Provider<ComponentFactory<ScreenComponent>>
    typealias Seed = String
    static func configure(binder: Binder<SessionScope>) {
        binder.install(dependency: ScreenComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (screens: Provider<ComponentFactory<ScreenComponent>>) in screens }
    }
}
private struct AppComponent: RootComponent {
    typealias Root = Resolved<ComponentFactory<SessionComponent>>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(AppLogger.self).sharedInScope().to(factory: AppLogger.init)
        binder.install(dependency: SessionComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: Resolved.init)
    }
}

// A grandchild that needs something nobody binds.
private final class Missing {}
private struct BrokenLeaf: Cleanse.Component {
    typealias Root = Resolved<Missing>
    static let rootLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Resolved.init) }
}
private struct BrokenMiddle: Cleanse.Component {
    typealias Root = Resolved<ComponentFactory<BrokenLeaf>>
    static func configure(binder: Binder<Unscoped>) { binder.install(dependency: BrokenLeaf.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Resolved.init) }
}
private struct BrokenRoot: RootComponent {
    typealias Root = Resolved<ComponentFactory<BrokenMiddle>>
    static func configure(binder: Binder<Unscoped>) { binder.install(dependency: BrokenMiddle.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Resolved.init) }
}

// Nesting mistakes: a child with its parent's scope, and a child that installs its parent.
private struct SameScopeChild: Cleanse.Component {
    typealias Root = Resolved<AppLogger>
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Resolved.init) }
}
private struct LoopingChild: Cleanse.Component {
    typealias Root = Resolved<AppLogger>
    static let installLine = #line + 1
    static func configure(binder: Binder<Unscoped>) { binder.install(dependency: LoopingChild.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Resolved.init) }
}
private struct NestingMistakes: RootComponent {
    typealias Root = AppLogger
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: SameScopeChild.self)
        binder.install(dependency: LoopingChild.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<AppLogger>) -> BindingReceipt<AppLogger> { bind.to(factory: AppLogger.init) }
}

// A parent never sees a child's bindings.
private final class ChildOnly {}
private struct ChildWithBinding: Cleanse.Component {
    typealias Root = ChildOnly
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<ChildOnly>) -> BindingReceipt<ChildOnly> { bind.to(factory: ChildOnly.init) }
}
private struct ParentReachingDown: RootComponent {
    typealias Root = Resolved<ChildOnly>
    static func configure(binder: Binder<Unscoped>) { binder.install(dependency: ChildWithBinding.self) }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> { bind.to(factory: Resolved.init) }
}

private let file = #fileID

@Suite("Subcomponents")
struct SubcomponentTests {
    @Test("a child sees its parent's bindings; parent singletons are shared by every child")
    func childSeesParent() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        let first = server.requests.build(1), second = server.requests.build(2)
        #expect(first.logger === server.logger)
        #expect(second.logger === server.logger)
    }

    @Test("the child's scoped bindings live once per child instance, seeded by a TaggedProvider")
    func childScopePerInstance() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        let first = server.requests.build(1), second = server.requests.build(2)
        #expect(first.context === first.sameContext)
        #expect(first.context !== second.context)
        #expect([first.context.id, second.context.id] == [1, 2])
    }

    @Test("subcomponents nest, each with its own seed, and are injectable through a Provider")
    func nestedSubcomponents() throws {
        let sessions = try ComponentFactory.of(AppComponent.self).build(()).value
        let screen = sessions.build("ada").get().build(())
        let other = sessions.build("grace").get().build(())
        #expect(screen.user == "ada")
        #expect(other.user == "grace")
        #expect(screen.logger === other.logger)
    }

    @Test("a missing binding in a grandchild fails the root's construction and names the grandchild")
    func grandchildValidatedUpFront() throws {
        do {
            _ = try ComponentFactory.of(BrokenRoot.self)
            Issue.record("expected a MissingProvider")
        } catch let error as MissingProvider {
            #expect(error.requests.map(\.component.name) == ["BrokenLeaf"])
            #expect(error.description.contains("in component 'BrokenLeaf'"))
            #expect(error.description.contains("at \(file):\(BrokenLeaf.rootLine)"))
        }
    }

    @Test("a parent cannot reach into its child's bindings")
    func parentCannotSeeChild() throws {
        #expect(throws: MissingProvider.self) { try ComponentFactory.of(ParentReachingDown.self) }
    }

    @Test("a child with its parent's scope, or one that installs itself, is an error, not a hang")
    func nestingMistakes() throws {
        let error = try #require(try? { () throws -> MultiError? in
            do { _ = try ComponentFactory.of(NestingMistakes.self); return nil } catch let error as MultiError { return error }
        }())
        let nesting = error.errors.compactMap { $0 as? InvalidScopeNesting }
        #expect(nesting.count == 2)
        #expect(nesting.contains { $0.innerComponent.name == "SameScopeChild" && $0.scope?.name == "Singleton" })
        let looping = try #require(nesting.first { $0.scope == nil })
        #expect(looping.location.description == "\(file):\(LoopingChild.installLine)")
        #expect(looping.description.contains("[Cleanse/InvalidScopeNesting] component 'LoopingChild' is installed inside itself"))
    }

    @Test("a child graph is freed once nothing holds its objects")
    func childGraphIsFreed() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        weak var context: RequestContext?
        do {
            let handler = server.requests.build(7)
            context = handler.context
            #expect(context != nil)
        }
        #expect(context == nil)
    }
}

// MARK: - Seeds nothing inside can request

/// An order-detail screen seeded the way an app that holds orders weakly might try: with a
/// `WeakProvider` of the order. Only `Provider` and `TaggedProvider` seeds are unwrapped.
private final class ShopOrder {}
private final class OrderDetailScreen {
    init(order: WeakProvider<ShopOrder>) {}
}
private struct OrderDetailComponent: Cleanse.Component {
    typealias Root = OrderDetailScreen
    typealias Seed = WeakProvider<ShopOrder>
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<OrderDetailScreen>) -> BindingReceipt<OrderDetailScreen> {
        bind.to(factory: OrderDetailScreen.init)
    }
}
private struct OrdersComponent: RootComponent {
    typealias Root = ComponentFactory<OrderDetailComponent>
    static let installLine = #line + 2
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: OrderDetailComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (details: Root) in details }
    }
}

extension SubcomponentTests {
    @Test("a seed of a provider type no request can reach is rejected at ComponentFactory.of, naming the install and the fix")
    func providerSeedNothingCanRequestIsRejected() throws {
        let error = try #require(throws: MultiError.self) { try ComponentFactory.of(OrdersComponent.self) }
        let seed = try #require(error.errors.compactMap { $0 as? BoundWrapperType }.first)
        #expect(seed.seedOf?.name == "OrderDetailComponent")
        #expect(seed.location.line == OrdersComponent.installLine)
        #expect(seed.description.contains("'WeakProvider<ShopOrder>' cannot be the seed of component 'OrderDetailComponent'"))
        #expect(seed.description.contains("make the seed 'ShopOrder' itself"))
        // The missing binding the screen's request meets is listed too.
        #expect(error.errors.contains { $0.diagnosticID == .missingBinding })
    }
}
