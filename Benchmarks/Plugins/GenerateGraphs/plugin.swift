import PackagePlugin

/// Generates the benchmark graphs' sources into the build folder of the target it is applied
/// to (`cleanse-bench`, `Graph10000`, `InjectableGraphs`), so that no generated code is committed.
@main
struct GenerateGraphs: BuildToolPlugin {
    /// Files per target: the 10,000-type module is split so that both cores compile it.
    static let parts = ["cleanse-bench": 4, "Graph10000": 8, "InjectableGraphs": 4]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let parts = Self.parts[target.name] else { return [] }
        let directory = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = (0..<parts).map { directory.appending(path: "\(target.name)_\($0).swift") }
        return [
            .buildCommand(
                displayName: "Generating the benchmark graphs of \(target.name)",
                executable: try context.tool(named: "generate-graphs").url,
                arguments: [target.name, directory.path(), "\(parts)"],
                outputFiles: outputs
            ),
        ]
    }
}
