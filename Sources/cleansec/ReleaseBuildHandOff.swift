import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a debug build of cleansec hands its run to a release build of itself. SwiftPM builds a
/// plugin's tools in the build's own configuration (swiftlang/swift-package-manager#7233),
/// and swift-syntax's parser unoptimised is about twenty times slower, so in a debug build
/// the plugins give cleansec `--prefer-release-build LIST`, a file naming every source file
/// cleansec is built from. When a release build sits beside this one
/// (`…/release/cleansec-tool` or `…/release/cleansec`, as `swift build -c release` makes
/// them) and is newer than each of those files (make's rule: it was built from them), this
/// build runs it in its place with the same arguments; both conclude the same, one sooner.
/// The choice is made here, when the build runs the command, because SwiftPM keeps a
/// plugin's commands from one build to the next. (A source saved while the release build was
/// compiling is older than the binary built from its previous text: build again after
/// editing cleansec itself.)
enum ReleaseBuildHandOff {
    /// The option the plugins pass.
    static let option = "--prefer-release-build"
    /// Set for the release build run in this one's place, so that it never hands on again.
    static let handedOff = "CLEANSEC_HANDED_OFF"

    /// Runs the current release build in place of this process when `arguments` ask for it;
    /// returns when they do not, when none is current, or when it cannot be started.
    static func runReleaseBuildIfCurrent(arguments: [String] = CommandLine.arguments) {
        guard _isDebugAssertConfiguration(), ProcessInfo.processInfo.environment[handedOff] == nil,
              let executable = arguments.first, let list = value(of: option, in: arguments),
              let release = currentReleaseBuild(besideExecutable: executable, sourceList: list)
        else { return }
        setenv(handedOff, "1", 1)
        var argv = ([release] + arguments.dropFirst()).map { strdup($0) } + [nil]
        execv(release, &argv)
        // Not started (a race with a build that removed it): this build goes on.
        unsetenv(handedOff)
        argv.forEach { free($0) }
    }

    /// The release build beside the debug build at `executable`, when it is newer than every
    /// file `sourceList` names (one path a line); `nil` when there is none, the list is empty
    /// or unreadable, or a file it names is missing or newer.
    static func currentReleaseBuild(besideExecutable executable: String, sourceList: String) -> String? {
        let tool = URL(fileURLWithPath: executable)
        let folder = tool.deletingLastPathComponent()
        guard folder.lastPathComponent == "debug" else { return nil }
        let release = folder.deletingLastPathComponent().appendingPathComponent("release")
        guard let text = try? String(contentsOfFile: sourceList, encoding: .utf8) else { return nil }
        let sources = text.split(whereSeparator: \.isNewline).map(String.init)
        guard !sources.isEmpty else { return nil }
        var newest = Date.distantPast
        for source in sources {
            guard let changed = modificationDate(of: source) else { return nil }
            newest = max(newest, changed)
        }
        // The first release build that is current: an old `cleansec-tool` does not hide a
        // `cleansec` built since.
        return [tool.lastPathComponent, "cleansec"].map { release.appendingPathComponent($0).path }.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate), let built = modificationDate(of: candidate) else { return false }
            return built > newest
        }
    }

    /// The value after `name` (`name VALUE` or `name=VALUE`).
    private static func value(of name: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == name, index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
        }
        return nil
    }

    private static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
