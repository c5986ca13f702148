/// Users, read and written in the request's transaction.
package struct UserRepository: Sendable {
    let unitOfWork: UnitOfWork

    package init(unitOfWork: UnitOfWork) {
        self.unitOfWork = unitOfWork
    }

    func create(name: String, token: String) async throws -> User {
        try await unitOfWork.run("createUser") { try await $0.createUser(name: name, token: token) }
    }

    func user(token: String) async throws -> User? {
        try await unitOfWork.run("user(token:)") { try await $0.user(token: token) }
    }
}
