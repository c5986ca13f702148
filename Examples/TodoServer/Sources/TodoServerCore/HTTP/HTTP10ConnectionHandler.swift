import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Keeps what the conversion to version-free HTTP types loses about the connection: an
/// HTTP/1.0 request that does not ask to keep it alive gets the `Connection: close` its
/// version implies (RFC 9112 §9.3), so that Hummingbird closes the connection after the
/// response; the response to any request that closes the connection says
/// `Connection: close`, so the client knows; and the response to an HTTP/1.0 request that
/// asked to keep the connection alive says `Connection: keep-alive`, without which an
/// HTTP/1.0 client takes the connection as closing.
///
/// Sits before Hummingbird's `HTTP1ToHTTPServerCodec`, where requests still carry their
/// version; ``install(before:)`` puts it there from a handler added after the codec. It
/// never writes or closes anything itself: it edits heads on their way.
final class HTTP10ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the response to a request says of the connection.
    private enum ConnectionAnswer {
        /// Nothing: HTTP/1.1 keeps the connection by default.
        case unchanged
        /// `Connection: close`.
        case close
        /// `Connection: keep-alive`, for HTTP/1.0.
        case keepAlive
    }

    /// For each request read whose response has not begun, what its response says of the
    /// connection, oldest first (pipelined requests are answered in order).
    private var answers: [ConnectionAnswer] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let saysClose = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
        let isHTTP10 = head.version.major == 1 && head.version.minor == 0
        answers.append(saysClose || !head.isKeepAlive ? .close : isHTTP10 ? .keepAlive : .unchanged)
        if !head.isKeepAlive, !saysClose {
            head.headers.add(name: "connection", value: "close")
            context.fireChannelRead(wrapInboundOut(.head(head)))
        } else {
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Interim (1xx) heads come before the final one; a response written with no request
        // read (the codec's own 400) has nothing to match.
        guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 200, !answers.isEmpty else {
            context.write(data, promise: promise)
            return
        }
        switch answers.removeFirst() {
        case .unchanged:
            context.write(data, promise: promise)
        case .close:
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .keepAlive:
            // The server may still close it (a shutdown): then its `close` stands.
            if !head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        }
    }

    /// Puts a new handler before the pipeline's `HTTP1ToHTTPServerCodec`, if it has one.
    static func install(before context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) else { return }
        try? pipeline.addHandler(HTTP10ConnectionHandler(), position: .before(codec))
    }
}
