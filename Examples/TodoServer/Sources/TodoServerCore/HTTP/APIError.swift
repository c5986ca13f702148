import Foundation
import Hummingbird

/// An error the API answers with: a status and `{"error": "…"}`.
public struct APIError: Error, HTTPResponseError {
    public let status: HTTPResponse.Status
    public let message: String

    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(["error": message])
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: body))
        )
    }

    static let unauthorized = APIError(.unauthorized, "missing or invalid bearer token")
    static let notFound = APIError(.notFound, "no such todo")
}

/// Turns every error a route throws into `{"error": "…"}` with the right status: 400 for a
/// body that does not decode, 413 for one over the limit, Hummingbird's status for its own
/// errors, 500 (logged) for the rest.
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
