/// Users, read and written in the request's transaction.
struct UserRepository: Sendable {
    let unitOfWork: UnitOfWork

    func create(name: String, token: String) async throws -> User {
        try await unitOfWork.run("createUser") { try await $0.createUser(name: name, token: token) }
    }

    func user(token: String) async throws -> User? {
        try await unitOfWork.run("user(token:)") { try await $0.user(token: token) }
    }
}
