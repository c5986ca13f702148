import Foundation
import Testing
import TodoServerCore
import Tracing

/// The span exporter an operator turns on with `--trace-spans`: every ended span is one JSON
/// line, children name their parents, and W3C `traceparent` carries a trace in and out.
@Suite struct JSONLinesTracerTests {
    /// A tracer writing to a fresh file, and a way to read what it wrote.
    struct Written {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("spans-\(UUID().uuidString).jsonl").path
        var tracer: JSONLinesTracer { get throws { try JSONLinesTracer(writingTo: .file(path: path)) } }

        /// Each line, parsed.
        func lines() throws -> [[String: Any]] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasSuffix("\n"), "every line ends")
            return try text.split(separator: "\n").map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }

        func span(named name: String) throws -> [String: Any] {
            try #require(lines().first { $0["name"] as? String == name }, "no span '\(name)'")
        }
    }

    struct Headers: Extractor, Injector {
        func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
        func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
    }

    @Test func aChildSpanNamesItsParentAndSharesItsTrace() throws {
        let written = Written()
        let tracer = try written.tracer
        tracer.withSpan("request", context: .topLevel, ofKind: .server) { request in
            request.attributes["http.response.status_code"] = 201
            request.attributes["http.route"] = "/todos"
            tracer.withSpan("build RequestComponent", context: request.context) { _ in }
        }
        let request = try written.span(named: "request")
        let build = try written.span(named: "build RequestComponent")
        let traceID = try #require(request["trace_id"] as? String)
        let spanID = try #require(request["span_id"] as? String)
        #expect(traceID.count == 32 && spanID.count == 16)
        #expect(traceID.allSatisfy(\.isHexDigit) && spanID.allSatisfy(\.isHexDigit))
        #expect(build["trace_id"] as? String == traceID)
        #expect(build["parent_span_id"] as? String == spanID)
        #expect(request["parent_span_id"] == nil)
        #expect(request["kind"] as? String == "server")
        #expect(build["kind"] as? String == "internal")
        let attributes = try #require(request["attributes"] as? [String: Any])
        #expect(attributes["http.response.status_code"] as? Int == 201)
        #expect(attributes["http.route"] as? String == "/todos")
        let start = try #require(request["start_time_unix_nano"] as? UInt64)
        let end = try #require(request["end_time_unix_nano"] as? UInt64)
        #expect(start <= end)
        #expect(try written.lines().count == 2)
    }

    @Test func anErrorIsAnExceptionEventAndTheStatusIsWritten() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        let written = Written()
        let tracer = try written.tracer
        let span = tracer.startSpan("store.write", context: .topLevel)
        span.recordError(Refused())
        span.setStatus(SpanStatus(code: .error, message: "the write failed"))
        span.end()
        // Ended: later changes and a second end write nothing.
        span.attributes["late"] = true
        span.end()
        let lines = try written.lines()
        #expect(lines.count == 1)
        let line = try written.span(named: "store.write")
        #expect(line["status"] as? String == "error")
        #expect(line["status_message"] as? String == "the write failed")
        #expect((line["attributes"] as? [String: Any])?["late"] == nil)
        let events = try #require(line["events"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["name"] as? String == "exception")
        let attributes = try #require(events.first?["attributes"] as? [String: Any])
        #expect(attributes["exception.message"] as? String == "refused")
        #expect((attributes["exception.type"] as? String)?.hasSuffix("Refused") == true)
        #expect(!span.isRecording)
    }

    /// An incoming `traceparent` makes the request's span a child of the caller's; an
    /// outgoing one names the current span.
    @Test func traceparentCarriesTheTraceInAndOut() throws {
        let written = Written()
        let tracer = try written.tracer
        var context = ServiceContext.topLevel
        tracer.extract(["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"], into: &context, using: Headers())
        let span = tracer.startSpan("GET /todos", context: context, ofKind: .server)
        var outgoing: [String: String] = [:]
        tracer.inject(span.context, into: &outgoing, using: Headers())
        span.end()
        let line = try written.span(named: "GET /todos")
        #expect(line["trace_id"] as? String == "0af7651916cd43dd8448eb211c80319c")
        #expect(line["parent_span_id"] as? String == "b7ad6b7169203331")
        let spanID = try #require(line["span_id"] as? String)
        #expect(outgoing["traceparent"] == "00-0af7651916cd43dd8448eb211c80319c-\(spanID)-01")
    }

    /// A caller that did not sample its trace (`traceparent` flags `00`) gets no span
    /// written, its own or its children's, and the decision is carried on downstream.
    @Test func anUnsampledTraceIsCarriedOnButNotWritten() throws {
        let written = Written()
        let tracer = try written.tracer
        var context = ServiceContext.topLevel
        tracer.extract(["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"], into: &context, using: Headers())
        let span = tracer.startSpan("GET /todos", context: context, ofKind: .server)
        let child = tracer.startSpan("build RequestComponent", context: span.context, ofKind: .internal)
        #expect(!span.isRecording && !child.isRecording)
        var outgoing: [String: String] = [:]
        tracer.inject(child.context, into: &outgoing, using: Headers())
        child.end()
        span.end()
        // A sampled span after them, so that the file exists and the test sees it whole.
        tracer.startSpan("sampled", context: .topLevel, ofKind: .internal).end()
        #expect(try written.lines().compactMap { $0["name"] as? String } == ["sampled"])
        let header = try #require(outgoing["traceparent"])
        #expect(header.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-") && header.hasSuffix("-00"))
    }

    /// Headers version 00 does not allow start a new trace, as the specification says.
    @Test func anInvalidTraceparentStartsANewTrace() throws {
        let written = Written()
        let tracer = try written.tracer
        let invalid = [
            "00-00000000000000000000000000000000-b7ad6b7169203331-01",  // zero trace ID
            "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",  // zero span ID
            "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",  // upper case
            "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",  // another version
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b716920333-01",  // a digit short
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",  // no flags
        ]
        for (index, header) in invalid.enumerated() {
            var context = ServiceContext.topLevel
            tracer.extract(["traceparent": header], into: &context, using: Headers())
            tracer.startSpan("span \(index)", context: context).end()
            let line = try written.span(named: "span \(index)")
            #expect(line["parent_span_id"] == nil, "\(header)")
            #expect(line["trace_id"] as? String != "0af7651916cd43dd8448eb211c80319c", "\(header)")
        }
    }

    /// Lines from many threads are whole: each parses.
    @Test func concurrentSpansWriteWholeLines() async throws {
        let written = Written()
        let tracer = try written.tracer
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        let span = tracer.startSpan("span \(task)-\(index)", context: .topLevel)
                        span.attributes["padding"] = String(repeating: "x", count: 2_000)
                        span.end()
                    }
                }
            }
        }
        #expect(try written.lines().count == 400)
    }

    @Test func aFileThatCannotBeOpenedIsAnErrorNamingIt() {
        #expect {
            _ = try JSONLinesTracer(writingTo: .file(path: "/nonexistent/folder/spans.jsonl"))
        } throws: { error in
            (error as? CannotWriteSpans)?.description.hasPrefix("cannot write spans to '/nonexistent/folder/spans.jsonl'") == true
        }
        #expect(SpanDestination(setting: "-") == .standardOutput)
        #expect(SpanDestination(setting: "stdout") == .standardOutput)
        #expect(SpanDestination(setting: "stderr") == .standardError)
        #expect(SpanDestination(setting: "spans.jsonl") == .file(path: "spans.jsonl"))
    }
}
