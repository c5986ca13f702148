import Cleanse
import Foundation
import HummingbirdTesting
import Synchronization
import Testing
import TodoServerCore

/// A test double for the database, kept in memory: what a user of this example writes to
/// test their own handlers without a database. A transaction works on a copy of the data
/// and puts it back on commit (the last commit wins: enough for a test double).
final class InMemoryTodoStore: TodoStore {
    static let shared = InMemoryTodoStore()

    struct State {
        var users: [User] = []
        var todos: [(owner: Int, todo: Todo)] = []
        var lastID = 0
        var outcomes: [String: StoredOutcome] = [:]
    }

    private let state = Mutex(State())

    var todoCount: Int { state.withLock { $0.todos.count } }

    func migrate() async throws {}
    func close() async throws {}

    func beginTransaction(timeout: Duration) async throws -> any TodoTransaction {
        InMemoryTransaction(copy: state.withLock { $0 }) { committed in
            self.state.withLock { $0 = committed }
        }
    }
}

/// A transaction of `InMemoryTodoStore`.
final class InMemoryTransaction: TodoTransaction {
    private let state: Mutex<InMemoryTodoStore.State>
    private let onCommit: @Sendable (InMemoryTodoStore.State) -> Void

    init(copy: InMemoryTodoStore.State, onCommit: @escaping @Sendable (InMemoryTodoStore.State) -> Void) {
        state = Mutex(copy)
        self.onCommit = onCommit
    }

    func commit() async throws { onCommit(state.withLock { $0 }) }
    func rollback() async {}

    func createUser(name: String, token: String) async throws -> User {
        state.withLock { state in
            state.lastID += 1
            let user = User(id: state.lastID, name: name, token: token)
            state.users.append(user)
            return user
        }
    }

    func user(token: String) async throws -> User? {
        state.withLock { $0.users.first { $0.token == token } }
    }

    func createTodo(owner: Int, title: String) async throws -> Todo {
        state.withLock { state in
            state.lastID += 1
            let todo = Todo(id: state.lastID, title: title, done: false)
            state.todos.append((owner, todo))
            return todo
        }
    }

    func todos(owner: Int, limit: Int, offset: Int) async throws -> [Todo] {
        state.withLock { Array($0.todos.filter { $0.owner == owner }.map(\.todo).dropFirst(offset).prefix(limit)) }
    }

    func todo(id: Int, owner: Int) async throws -> Todo? {
        state.withLock { $0.todos.first { $0.owner == owner && $0.todo.id == id }?.todo }
    }

    func updateTodo(id: Int, owner: Int, title: String?, done: Bool?) async throws -> Todo? {
        state.withLock { state in
            guard let index = state.todos.firstIndex(where: { $0.owner == owner && $0.todo.id == id }) else { return nil }
            if let title { state.todos[index].todo.title = title }
            if let done { state.todos[index].todo.done = done }
            return state.todos[index].todo
        }
    }

    func deleteTodo(id: Int, owner: Int) async throws -> Bool {
        state.withLock { state in
            guard let index = state.todos.firstIndex(where: { $0.owner == owner && $0.todo.id == id }) else { return false }
            state.todos.remove(at: index)
            return true
        }
    }

    func storedOutcome(owner: Int, key: String) async throws -> StoredOutcome? {
        state.withLock { $0.outcomes["\(owner)/\(key)"] }
    }

    func storeOutcome(_ outcome: StoredOutcome, owner: Int, key: String) async throws {
        state.withLock { $0.outcomes["\(owner)/\(key)"] = outcome }
    }
}

/// Binds the in-memory store in place of the real database.
struct InMemoryDatabaseModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any TodoStore).self).sharedInScope().to { InMemoryTodoStore.shared as any TodoStore }
    }
}

@Suite struct OverrideTests {
    @Test func theDatabaseIsSwappedForATestDoubleWithAnOverride() async throws {
        let factory = try ComponentFactory.of(ServerComponent.self, overrides: InMemoryDatabaseModule.self)
        // The SQLite path is never opened: the override replaced the store's binding.
        let configuration = ServerConfiguration(port: 0, database: .sqlite(path: "/nonexistent/folder/never.sqlite"))
        let application = try await factory.build(configuration).makeApplication()
        let before = InMemoryTodoStore.shared.todoCount
        try await OutageIsolation.besideOthers {
            try await application.test(.live) { client in
                let user = try await client.send(.post, "/users", json: #"{"name": "Tess"}"#).decoded(TodoAPITests.Created.self)
                let todo = try await client.send(.post, "/todos", token: user.token, json: #"{"title": "in memory"}"#)
                #expect(todo.status == .created)
            }
        }
        #expect(InMemoryTodoStore.shared.todoCount == before + 1)
    }

    @Test func aDatabaseThatIsDownAtStartIsAClearError() async throws {
        let unreachable = ServerConfiguration(port: 0, database: .postgres(url: "postgres://todo:todo@127.0.0.1:1/todo"))
        let server = try ComponentFactory.of(ServerComponent.self).build(unreachable)
        do {
            _ = try await server.makeApplication()
            Issue.record("a server whose database is down started")
        } catch {
            let cause = try #require(DatabaseUnavailable.cause(of: error))
            #if PostgreSQL
            #expect(cause.description.hasPrefix("cannot reach PostgreSQL at 127.0.0.1:1"))
            #else
            #expect(cause.description == ServerConfiguration.builtWithoutPostgreSQL)
            #endif
        }

        let missingFolder = ServerConfiguration(port: 0, database: .sqlite(path: "/nonexistent/folder/todo.sqlite"))
        do {
            _ = try await ComponentFactory.of(ServerComponent.self).build(missingFolder).makeApplication()
            Issue.record("a server whose database cannot be opened started")
        } catch {
            #expect(DatabaseUnavailable.cause(of: error)?.description.hasPrefix("cannot open the SQLite database at /nonexistent/folder/todo.sqlite") == true)
        }
    }
}
