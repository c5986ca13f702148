import Cleanse
import Foundation
import Hummingbird
import Logging

/// The body of `POST /users`.
struct NewUser: Decodable {
    let name: String
}

/// Creates users: `POST /users {"name"}` → 201 `{"id", "name", "token"}`.
public struct UserHandlers: Sendable {
    let users: UserRepository
    let logger: Logger

    package init(users: UserRepository, logger: TaggedProvider<RequestLog>) {
        self.users = users
        self.logger = logger.get()
    }

    func create(_ request: Request, context: TodoRequestContext) async throws -> EditedResponse<User> {
        let body = try await JSONBody.decode(NewUser.self, from: request, context: context)
        let name = try TextField.valid(body.name, field: "name", limit: 100)
        let token = Self.newToken()
        let user = try await users.create(name: name, token: token)
        logger.info("created user \(user.id)")
        return EditedResponse(status: .created, response: user)
    }

    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }
}

/// Contributes `POST /users`.
package struct UsersFeature: Module {
    package static func configure(binder: Binder<Singleton>) {
        binder.bind(RouteContribution.self).intoCollection().to(value: routes)
    }

    package static let routes = RouteContribution { router in
        router.post("users") { request, context in
            try await context.scope().users.get().create(request, context: context)
        }
    }
}

extension User: ResponseEncodable {}
