import Cleanse
import Foundation
import Hummingbird
import Logging

/// The body of `POST /todos`.
struct NewTodo: Decodable {
    let title: String
}

/// The body of `PATCH /todos/{id}`: every field optional.
struct TodoChanges: Decodable {
    let title: String?
    let done: Bool?
}

/// The authenticated user's todos.
public struct TodoHandlers: Sendable {
    let unitOfWork: UnitOfWork
    let authenticator: Authenticator
    let logger: Logger

    init(unitOfWork: UnitOfWork, authenticator: Authenticator, logger: TaggedProvider<RequestLog>) {
        self.unitOfWork = unitOfWork
        self.authenticator = authenticator
        self.logger = logger.get()
    }

    func create(_ request: Request, context: TodoRequestContext) async throws -> EditedResponse<Todo> {
        let user = try await authenticator.requireUser()
        let body = try await request.decode(as: NewTodo.self, context: context)
        let title = try Self.validTitle(body.title)
        let todo = try await unitOfWork.run("createTodo") { try await $0.createTodo(owner: user.id, title: title) }
        logger.info("user \(user.id) created todo \(todo.id)")
        return EditedResponse(status: .created, response: todo)
    }

    func list(_ request: Request, context: TodoRequestContext) async throws -> [Todo] {
        let user = try await authenticator.requireUser()
        let limit = try Self.query(request, "limit", default: 50, range: 1...100)
        let offset = try Self.query(request, "offset", default: 0, range: 0...Int(Int32.max))
        return try await unitOfWork.run("todos") { try await $0.todos(owner: user.id, limit: limit, offset: offset) }
    }

    func get(_ request: Request, context: TodoRequestContext) async throws -> Todo {
        let user = try await authenticator.requireUser()
        let id = try Self.id(context)
        guard let todo = try await unitOfWork.run("todo", { try await $0.todo(id: id, owner: user.id) }) else { throw APIError.notFound }
        return todo
    }

    func update(_ request: Request, context: TodoRequestContext) async throws -> Todo {
        let user = try await authenticator.requireUser()
        let id = try Self.id(context)
        let changes = try await request.decode(as: TodoChanges.self, context: context)
        let title = try changes.title.map(Self.validTitle)
        guard let todo = try await unitOfWork.run("updateTodo", { try await $0.updateTodo(id: id, owner: user.id, title: title, done: changes.done) }) else {
            throw APIError.notFound
        }
        return todo
    }

    func delete(_ request: Request, context: TodoRequestContext) async throws -> Response {
        let user = try await authenticator.requireUser()
        let id = try Self.id(context)
        guard try await unitOfWork.run("deleteTodo", { try await $0.deleteTodo(id: id, owner: user.id) }) else { throw APIError.notFound }
        return Response(status: .noContent)
    }

    private static func validTitle(_ title: String) throws -> String {
        try TextField.valid(title, field: "title", limit: 500)
    }

    private static func id(_ context: TodoRequestContext) throws -> Int {
        guard let id = context.parameters.get("id", as: Int.self) else { throw APIError.notFound }
        return id
    }

    private static func query(_ request: Request, _ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = request.uri.queryParameters[name[...]] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw APIError(.badRequest, "'\(name)' must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// Contributes the `/todos` routes; each request builds its own component.
struct TodosFeature: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(RouteContribution.self).intoCollection().to(factory: routes)
    }

    static func routes(requests: ComponentFactory<RequestComponent>) -> RouteContribution {
        RouteContribution { router in
            @Sendable func handlers(_ request: Request, _ context: TodoRequestContext) -> TodoHandlers {
                requests.build(RequestSeed(request: request, context: context)).todos.get()
            }
            let todos = router.group("todos")
            todos.post { request, context in try await handlers(request, context).create(request, context: context) }
            todos.get { request, context in try await handlers(request, context).list(request, context: context) }
            todos.get(":id") { request, context in try await handlers(request, context).get(request, context: context) }
            todos.patch(":id") { request, context in try await handlers(request, context).update(request, context: context) }
            todos.delete(":id") { request, context in try await handlers(request, context).delete(request, context: context) }
        }
    }
}

extension Todo: ResponseEncodable {}
