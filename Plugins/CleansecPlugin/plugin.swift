import Foundation
import PackagePlugin

/// Runs cleansec on the target that adopts it, so that `swift build` fails with Cleanse's
/// diagnostics on the lines that caused them:
///
/// ```swift
/// .executableTarget(name: "Shop", dependencies: ["Cleanse"],
///                   plugins: [.plugin(name: "CleansecPlugin", package: "Cleanse")])
/// ```
///
/// The sources of the target's own dependencies are read for declarations. The command's
/// inputs are those files, so a build where none changed does not run it again.
@main
struct CleansecPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "cleansec")
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let dependencies = target.recursiveTargetDependencies
            .compactMap { $0 as? SourceModuleTarget }
            .filter { !["Cleanse", "CleanseGraph"].contains($0.name) }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        // A Swift file, so that the build depends on the command; it holds only a comment.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Cleansec.swift")
        var arguments = ["--module-name", target.moduleName, "--output", stamp.path]
        for file in dependencies { arguments += ["--context", file.path] }
        arguments += sources.map(\.path)
        return [.buildCommand(
            displayName: "Validating the Cleanse graphs of \(target.name)",
            executable: tool.url,
            arguments: arguments,
            inputFiles: sources + dependencies,
            outputFiles: [stamp]
        )]
    }
}
