import Cleanse
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The body of `POST /todos`.
struct NewTodo: Decodable {
    let title: String
}

/// The body of `POST /todos/import`.
struct TodoImport: Decodable {
    let titles: [String]
}

/// The body of `PATCH /todos/{id}`: every field optional.
struct TodoChanges: Decodable {
    let title: String?
    let done: Bool?
}

/// The authenticated user's todos.
public struct TodoHandlers: Sendable {
    let todos: TodoRepository
    let authenticator: Authenticator
    let claims: IdempotencyClaims
    let unitOfWork: UnitOfWork
    let logger: Logger

    package init(
        todos: TodoRepository, authenticator: Authenticator, claims: IdempotencyClaims, unitOfWork: UnitOfWork, logger: TaggedProvider<RequestLog>
    ) {
        self.todos = todos
        self.authenticator = authenticator
        self.claims = claims
        self.unitOfWork = unitOfWork
        self.logger = logger.get()
    }

    /// `POST /todos {"title": …}`. With an `Idempotency-Key`, a retry with the same key and
    /// body answers what the first answered (`Idempotent-Replayed: true`) and writes
    /// nothing; the same key with another body is a `422`, and while the first is still
    /// being handled, a `409`.
    ///
    /// Every handler that takes a body reads it whole before its first database statement
    /// (checking the token is one): a client that stalls mid-body holds its own connection
    /// until the request timeout answers it `408`, never the request's transaction, and so
    /// never one of the database's connections.
    func create(_ request: Request, context: TodoRequestContext) async throws -> Response {
        let buffer = try await JSONBody.read(request, context: context)
        let user = try await authenticator.requireUser()
        let key = try IdempotencyKey.of(request, owner: user.id)
        if let key {
            guard claims.claim(key) else {
                throw APIError(.conflict, "a request with this Idempotency-Key is still being handled; retry once it has been answered")
            }
            unitOfWork.afterEnd { [claims] in claims.release(key) }
            if let kept = try await todos.outcome(for: key) {
                guard kept.answers(String(buffer: buffer)) else {
                    throw APIError(.unprocessableContent, "this Idempotency-Key was used with another request body")
                }
                return Self.json(kept.response, status: HTTPResponse.Status(code: kept.status), replayed: true)
            }
        }
        let body = try JSONBody.decode(NewTodo.self, from: buffer)
        let title = try Self.validTitle(body.title)
        let todo = try await todos.create(owner: user.id, title: title)
        logger.info("user \(user.id) created todo \(todo.id)")
        let json = String(decoding: try JSONEncoder().encode(todo), as: UTF8.self)
        if let key {
            do {
                try await todos.keep(StoredOutcome(request: String(buffer: buffer), status: 201, response: json), for: key)
            } catch is IdempotencyKeyInUse {
                throw APIError(.conflict, "a request with this Idempotency-Key is still being handled; retry once it has been answered")
            }
        }
        return Self.json(json, status: .created, replayed: false)
    }

    private static func json(_ text: String, status: HTTPResponse.Status, replayed: Bool) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if replayed {
            headers[HTTPField.Name("Idempotent-Replayed")!] = "true"
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `POST /todos/import {"titles": […]}`: stores every todo or none. Each title is checked
    /// as it is stored, so a bad one after good ones rolls back those already written.
    func importTodos(_ request: Request, context: TodoRequestContext) async throws -> EditedResponse<[Todo]> {
        // The body first: see `create`.
        let body = try await JSONBody.decode(TodoImport.self, from: request, context: context)
        let user = try await authenticator.requireUser()
        guard body.titles.count <= 100 else { throw APIError(.badRequest, "at most 100 todos per import") }
        var imported: [Todo] = []
        for (index, title) in body.titles.enumerated() {
            do {
                imported.append(try await todos.create(owner: user.id, title: Self.validTitle(title)))
            } catch let error as APIError {
                throw APIError(error.status, "todo \(index): \(error.message); nothing was imported")
            }
        }
        logger.info("user \(user.id) imported \(imported.count) todos")
        return EditedResponse(status: .created, response: imported)
    }

    func list(_ request: Request, context: TodoRequestContext) async throws -> [Todo] {
        let user = try await authenticator.requireUser()
        let limit = try Self.query(request, "limit", default: 50, range: 1...100)
        let offset = try Self.query(request, "offset", default: 0, range: 0...Int(Int32.max))
        return try await todos.list(owner: user.id, limit: limit, offset: offset)
    }

    func get(_ request: Request, context: TodoRequestContext) async throws -> Todo {
        let user = try await authenticator.requireUser()
        let id = try Self.id(context)
        guard let todo = try await todos.find(id: id, owner: user.id) else { throw APIError.notFound }
        return todo
    }

    func update(_ request: Request, context: TodoRequestContext) async throws -> Todo {
        // The body first: see `create`.
        let changes = try await JSONBody.decode(TodoChanges.self, from: request, context: context)
        let user = try await authenticator.requireUser()
        let id = try Self.id(context)
        let title = try changes.title.map(Self.validTitle)
        guard let todo = try await todos.update(id: id, owner: user.id, title: title, done: changes.done) else {
            throw APIError.notFound
        }
        return todo
    }

    func delete(_ request: Request, context: TodoRequestContext) async throws -> Response {
        let user = try await authenticator.requireUser()
        let id = try Self.id(context)
        guard try await todos.delete(id: id, owner: user.id) else { throw APIError.notFound }
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

/// Contributes the `/todos` routes; each handler comes from the request's component.
package struct TodosFeature: Module {
    package static func configure(binder: Binder<Singleton>) {
        binder.bind(RouteContribution.self).intoCollection().to(value: routes)
    }

    package static let routes = RouteContribution { router in
        let todos = router.group("todos")
        todos.post { request, context in try await context.scope().todos.get().create(request, context: context) }
        todos.post("import") { request, context in try await context.scope().todos.get().importTodos(request, context: context) }
        todos.get { request, context in try await context.scope().todos.get().list(request, context: context) }
        todos.get(":id") { request, context in try await context.scope().todos.get().get(request, context: context) }
        todos.patch(":id") { request, context in try await context.scope().todos.get().update(request, context: context) }
        todos.delete(":id") { request, context in try await context.scope().todos.get().delete(request, context: context) }
    }
}

extension Todo: ResponseEncodable {}
