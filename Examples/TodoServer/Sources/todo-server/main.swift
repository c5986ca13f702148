import ArgumentParser
import Cleanse
import TodoServerCommandLine
import TodoServerCore

/// `todo-server`: the Todo API, SQLite by default, PostgreSQL when `DATABASE_URL` is set.
/// Every flag can also be given as an environment variable (`--port` as `HTTP_PORT`).
@main
struct TodoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-server",
        abstract: "A Todo JSON API wired with Cleanse.",
        discussion: "DATABASE_URL=postgres://user:password@host:5432/db[?sslmode=require] selects PostgreSQL."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.configuration()
        try await runServer(configuration) {
            try ServerComponent.factory().build(configuration)
        }
    }
}
