import Cleanse
import CleanseTracing
import Foundation
import HummingbirdTesting
import InMemoryTracing
import Testing
import TodoServerCore
import Tracing

/// The process's tracer: bootstrapped once, for Hummingbird's request spans.
private let tracer: InMemoryTracer = {
    let tracer = InMemoryTracer()
    InstrumentationSystem.bootstrap(tracer)
    return tracer
}()

/// With a tracer bootstrapped, a request's trace holds its component's construction.
@Suite struct RequestTracingTests {
    @Test func aRequestSpanHoldsTheBuildOfItsComponentAndTheObjectsMadeForIt() async throws {
        let tracer = tracer
        let factory = try ServerComponent.factory()
        let application = try await factory.build(Backend.sqlite.configuration()).makeApplication()
        try await OutageIsolation.besideOthers {
            try await application.test(.live) { client in
                let user = try await client.send(.post, "/users", json: #"{"name": "Ada"}"#)
                #expect(user.status == .created)
            }
        }
        // A request's span ends once its body is written. Other suites' servers (not
        // observed) send requests meanwhile: ours is the request span with a build under it.
        var spans: [FinishedInMemorySpan] = []
        var request: FinishedInMemorySpan?
        for _ in 0..<100 {
            spans = tracer.finishedSpans
            let builds = Set(spans.filter { $0.operationName == "build RequestComponent" }.compactMap(\.parentSpanID))
            request = spans.first { $0.operationName == "/users" && $0.kind == .server && builds.contains($0.spanID) }
            if request != nil { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let requestSpan = try #require(request, "no request span holds a build: \(spans.map(\.operationName))")
        let builds = spans.filter { $0.operationName == "build RequestComponent" && $0.parentSpanID == requestSpan.spanID }
        #expect(builds.count == 1, "the request component is built once, under the request's span")
        let build = try #require(builds.first)
        let made = spans.filter { $0.parentSpanID == build.spanID }
        #expect(!made.isEmpty, "objects made for the request sit under its build")
        #expect(made.contains { $0.attributes["cleanse.component"]?.toSpanAttribute() == .string("RequestComponent") })
        #expect(made.allSatisfy { $0.traceID == requestSpan.traceID })
    }
}
