import Foundation
import PackagePlugin

// Shared by both cleansec plugins (each folder links this file: plugins cannot depend on a
// library target).

/// cleansec's arguments for the targets `target` depends on: each one that uses Cleanse is
/// read as a partial model (`--context-target NAME=FILE`, dependencies first, kept in
/// `--model-cache`); the other modules are only named (`--known-module`), so that types
/// qualified by them are named as the runtime names them.
///
/// Also returns the dependencies' source files, which a build command takes as inputs.
func dependencyArguments(of target: SourceModuleTarget, modelCache: String) -> (arguments: [String], files: [URL]) {
    var arguments = ["--model-cache", modelCache]
    var files: [URL] = []
    for dependency in dependenciesInBuildOrder(of: target) where !["Cleanse", "CleanseGraph"].contains(dependency.name) {
        if usesCleanse(dependency) {
            let sources = dependency.sourceFiles(withSuffix: "swift").map(\.url)
            arguments += sources.flatMap { ["--context-target", "\(dependency.moduleName)=\($0.path)"] }
            files += sources
        } else {
            arguments += ["--known-module", dependency.moduleName]
        }
    }
    return (arguments, files)
}

/// The source targets `target` depends on, each after its own dependencies, so that each
/// partial model is made with those of the targets under it.
func dependenciesInBuildOrder(of target: any Target) -> [SourceModuleTarget] {
    var ordered: [SourceModuleTarget] = []
    var visited: Set<String> = []
    func visit(_ target: any Target) {
        for dependency in target.dependencies {
            let targets: [any Target]
            switch dependency {
            case .target(let target): targets = [target]
            case .product(let product): targets = product.targets
            @unknown default: targets = []
            }
            for next in targets where visited.insert(next.id).inserted {
                visit(next)
                if let source = next as? SourceModuleTarget { ordered.append(source) }
            }
        }
    }
    visit(target)
    return ordered
}

/// Whether `target` depends on Cleanse, directly or not: only such a target can declare
/// modules and components.
func usesCleanse(_ target: SourceModuleTarget) -> Bool {
    target.recursiveTargetDependencies.contains { $0.name == "Cleanse" }
}
