import Foundation
import Hummingbird
import NIOHTTP1

/// An error the API answers with: a status and `{"error": "…"}`.
public struct APIError: Error, HTTPResponseError {
    public let status: HTTPResponse.Status
    public let message: String
    /// Seconds after which the client may try again (`Retry-After`), for a `503`.
    public let retryAfter: Int?
    /// Whether the answer closes the connection (`Connection: close`).
    public let closesConnection: Bool

    public init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil, closesConnection: Bool = false) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
        self.closesConnection = closesConnection
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter {
            headers[.retryAfter] = "\(retryAfter)"
        }
        if closesConnection {
            headers[.connection] = "close"
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: Self.jsonBody(message))))
    }

    /// `{"error": message}`, the body of every error answer.
    static func jsonBody(_ message: String) -> String {
        let data = (try? JSONEncoder().encode(["error": message])) ?? Data(#"{"error": "internal error"}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static let unauthorized = APIError(.unauthorized, "missing or invalid bearer token")
    static let notFound = APIError(.notFound, "no such todo")
}

/// Turns every error a route throws into `{"error": "…"}` with the right status: 400 for a
/// body whose framing is broken (the connection then closes; see `JSONBody` for one that
/// does not decode), 413 for one over the limit, Hummingbird's status for its own
/// errors, 503 with `Retry-After` while the database cannot serve (logged as a warning with
/// the cause), 500 (logged) for the rest.
///
/// A request cancelled because the shutdown's grace ran out is a 503 with
/// `Connection: close`. A 503 says what became of the request: a read that could not run ("try again"), a
/// write that was not made ("nothing was written"), or a commit whose connection was lost
/// before the database confirmed it ("the outcome is unknown": the write may be saved).
struct JSONErrorMiddleware: RouterMiddleware {
    typealias Context = TodoRequestContext

    /// The seconds of `Retry-After`.
    let retryAfter: Int

    /// `Retry-After` for a server whose requests wait `wait` for the database: that wait,
    /// in whole seconds rounded up, at least 1.
    static func retryAfter(waiting wait: Duration) -> Int {
        let (seconds, attoseconds) = wait.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // Hummingbird's own errors: a body over the limit, an unknown route, …
            let message = error.status == .contentTooLarge
                ? "request body over \(TodoRequestContext.bodyLimit / 1024) KiB"
                : (error as? HTTPError)?.body ?? error.status.reasonPhrase
            return try APIError(error.status, message).response(from: request, context: context)
        } catch let error as HTTPParserError {
            // The body's framing is broken (a chunk size that is not hexadecimal, …) or the
            // client stopped sending in the middle of it (after a 408, or gone): the client's
            // doing, and nothing more can be read on this connection, so it closes.
            context.logger.debug("request body unreadable: \(error.debugDescription)")
            let message = error == .invalidEOFState
                ? "the request body ended before it was whole"
                : "malformed request: the body's HTTP framing is broken"
            return try APIError(.badRequest, message, closesConnection: true).response(from: request, context: context)
        } catch let error as CommitOutcomeUnknown {
            context.logger.warning("commit outcome unknown: \(error)")
            // With an Idempotency-Key the client can retry safely: the retry answers what was
            // kept if the write was saved, and writes it if it was not.
            let advice = request.headers[IdempotencyKey.field] != nil
                ? "retry with the same Idempotency-Key"
                : "check before trying again, or send an Idempotency-Key so that a retry is safe"
            return try APIError(
                .serviceUnavailable,
                "the database connection was lost while the write was committed; the outcome is unknown: \(advice)",
                retryAfter: retryAfter
            ).response(from: request, context: context)
        } catch let error as DatabaseOutage {
            context.logger.warning("database unavailable: \(error)")
            let message = request.method == .get || request.method == .head
                ? "the database is unavailable; try again"
                : "the database is unavailable; nothing was written, try again"
            return try APIError(.serviceUnavailable, message, retryAfter: retryAfter)
                .response(from: request, context: context)
        } catch is ServerShuttingDown {
            // The shutdown's grace ran out while the request waited for the database: the
            // client is told so, on a connection that closes.
            context.logger.notice("request ended by the shutdown; answered 503")
            return try APIError(.serviceUnavailable, "the server is shutting down; try again", retryAfter: retryAfter, closesConnection: true)
                .response(from: request, context: context)
        } catch {
            context.logger.error("unhandled error: \(error)")
            return try APIError(.internalServerError, "internal error").response(from: request, context: context)
        }
    }
}
