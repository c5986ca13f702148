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
/// The target's dependencies that use Cleanse are read as partial models, kept in the
/// plugin's work folder and made again only when their sources change. The command's inputs
/// are the target's and those dependencies' sources, so a build where none changed does not
/// run it again.
@main
struct CleansecPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "cleansec")
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        // A Swift file, so that the build depends on the command; it holds only a comment.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Cleansec.swift")
        var arguments = [
            "--module-name", target.moduleName,
            "--output", stamp.path,
            "--model-cache", context.pluginWorkDirectoryURL.appending(path: "models").path,
        ] + debugCondition(tool: tool.url)
            + releaseBuildPreference(tool: tool.url, workFolder: context.pluginWorkDirectoryURL, package: context.package)
        var inputs = sources
        // Dependencies first (SwiftPM's order). Those that use Cleanse, and the package's own
        // targets (a design system, a models target), are read as partial models; other
        // packages' targets are only named (parsing NIO and Hummingbird would take a minute).
        // (The command plugin does the same; plugins cannot share code, and a file linked
        // into both makes SwiftPM rebuild them on every build.)
        let local = Set(context.package.targets.map(\.id))
        for dependency in target.recursiveTargetDependencies.compactMap({ $0 as? SourceModuleTarget })
        where !["Cleanse", "CleanseGraph"].contains(dependency.name) {
            guard dependency.recursiveTargetDependencies.contains(where: { $0.name == "Cleanse" }) || local.contains(dependency.id) else {
                arguments += ["--known-module", dependency.moduleName]
                continue
            }
            let files = dependency.sourceFiles(withSuffix: "swift").map(\.url)
            arguments += files.flatMap { ["--context-target", "\(dependency.moduleName)=\($0.path)"] }
            inputs += files
        }
        // Binary targets (an XCFramework, an artifact bundle): given to cleansec as folders of
        // compiled modules, described by the toolchain.
        for binary in target.recursiveTargetDependencies.compactMap({ $0 as? BinaryArtifactTarget }) {
            arguments += ["-I", binary.artifactURL.path]
        }
        return [.buildCommand(
            displayName: "Validating the Cleanse graphs of \(target.name)",
            executable: tool.url,
            arguments: arguments + sources.map(\.path),
            inputFiles: inputs,
            outputFiles: [stamp]
        )]
    }
}

/// `DEBUG`, which SwiftPM sets in debug builds, as a cleansec option. A build tool plugin is
/// not told the configuration; the tools of a build are built in it, so the folder cleansec
/// was built in (`…/debug/cleansec`, `…/release/cleansec`) tells it. Other custom conditions
/// stay unknown: cleansec reads an `#if` on them as alternatives.
func debugCondition(tool: URL) -> [String] {
    switch tool.deletingLastPathComponent().lastPathComponent {
    case "debug": return ["--define", "DEBUG"]
    case "release": return ["--undefine", "DEBUG"]
    default: return []
    }
}

/// `--prefer-release-build LIST` when cleansec is a debug build: LIST, written in the
/// plugin's work folder, names every source file of the `cleansec` product (its targets and
/// all they depend on, across packages), so that the debug build runs a release build of
/// itself beside it in its place when that is newer than each (`swift build -c release
/// --target Cleanse` makes one; swift-syntax's parser unoptimised is about twenty times
/// slower). The list is written when SwiftPM asks the plugin; the dates are compared when
/// the command runs, since SwiftPM keeps a plugin's commands between builds. (The command
/// plugin does the same; plugins cannot share code.)
func releaseBuildPreference(tool: URL, workFolder: URL, package: Package) -> [String] {
    guard tool.deletingLastPathComponent().lastPathComponent == "debug",
          let files = sourceFiles(ofProduct: "cleansec", in: package), !files.isEmpty
    else { return [] }
    let list = workFolder.appending(path: "cleansec-sources.txt")
    let text = files.map(\.path).sorted().joined(separator: "\n") + "\n"
    if (try? String(contentsOf: list, encoding: .utf8)) != text {
        do { try text.write(to: list, atomically: true, encoding: .utf8) } catch { return [] }
    }
    return ["--prefer-release-build", list.path]
}

/// The files the product `name` is built from, found in `package` or one of its dependencies.
func sourceFiles(ofProduct name: String, in package: Package) -> [URL]? {
    var queue = [package]
    var seen: Set<Package.ID> = [package.id]
    while let next = queue.popLast() {
        if let product = next.products.first(where: { $0.name == name }) {
            var modules: [Target.ID: SourceModuleTarget] = [:]
            for target in product.targets + product.targets.flatMap(\.recursiveTargetDependencies) {
                if let module = target as? SourceModuleTarget { modules[module.id] = module }
            }
            // Sources and headers (a catalog or resource folder's date says nothing of its
            // files), and the manifests of the packages they come from (flags, defines).
            var files = modules.values.flatMap { $0.sourceFiles.filter { $0.type == .source || $0.type == .header }.map(\.url) }
            var packages = [next]
            var manifests: Set<Package.ID> = [next.id]
            while let package = packages.popLast() {
                let manifest = package.directoryURL.appending(path: "Package.swift")
                if FileManager.default.fileExists(atPath: manifest.path) { files.append(manifest) }
                for dependency in package.dependencies where manifests.insert(dependency.package.id).inserted {
                    packages.append(dependency.package)
                }
            }
            return files
        }
        for dependency in next.dependencies where seen.insert(dependency.package.id).inserted {
            queue.append(dependency.package)
        }
    }
    return nil
}
