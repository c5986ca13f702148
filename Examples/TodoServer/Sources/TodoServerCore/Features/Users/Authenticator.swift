/// Finds the user a request's bearer token belongs to, once per request.
public final class Authenticator: @unchecked Sendable {
    // Safe to share: used by one request's task only, one call after another (see
    // `UnitOfWork`); `user` is only touched there.
    private let users: UserRepository
    private let token: String?
    private var user: User?

    package init(users: UserRepository, seed: RequestSeed) {
        self.users = users
        token = seed.bearerToken
    }

    /// The authenticated user, or a 401.
    func requireUser() async throws -> User {
        if let user { return user }
        guard let token, !token.isEmpty, let found = try await users.user(token: token) else {
            throw APIError.unauthorized
        }
        user = found
        return found
    }
}
