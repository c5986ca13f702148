import Cleanse
import Foundation
import Testing

// A request-per-build app: the server keeps the factory of its request component and builds
// it for every request. Such a component's instance is reused from build to build (nothing
// it builds can reach it), so these tests prove that each build still behaves as a new
// instance: its own shared objects and seed, everything released with its root, the
// parent freed, no instance shared by two concurrent builds.

private let live = LiveCounter()
private let sessionsMade = CallCounter()

private struct RequestScope: Cleanse.Scope {}

/// The request, the component's seed: a class, so tests can see when it is freed.
private final class HTTPRequest: @unchecked Sendable {
    // Safe to share: immutable after init.
    let path: String
    init(path: String) { self.path = path; live.up() }
    deinit { live.down() }
}

private class Service {
    init() { live.up() }
    deinit { live.down() }
}

private final class Session: Service {
    let path: String
    init(request: HTTPRequest) {
        path = request.path
        sessionsMade.next()
    }
}

private final class AuditLog: Service {
    let session: Session
    init(session: Session) { self.session = session }
}

private final class Repository: Service {
    let session: Session
    let audit: AuditLog
    init(session: Session, audit: AuditLog) {
        self.session = session
        self.audit = audit
    }
}

private final class RequestHandler: Service {
    let request: HTTPRequest
    let repository: Repository
    let audit: AuditLog
    init(request: HTTPRequest, repository: Repository, audit: AuditLog) {
        self.request = request
        self.repository = repository
        self.audit = audit
    }
}

private struct RequestComponent: Cleanse.Component {
    typealias Root = RequestHandler
    typealias Seed = HTTPRequest
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
        binder.bind(AuditLog.self).sharedInScope().to(factory: AuditLog.init)
        binder.bind(Repository.self).sharedInScope().to(factory: Repository.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<RequestHandler>) -> BindingReceipt<RequestHandler> {
        bind.to(factory: RequestHandler.init)
    }
}

private final class Server: Service {
    let requests: ComponentFactory<RequestComponent>
    init(requests: ComponentFactory<RequestComponent>) { self.requests = requests }
    func handle(_ path: String) -> RequestHandler { requests.build(HTTPRequest(path: path)) }
}

private struct ServerComponent: RootComponent {
    typealias Root = Server
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Server.self).sharedInScope().to(factory: Server.init)
        binder.install(dependency: RequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Server>) -> BindingReceipt<Server> {
        bind.to { (server: Server) in server }
    }
}

/// A request whose handler keeps a provider of its session: the instance stays with it.
private final class LazyHandler {
    let session: Provider<Session>
    init(session: Provider<Session>) { self.session = session }
}

private struct LazyRequestComponent: Cleanse.Component {
    typealias Root = LazyHandler
    typealias Seed = HTTPRequest
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<LazyHandler>) -> BindingReceipt<LazyHandler> {
        bind.to(factory: LazyHandler.init)
    }
}

/// A root whose root object is the factory of its one subcomponent, `Requests`.
private struct FactoryComponent<Requests: Cleanse.Component>: RootComponent {
    typealias Root = ComponentFactory<Requests>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: Requests.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<Requests>>) -> BindingReceipt<ComponentFactory<Requests>> {
        bind.to { (requests: ComponentFactory<Requests>) in requests }
    }
}

/// A shared object that only lends its text to the page, so the instance is the last to
/// hold it, and whose deinit (the first time) handles another request through the factory
/// that made it: a build starting while another one is releasing what it made.
private final class Greeting {
    static let deinits = CallCounter()
    static let nestedPagesRight = CallCounter()
    let text: String
    let requests: ComponentFactory<GreetingComponent>
    init(request: HTTPRequest, requests: ComponentFactory<GreetingComponent>) {
        text = "hello " + request.path
        self.requests = requests
    }
    deinit {
        if Greeting.deinits.next() == 1, requests.build(HTTPRequest(path: "nested")).text == "hello nested" {
            Greeting.nestedPagesRight.next()
        }
    }
}

private struct GreetingPage {
    let text: String
    init(greeting: Greeting) { text = greeting.text }
}

