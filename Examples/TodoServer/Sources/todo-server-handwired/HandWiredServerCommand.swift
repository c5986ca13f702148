import ArgumentParser
import TodoServerCommandLine
import TodoServerHandWired

/// `todo-server-handwired`: `todo-server` with its objects made by hand instead of by
/// Cleanse, for `Scripts/load-test.sh` to compare route by route. Same options.
@main
struct HandWiredServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-server-handwired",
        abstract: "The Todo API wired by hand, the load benchmark's baseline."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.configuration()
        try await runServer(configuration) {
            try await HandWiredServer.make(configuration: configuration)
        }
    }
}
