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
        for (number, target) in targets.enumerated() {
            let started = Date()
            print("cleansec: [\(number + 1)/\(targets.count)] \(target.name)")
            var toolArguments = ["--module-name", target.moduleName, "--coverage", "--model-cache", context.pluginWorkDirectoryURL.appending(path: "models").path]
                + debugCondition(tool: tool.url) + passed
                + releaseBuildPreference(tool: tool.url, workFolder: context.pluginWorkDirectoryURL, package: context.package)
            // As the build plugin does: dependencies that use Cleanse, and the package's own
            // targets, as partial models. Other packages' targets (a vendor's SDK) are
            // described by the symbol graphs SwiftPM builds for them, which a build plugin
            // cannot ask for, but only those the sources read import: a dependency nobody
            // imports (swift-syntax under a macro) names no type a graph can use. A target
            // SwiftPM gives no graph of stays only named.
            let local = Set(context.package.targets.map(\.id))
            let dependencies = target.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
                .filter { !["Cleanse", "CleanseGraph"].contains($0.name) }
            let readAsSources = dependencies.filter { usesCleanse($0) || local.contains($0.id) }
            let imported = importedModules(of: ([target] + readAsSources).flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) })
            for dependency in dependencies {
                if usesCleanse(dependency) || local.contains(dependency.id) {
                    toolArguments += dependency.sourceFiles(withSuffix: "swift").flatMap { ["--context-target", "\(dependency.moduleName)=\($0.url.path)"] }
                } else if !imported.contains(dependency.moduleName) || dependency.kind == .macro {
                    continue
                } else if let graphs = symbolGraphFolder(of: dependency) {
                    toolArguments += ["--symbol-graphs", graphs.path]
                } else {
                    toolArguments += ["--known-module", dependency.moduleName]
                }
            }
            // Binary targets: folders of compiled modules, described by the toolchain.
            for binary in target.recursiveTargetDependencies.compactMap({ $0 as? BinaryArtifactTarget }) {
                toolArguments += ["-I", binary.artifactURL.path]
            }
            toolArguments += target.sourceFiles(withSuffix: "swift").map(\.url.path)
            let process = Process()
            process.executableURL = tool.url
            process.arguments = toolArguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(target.name) }
            print("cleansec: \(target.name) checked in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }
        if !failed.isEmpty {
            Diagnostics.error("cleansec found errors in \(failed.joined(separator: ", "))")
            throw CleansecFailed()
        }
    }

    /// The folder of the symbol graphs SwiftPM extracts for `target` (building it first), with
    /// its public declarations, or `nil` when it cannot (a C target, a failed build).
    private func symbolGraphFolder(of target: SourceModuleTarget) -> URL? {
        guard target is SwiftSourceModuleTarget else { return nil }
        let options = PackageManager.SymbolGraphOptions(minimumAccessLevel: .public, includeSynthesized: false, includeSPI: false, emitExtensionBlocks: false)
        return try? packageManager.getSymbolGraph(for: target, options: options).directoryURL
    }

    /// The modules `files` import (`import X`, `@testable import X.Y`, `public import struct X.Z`).
    private func importedModules(of files: [URL]) -> Set<String> {
        var modules = Set<String>()
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
                while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
                guard words.first == "import" else { continue }
                words = words.dropFirst()
                if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
                if let path = words.first, let name = path.split(separator: ".").first { modules.insert(String(name)) }
            }
        }
        return modules
    }

    private func usesCleanse(_ target: SourceModuleTarget) -> Bool {
        target.recursiveTargetDependencies.contains { $0.name == "Cleanse" }
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

/// `DEBUG`, which SwiftPM sets in debug builds, as a cleansec option, told by the folder
/// cleansec was built in (the build plugin does the same; plugins cannot share code).
/// `--define`/`--undefine` among the command's own arguments say more.
func debugCondition(tool: URL) -> [String] {
    switch tool.deletingLastPathComponent().lastPathComponent {
    case "debug": return ["--define", "DEBUG"]
    case "release": return ["--undefine", "DEBUG"]
    default: return []
    }
}

/// `--prefer-release-build LIST` when cleansec is a debug build (the build plugin has the same
/// and says why; plugins cannot share code).
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
