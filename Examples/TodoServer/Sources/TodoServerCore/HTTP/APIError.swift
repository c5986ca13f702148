import Foundation
import Hummingbird

/// An error the API answers with: a status and `{"error": "…"}`.
public struct APIError: Error, HTTPResponseError {
    public let status: HTTPResponse.Status
    public let message: String
    /// Seconds after which the client may try again (`Retry-After`), for a `503`.
    public let retryAfter: Int?

    public init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(["error": message])
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter {
            headers[.retryAfter] = "\(retryAfter)"
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static let unauthorized = APIError(.unauthorized, "missing or invalid bearer token")
    static let notFound = APIError(.notFound, "no such todo")
}

/// Turns every error a route throws into `{"error": "…"}` with the right status: 400 for a
/// body that does not decode, 413 for one over the limit, Hummingbird's status for its own
/// errors, 503 with `Retry-After` while the database cannot serve (logged as a warning with
/// the cause), 500 (logged) for the rest.
struct JSONErrorMiddleware: RouterMiddleware {
    typealias Context = TodoRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // Hummingbird's own errors: a body over the limit, an unknown route, …
            let message = error.status == .contentTooLarge
                ? "request body over 64 KiB"
                : (error as? HTTPError)?.body ?? error.status.reasonPhrase
            return try APIError(error.status, message).response(from: request, context: context)
        } catch let error as DecodingError {
            return try APIError(.badRequest, Self.describe(error)).response(from: request, context: context)
        } catch let error as DatabaseOutage {
            context.logger.warning("database unavailable: \(error)")
            return try APIError(.serviceUnavailable, "the database is unavailable; nothing was written, try again", retryAfter: 5)
                .response(from: request, context: context)
        } catch {
            context.logger.error("unhandled error: \(error)")
            return try APIError(.internalServerError, "internal error").response(from: request, context: context)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type for '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case .dataCorrupted: return "malformed JSON"
        @unknown default: return "malformed JSON"
        }
    }
}
