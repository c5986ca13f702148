import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client does not send a whole request (head and body) within
/// `timeout` of the connection being ready for it: when it opens, and when the previous
/// response has been written. The idle timeout cannot see a client that sends a byte every
/// second (slowloris); this bound can. While a request is being handled the clock stops, so
/// a slow handler is never cut off; a pipelined request's clock starts at its head.
///
/// A client cut off in the middle of a request whose head has come (its body dribbles) is
/// answered `408 Request Timeout` with `Connection: close` before the connection closes
/// (RFC 9110 §15.5.9), unless a response has begun already: then, as when the head itself
/// has not come whole (the codec holds its bytes, so an idle connection and a slow head look
/// alike here), the connection is closed without a word. After a 408 nothing the
/// application writes for that request reaches the client.
///
/// One instance per connection, on its event loop, after the HTTP codec.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?
    /// Requests read whole whose response has not ended yet.
    private var requestsInFlight = 0
    /// A request whose head has come and whose end has not.
    private var readingRequest = false
    /// A response whose head has been written and whose end has not.
    private var responding = false
    /// The connection was answered 408 and is closing: later writes are dropped.
    private var timedOut = false

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Hummingbird adds its own handlers after its HTTP types codec; HTTP/1.0's default
        // of closing the connection needs one before it, where requests carry their version.
        HTTP10ConnectionHandler.install(before: context)
        // `Expect: 100-continue` is answered there too, before a body the client holds back.
        ExpectContinueHandler.install(before: context, bodyLimit: TodoRequestContext.bodyLimit)
        if context.channel.isActive {
            startClock(context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopClock()
    }

    func channelActive(context: ChannelHandlerContext) {
        startClock(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            startClock(context: context)
        case .body:
            break
        case .end:
            readingRequest = false
            requestsInFlight += 1
            stopClock()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !timedOut else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head:
            responding = true
        case .body:
            break
        case .end:
            responding = false
            requestsInFlight = max(0, requestsInFlight - 1)
            if requestsInFlight == 0, !readingRequest {
                startClock(context: context)
            }
        }
        context.write(data, promise: promise)
    }

    /// Starts the clock unless it runs already.
    private func startClock(context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            self.deadline = nil
            self.timeOut(context: context)
        }
    }

    /// Ends a connection whose request did not come whole in time: with a 408 when the
    /// client is in the middle of a request that nothing has answered yet, else silently.
    private func timeOut(context: ChannelHandlerContext) {
        guard readingRequest, requestsInFlight == 0, !responding else {
            logger.debug("no whole request within the request timeout; closing the connection")
            context.close(promise: nil)
            return
        }
        logger.debug("request body not received within the request timeout; answering 408 and closing the connection")
        let head = HTTPResponse(status: .requestTimeout, headerFields: [.connection: "close", .contentLength: "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        timedOut = true
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func stopClock() {
        deadline?.cancel()
        deadline = nil
    }
}