private struct GreetingComponent: Cleanse.Component {
    typealias Root = GreetingPage
    typealias Seed = HTTPRequest
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(Greeting.self).sharedInScope().to(factory: Greeting.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<GreetingPage>) -> BindingReceipt<GreetingPage> {
        bind.to(factory: GreetingPage.init)
    }
}

@Suite("A subcomponent built again and again", .serialized)
struct RepeatedBuildTests {
    @Test("each build has its own shared objects and its own seed")
    func eachBuildHasItsOwnSharedObjectsAndSeed() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        var handlers: [RequestHandler] = []
        for path in ["/a", "/b", "/c"] {
            handlers.append(server.handle(path))
        }
        for (handler, path) in zip(handlers, ["/a", "/b", "/c"]) {
            #expect(handler.request.path == path)
            #expect(handler.repository.session.path == path)
            #expect(handler.audit === handler.repository.audit)
            #expect(handler.audit.session === handler.repository.session)
        }
        #expect(Set(handlers.map { ObjectIdentifier($0.repository.session) }).count == 3)
        #expect(Set(handlers.map { ObjectIdentifier($0.audit) }).count == 3)
    }

    @Test("what a build made, its seed included, is freed with its root, build after build")
    func whatABuildMadeIsFreedWithItsRoot() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        let before = live.count
        for index in 0..<5 {
            weak var session: Session?
            weak var request: HTTPRequest?
            do {
                let handler = server.handle("/\(index)")
                session = handler.repository.session
                request = handler.request
                #expect(live.count == before + 5)
            }
            #expect(session == nil)
            #expect(request == nil)
            #expect(live.count == before)
        }
    }

    @Test("the server's graph is freed with its last request's instance waiting to be reused")
    func theParentIsFreedWithAChildWaitingForReuse() throws {
        let before = live.count
        weak var weakServer: Server?
        do {
            let server = try ComponentFactory.of(ServerComponent.self).build(())
            weakServer = server
            for index in 0..<3 {
                #expect(server.handle("/\(index)").request.path == "/\(index)")
            }
        }
        #expect(weakServer == nil)
        #expect(live.count == before)
    }

    @Test("builds on 8 threads at once: each shared object made once per build, none shared between builds")
    func concurrentBuildsNeverShareAnInstance() throws {
        let server = try ComponentFactory.of(ServerComponent.self).build(())
        let requests = server.requests
        let before = live.count
        let sessionsBefore = sessionsMade.value
        let failures = CallCounter()
        let builds = 8 * 250
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var kept: [RequestHandler] = []
            for index in 0..<250 {
                let path = "/\(thread)/\(index)"
                let handler = requests.build(HTTPRequest(path: path))
                if handler.repository.session.path != path || handler.audit.session !== handler.repository.session
                    || handler.request.path != path {
                    failures.next()
                }
                // Keep some roots alive for a while, so builds overlap with live objects.
                kept.append(handler)
                if kept.count > 4 { kept.removeFirst() }
            }
        }
        #expect(failures.value == 0)
        #expect(sessionsMade.value - sessionsBefore == builds)
        #expect(live.count == before)
    }

    @Test("a root that keeps a provider keeps its own instance: its sessions stay its own")
    func aRootKeepingAProviderKeepsItsInstance() throws {
        let requests = try ComponentFactory.of(FactoryComponent<LazyRequestComponent>.self).build(())
        let first = requests.build(HTTPRequest(path: "/first"))
        let second = requests.build(HTTPRequest(path: "/second"))
        let firstSession = first.session.get()
        #expect(firstSession.path == "/first")
        #expect(second.session.get().path == "/second")
        #expect(first.session.get() === firstSession)
        #expect(second.session.get() !== firstSession)
    }

    @Test("an object freed as a build ends may handle another request through the same factory")
    func anObjectFreedAsABuildEndsMayBuildAgain() throws {
        let requests = try ComponentFactory.of(FactoryComponent<GreetingComponent>.self).build(())
        #expect(requests.build(HTTPRequest(path: "one")).text == "hello one")
        // The first greeting was freed as its build ended, and built the nested page then;
        // the nested page's greeting was freed as the nested build ended.
        #expect(Greeting.deinits.value == 2)
        #expect(Greeting.nestedPagesRight.value == 1)
        #expect(requests.build(HTTPRequest(path: "two")).text == "hello two")
        #expect(Greeting.deinits.value == 3)
    }
}
