import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Answers a request's expectation (RFC 9110 §10.1.1) before its body is sent, so that a
/// client waiting on `Expect: 100-continue` is never left to give up on its own:
/// - a declared body over `bodyLimit` is refused at once, `413` with `Connection: close`,
///   and the server stops sending (the client reads the answer whole, then the end);
/// - an expectation other than `100-continue` is refused, `417 Expectation Failed`, alike;
/// - otherwise `100 Continue` goes out as the head is read, and the request goes on to the
///   application, which answers it as any other.
///
/// Behind pipelined requests still unanswered, responses keep their order: the
/// `100 Continue` waits until the responses before it have ended, and nothing is refused
/// early (the application answers `413` when it reads an oversized body; an expectation
/// other than `100-continue` is then ignored, as the RFC allows).
///
/// HTTP/1.0 requests carry no expectation a server may answer (they are ignored, as the RFC
/// says). Sits before Hummingbird's `HTTP1ToHTTPServerCodec`, where requests still carry
/// their version and interim responses can be written; ``install(before:bodyLimit:)`` puts
/// it there from a handler added after the codec.
final class ExpectContinueHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let bodyLimit: Int
    /// Requests passed on whose final response has not ended.
    private var unanswered = 0
    /// A request owed a `100 Continue`: its version, and how many responses must end
    /// before its own (which the interim one goes before).
    private var owedContinue: (version: HTTPVersion, responsesBefore: Int)?
    /// The request being read was refused: its body is dropped and the connection closes.
    private var refused = false

    init(bodyLimit: Int) {
        self.bodyLimit = bodyLimit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard case .head(let head) = part else {
            if !refused {
                context.fireChannelRead(data)
            }
            return
        }
        guard !refused else { return }
        let expectations = head.headers[canonicalForm: "expect"].map { $0.lowercased() }
        guard !expectations.isEmpty, head.version.major == 1, head.version.minor >= 1 else {
            unanswered += 1
            context.fireChannelRead(data)
            return
        }
        if unanswered == 0, let refusal = refusal(expectations: expectations, head: head) {
            refuse(context: context, version: head.version, status: refusal.status, message: refusal.message)
            return
        }
        if expectations.contains("100-continue") {
            if unanswered == 0 {
                writeContinue(context: context, version: head.version)
            } else {
                owedContinue = (head.version, unanswered)
            }
        }
        unanswered += 1
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        context.write(data, promise: promise)
        unanswered = max(0, unanswered - 1)
        // The response before the owed request's has ended: its turn has come.
        if let owed = owedContinue {
            if owed.responsesBefore <= 1 {
                owedContinue = nil
                writeContinue(context: context, version: owed.version)
            } else {
                owedContinue = (owed.version, owed.responsesBefore - 1)
            }
        }
    }

    /// Why a request with `expectations` is refused before its body, if it is.
    private func refusal(expectations: [String], head: HTTPRequestHead) -> (status: HTTPResponseStatus, message: String)? {
        if let other = expectations.first(where: { $0 != "100-continue" }) {
            return (.expectationFailed, "this server meets no expectation but 100-continue, not '\(other)'")
        }
        if let declared = head.headers.first(name: "content-length").flatMap(Int.init), declared > bodyLimit {
            return (.payloadTooLarge, "request body over \(bodyLimit / 1024) KiB")
        }
        return nil
    }

    private func writeContinue(context: ChannelHandlerContext, version: HTTPVersion) {
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .continue))), promise: nil)
    }

    /// Answers `status` with the API's error body on a connection that then closes: its
    /// output first (a client that sent part of its body meanwhile still reads the answer,
    /// which closing both ways at once could cut off with a reset), then wholly a second
    /// later.
    private func refuse(context: ChannelHandlerContext, version: HTTPVersion, status: HTTPResponseStatus, message: String) {
        refused = true
        var body = context.channel.allocator.buffer(capacity: message.utf8.count + 16)
        body.writeString(APIError.jsonBody(message))
        let headers = HTTPHeaders([
            ("content-type", "application/json; charset=utf-8"),
            ("content-length", "\(body.readableBytes)"),
            ("connection", "close"),
        ])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            let halfClosed = context.eventLoop.makePromise(of: Void.self)
            halfClosed.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
            context.close(mode: .output, promise: halfClosed)
            let channel = context.channel
            context.eventLoop.scheduleTask(in: .seconds(1)) {
                channel.close(promise: nil)
            }
        }
    }

    /// Puts a new handler before the pipeline's `HTTP1ToHTTPServerCodec`, if it has one.
    static func install(before context: ChannelHandlerContext, bodyLimit: Int) {
        let pipeline = context.pipeline.syncOperations
        guard let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) else { return }
        try? pipeline.addHandler(ExpectContinueHandler(bodyLimit: bodyLimit), position: .before(codec))
    }
}
