import Cleanse
import Hummingbird

/// Builds each request's component once, before its handler, hands it to the handler in
/// the request context, and ends the request's unit of work after it: commit when the
/// handler answered with a success, roll back when it threw or answered with an error. A
/// commit that fails turns the answer into an error, so a client never sees a `201` for
/// a row that is not there.
struct RequestScopeMiddleware: RouterMiddleware {
    typealias Context = TodoRequestContext

    /// Makes a request's scope: `RequestComponent`'s factory, or the hand-wired twin's code.
    let makeScope: @Sendable (RequestSeed) -> RequestHandlers

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let scope = makeScope(RequestSeed(request: request, context: context))
        var context = context
        context.requestScope = scope
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            await scope.unitOfWork.rollback()
            throw error
        }
        if response.status.code < 400 {
            try await scope.unitOfWork.commit()
        } else {
            await scope.unitOfWork.rollback()
        }
        return response
    }
}
