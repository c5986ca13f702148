import Cleanse
import CleanseTracing
import InMemoryTracing
import Testing
import Tracing

// A request-scoped graph as a server has one: a shared database, and per request a
// subcomponent whose handler needs a repository made from it.
private final class Database: Sendable {}
private final class Repository: Sendable { init(database: Database) {} }
private final class Handler: Sendable { init(repository: Repository) {} }
private struct RequestID: Cleanse.Tag { typealias Element = Int }
private struct RequestScope: Scope {}

private struct RequestComponent: Cleanse.Component {
    typealias Root = Handler
    typealias Seed = TaggedProvider<RequestID>
    static func configure(binder: Binder<RequestScope>) {
        binder.bind(Repository.self).sharedInScope().to(factory: Repository.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Handler>) -> BindingReceipt<Handler> {
        bind.to(factory: Handler.init)
    }
}

private struct Server { let requests: ComponentFactory<RequestComponent> }

private struct ServerComponent: RootComponent {
    typealias Root = Server
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Database.self).sharedInScope().to(factory: Database.init)
        binder.install(dependency: RequestComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Server>) -> BindingReceipt<Server> {
        bind.to(factory: Server.init)
    }
}

private final class Session: Sendable { init() async { await Task.yield() } }
private struct SessionComponent: RootComponent {
    typealias Root = Session
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
        bind.to(factory: Session.init)
    }
}

@Suite("Construction spans")
struct TracingGraphObserverTests {
    @Test("a request's component build and its objects are spans under the request's span, nested as they were made")
    func requestSpans() throws {
        let tracer = InMemoryTracer()
        let observer = TracingGraphObserver(tracer: tracer, kinds: [.build, .construct])
        let server = try ComponentFactory.of(ServerComponent.self, observer: observer).build(())
        tracer.clearAll()

        tracer.withSpan("GET /todos") { _ in
            _ = server.requests.build(7)
        }
        let spans = tracer.finishedSpans
        func span(_ name: String) throws -> FinishedInMemorySpan {
            try #require(spans.first { $0.operationName == name }, "no span \(name) in \(spans.map(\.operationName))")
        }
        let request = try span("GET /todos")
        let build = try span("build RequestComponent")
        let handler = try span("Handler")
        let repository = try span("Repository")
        let database = try span("Database")
        #expect(build.parentSpanID == request.spanID)
        #expect(handler.parentSpanID == build.spanID)
        #expect(repository.parentSpanID == handler.spanID)
        #expect(database.parentSpanID == repository.spanID)
        #expect(Set(spans.map(\.traceID)) == [request.traceID])
        #expect(repository.attributes["cleanse.shared"]?.toSpanAttribute() == .bool(true))
        #expect(repository.attributes["cleanse.component"]?.toSpanAttribute() == .string("RequestComponent"))
        #expect(build.attributes["cleanse.key"]?.toSpanAttribute() == .string("Handler"))

        // A second request: the shared database exists, so its span is not made again.
        tracer.clearAll()
        tracer.withSpan("GET /todos/1") { _ in _ = server.requests.build(8) }
        #expect(tracer.finishedSpans.map(\.operationName).sorted() == ["GET /todos/1", "Handler", "Repository", "build RequestComponent"])
    }

    @Test("without a bootstrapped tracer there is no observer, so builds pay nothing")
    func noTracerNoObserver() {
        #expect(TracingGraphObserver.forBootstrappedTracer() == nil)
    }

    @Test("the phases of ComponentFactory.of are spans when asked for, and left out otherwise")
    func phaseSpans() throws {
        let tracer = InMemoryTracer()
        _ = try ComponentFactory.of(ServerComponent.self, observer: TracingGraphObserver(tracer: tracer))
        #expect(tracer.finishedSpans.map(\.operationName).sorted() == [
            "collect RequestComponent", "collect ServerComponent", "link RequestComponent", "link ServerComponent", "validate ServerComponent",
        ])
        let only = InMemoryTracer()
        _ = try ComponentFactory.of(ServerComponent.self, observer: TracingGraphObserver(tracer: only, kinds: [.construct]))
        #expect(only.finishedSpans.isEmpty)
    }

    @Test("an object made by an async factory is a span under the build")
    func asyncSpans() async throws {
        let tracer = InMemoryTracer()
        let factory = try ComponentFactory.of(SessionComponent.self, observer: TracingGraphObserver(tracer: tracer, kinds: [.build, .construct]))
        _ = try await factory.buildAsync()
        let spans = tracer.finishedSpans
        let build = try #require(spans.first { $0.operationName == "build SessionComponent" })
        let session = try #require(spans.first { $0.operationName == "Session" })
        #expect(session.parentSpanID == build.spanID)
    }
}
