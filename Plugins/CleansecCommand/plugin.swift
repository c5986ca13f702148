import Foundation
import PackagePlugin

/// `swift package cleansec [--target NAME…] [cleansec options]`: validates the Cleanse
/// graphs of every target of the package that depends on Cleanse (or of the named ones),
/// printing cleansec's diagnostics, and fails when it finds errors.
@main
struct CleansecCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        let tool = try context.tool(named: "cleansec")
        let targets = context.package.targets
            .compactMap { $0 as? SourceModuleTarget }
            .filter { named.isEmpty ? dependsOnCleanse($0) : named.contains($0.name) }
        var failed: [String] = []
        for target in targets {
            let dependencies = dependencyArguments(of: target, modelCache: context.pluginWorkDirectoryURL.appending(path: "models").path)
            let toolArguments = ["--module-name", target.moduleName, "--coverage"] + passed
                + dependencies.arguments
                + target.sourceFiles(withSuffix: "swift").map(\.url.path)
            let process = Process()
            process.executableURL = tool.url
            process.arguments = toolArguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(target.name) }
        }
        if !failed.isEmpty {
            Diagnostics.error("cleansec found errors in \(failed.joined(separator: ", "))")
            throw CleansecFailed()
        }
    }

    private func dependsOnCleanse(_ target: SourceModuleTarget) -> Bool {
        usesCleanse(target)
            || target.dependencies.contains { dependency in
                if case .product(let product) = dependency { return product.name == "Cleanse" }
                return false
            }
    }

    private struct CleansecFailed: Error, CustomStringConvertible {
        var description: String { "cleansec found errors" }
    }
}
