/// A user's todos, read and written in the request's transaction.
package struct TodoRepository: Sendable {
    let unitOfWork: UnitOfWork

    package init(unitOfWork: UnitOfWork) {
        self.unitOfWork = unitOfWork
    }

    func create(owner: Int, title: String) async throws -> Todo {
        try await unitOfWork.run("createTodo") { try await $0.createTodo(owner: owner, title: title) }
    }

    func list(owner: Int, limit: Int, offset: Int) async throws -> [Todo] {
        try await unitOfWork.run("todos") { try await $0.todos(owner: owner, limit: limit, offset: offset) }
    }

    func find(id: Int, owner: Int) async throws -> Todo? {
        try await unitOfWork.run("todo") { try await $0.todo(id: id, owner: owner) }
    }

    func update(id: Int, owner: Int, title: String?, done: Bool?) async throws -> Todo? {
        try await unitOfWork.run("updateTodo") { try await $0.updateTodo(id: id, owner: owner, title: title, done: done) }
    }

    /// The outcome kept for `key`, if any (see ``IdempotencyKey``).
    func outcome(for key: IdempotencyKey) async throws -> StoredOutcome? {
        try await unitOfWork.run("storedOutcome") { try await $0.storedOutcome(owner: key.owner, key: key.key) }
    }

    /// Keeps `outcome` for `key`, committed with the request's writes.
    func keep(_ outcome: StoredOutcome, for key: IdempotencyKey) async throws {
        try await unitOfWork.run("storeOutcome") { try await $0.storeOutcome(outcome, owner: key.owner, key: key.key) }
    }

    func delete(id: Int, owner: Int) async throws -> Bool {
        try await unitOfWork.run("deleteTodo") { try await $0.deleteTodo(id: id, owner: owner) }
    }
}
