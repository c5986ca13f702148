import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Keeps HTTP/1.0 and `Connection` semantics that the conversion to version-free HTTP types
/// loses: each response is sent in its request's version (an HTTP/1.0 client cannot read a
/// chunked body), and a request that does not keep the connection alive (HTTP/1.0 without
/// `Connection: keep-alive`, or any `Connection: close`) is answered with
/// `Connection: close`, after which the connection is closed (RFC 9112 §9.3). An HTTP/1.0
/// request that keeps it alive is answered with `Connection: keep-alive`, unless the body's
/// length is not known up front: then the close ends the body.
///
/// Sits before Hummingbird's `HTTP1ToHTTPServerCodec`, where requests still carry their
/// version; ``install(before:)`` puts it there from a handler added after the codec.
final class HTTP1ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// For each request read whose response has not ended: its version and whether it
    /// keeps the connection alive, oldest first (pipelined requests are answered in order).
    private var requests: [(version: HTTPVersion, keepAlive: Bool)] = []
    /// The response being written ends the connection.
    private var closesAfterResponse = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            requests.append((head.version, head.isKeepAlive))
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            guard let request = requests.first else { break }
            // Whether the application itself ends the connection (the head comes as HTTP/1.1).
            let responseCloses = !head.isKeepAlive
            head.version = request.version
            let lengthKnown = head.headers.contains(name: "content-length")
            let isHTTP10 = request.version.major == 1 && request.version.minor == 0
            if !request.keepAlive || (isHTTP10 && !lengthKnown) || responseCloses {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                closesAfterResponse = true
            } else if isHTTP10 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .body:
            break
        case .end:
            if !requests.isEmpty { requests.removeFirst() }
            if closesAfterResponse {
                let written = promise ?? context.eventLoop.makePromise()
                context.writeAndFlush(data, promise: written)
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                return
            }
        }
        context.write(data, promise: promise)
    }

    /// Puts a new handler before the pipeline's `HTTP1ToHTTPServerCodec`, if it has one.
    static func install(before context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) else { return }
        try? pipeline.addHandler(HTTP1ConnectionHandler(), position: .before(codec))
    }
}
