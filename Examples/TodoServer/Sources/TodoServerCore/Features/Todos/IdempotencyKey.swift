import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// `Idempotency-Key`: a client's name for one write, so that a retry after a lost answer
/// (a `503` whose outcome is unknown, a dropped connection) returns the first outcome
/// instead of writing again. The outcome is kept per user in the database, in the same
/// transaction as the write, for 24 hours.
struct IdempotencyKey: Sendable, Hashable {
    /// The header's name.
    static let field = HTTPField.Name("Idempotency-Key")!
    /// How long an outcome answers retries.
    static let lifetime: Duration = .seconds(24 * 60 * 60)

    let owner: Int
    let key: String

    /// The key `request` gives, if any, for the user `owner`; a key that is empty, longer
    /// than 255 characters or not printable ASCII is a `400`.
    static func of(_ request: Request, owner: Int) throws -> IdempotencyKey? {
        guard let text = request.headers[field] else { return nil }
        guard !text.isEmpty, text.count <= 255, text.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value <= 0x7E }) else {
            throw APIError(.badRequest, "'Idempotency-Key' must be 1 to 255 printable ASCII characters")
        }
        return IdempotencyKey(owner: owner, key: text)
    }
}

/// What a write with an `Idempotency-Key` answered: kept with the key, given back to a
/// retry with the same key and the same body.
public struct StoredOutcome: Sendable, Equatable {
    /// The request's body, to tell a retry from another request reusing the key.
    public let request: String
    public let status: Int
    /// The response's body (JSON).
    public let response: String

    public init(request: String, status: Int, response: String) {
        self.request = request
        self.status = status
        self.response = response
    }

    /// Whether `body` is the request this outcome answered: the same JSON by meaning (key
    /// order, spacing and escapes aside), or the same bytes when either is not JSON.
    func answers(_ body: String) -> Bool {
        guard let kept = Self.canonicalJSON(request), let asked = Self.canonicalJSON(body) else { return request == body }
        return kept == asked
    }

    /// `text` parsed and written again with sorted keys and no spacing, or nil if it is not JSON.
    private static func canonicalJSON(_ text: String) -> Data? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
        return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }
}

/// The keys whose request is being handled by this server now: a second request with the
/// same key meanwhile is a `409` rather than a wait (the first may still fail, and then the
/// second should be retried, not answered with the first's outcome).
public final class IdempotencyClaims: Sendable {
    private let claimed = Mutex(Set<IdempotencyKey>())

    public init() {}

    /// Claims `key`; returns `false` when a request holds it already.
    func claim(_ key: IdempotencyKey) -> Bool {
        claimed.withLock { $0.insert(key).inserted }
    }

    func release(_ key: IdempotencyKey) {
        _ = claimed.withLock { $0.remove(key) }
    }
}
