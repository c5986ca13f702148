import Foundation
import Hummingbird

/// How every route reads a JSON body: whole (up to the context's limit, else `413`), then
/// decoded, with a body that does not decode answered `400` in the server's words ("missing
/// field 'title'", "wrong type for 'done'", "malformed JSON"), the same on every route;
/// never a decoder's own text.
enum JSONBody {
    /// The request's body, read whole.
    static func read(_ request: Request, context: TodoRequestContext) async throws -> ByteBuffer {
        try await request.body.collect(upTo: context.maxUploadSize)
    }

    /// `buffer` decoded as `T`, or a `400` saying what is wrong with it.
    static func decode<T: Decodable>(_: T.Type, from buffer: ByteBuffer) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError(.badRequest, describe(error))
        }
    }

    /// The request's body, read whole and decoded as `T`.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: TodoRequestContext) async throws -> T {
        try decode(type, from: try await read(request, context: context))
    }

    /// What is wrong with a body, in the API's words.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "the body must be a JSON object" : "wrong type for '\(path(context.codingPath))'"
        case .dataCorrupted: return "malformed JSON"
        @unknown default: return "malformed JSON"
        }
    }

    /// A coding path as written in the API's messages: `titles.2`.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
