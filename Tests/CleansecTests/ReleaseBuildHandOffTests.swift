import Foundation
import TestToolchain
import Testing

/// A debug build of cleansec given `--prefer-release-build LIST` (what the plugins pass in a
/// debug build) runs the release build beside it in its place when that build is newer than
/// every source file LIST names, and runs itself otherwise: the plugins' fast path for large
/// targets, which must never run a tool built from other sources.
@Suite(.enabled(if: _isDebugAssertConfiguration(), "the cleansec under test is a release build"))
struct ReleaseBuildHandOffTests {
    /// A build folder of its own: `debug/cleansec`, a link to the cleansec under test;
    /// `release/cleansec`, a script that says it ran and with what; two source files and
    /// their list; and an app with one valid root.
    struct BuildFolder {
        let root: String
        var debug: String { root + "/debug/cleansec" }
        var release: String { root + "/release/cleansec" }
        var list: String { root + "/sources.txt" }
        var sources: [String] { [root + "/Sources/Tool/A.swift", root + "/Sources/Tool/B.swift"] }
        var app: String { root + "/App" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-handoff-\(UUID().uuidString)").path
            for folder in ["/debug", "/release", "/Sources/Tool", "/App"] {
                try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: debug, withDestinationPath: CommandLineTests.executable)
            try "#!/bin/sh\necho \"release build ran with: $*\"\n".write(toFile: release, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: release)
            for source in sources { try "// cleansec's source\n".write(toFile: source, atomically: true, encoding: .utf8) }
            try (sources.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
            try """
                import Cleanse
                final class Home { init() {} }
                struct Shop: RootComponent {
                    typealias Root = Home
                    static func configure(binder: Binder<Unscoped>) {}
                    static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                        bind.to(factory: Home.init)
                    }
                }
                """.write(toFile: app + "/Shop.swift", atomically: true, encoding: .utf8)
            // The sources an hour old, the release build made since.
            for source in sources { try Self.date(source, Date().addingTimeInterval(-3600)) }
            try Self.date(release, Date())
        }

        static func date(_ path: String, _ date: Date) throws {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }

        /// Runs `debug/cleansec` with the list (unless `preferring` is false; as one
        /// `--option=value` argument when `joined`) on the app.
        func run(preferring: Bool = true, joined: Bool = false) throws -> String {
            let option = joined ? ["--prefer-release-build=\(list)"] : ["--prefer-release-build", list]
            let arguments = (preferring ? option : []) + ["--coverage", app]
            let run = try Toolchain.run(debug, arguments, in: root, mergingStreams: true, timeout: 120)
            return run.output
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aReleaseBuildNewerThanEverySourceRunsInPlaceOfTheDebugBuild() throws {
        let folder = try BuildFolder()
        defer { folder.remove() }
        let output = try folder.run()
        #expect(output.contains("release build ran with: --prefer-release-build \(folder.list) --coverage \(folder.app)"), "\(output)")
        #expect(!output.contains("cleansec: 1 root component"))
    }

    @Test func theOptionWrittenWithAnEqualsSignHandsOffToo() throws {
        let folder = try BuildFolder()
        defer { folder.remove() }
        #expect(try folder.run(joined: true).contains("release build ran with: --prefer-release-build=\(folder.list)"))
    }

    /// A release build that runs the debug one again (as the checks' stand-in does) ends
    /// there: the build it was handed to runs, never hands on a second time.
    @Test func aBuildRunInPlaceOfAnotherNeverHandsOnAgain() throws {
        let folder = try BuildFolder()
        defer { folder.remove() }
        try "#!/bin/sh\necho \"release build ran\"\nexec \"\(folder.debug)\" \"$@\"\n".write(toFile: folder.release, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.release)
        try BuildFolder.date(folder.release, Date())
        let output = try folder.run()
        #expect(output.components(separatedBy: "release build ran").count == 2, "\(output)")
        #expect(output.contains("cleansec: 1 root component, 1 binding understood, 0 opaque"), "\(output)")
    }

    @Test func aReleaseBuildOlderThanOneSourceIsLeftAlone() throws {
        let folder = try BuildFolder()
        defer { folder.remove() }
        try BuildFolder.date(folder.sources[1], Date().addingTimeInterval(60))
        let output = try folder.run()
        #expect(!output.contains("release build ran"), "\(output)")
        #expect(output.contains("cleansec: 1 root component, 1 binding understood, 0 opaque"), "\(output)")
    }

    @Test func aListedSourceThatIsGoneKeepsTheDebugBuild() throws {
        let folder = try BuildFolder()
        defer { folder.remove() }
        try FileManager.default.removeItem(atPath: folder.sources[0])
        let output = try folder.run()
        #expect(!output.contains("release build ran"), "\(output)")
        #expect(output.contains("cleansec: 1 root component"), "\(output)")
    }

    @Test func withoutTheOptionTheDebugBuildRunsItself() throws {
        let folder = try BuildFolder()
        defer { folder.remove() }
        let output = try folder.run(preferring: false)
        #expect(!output.contains("release build ran"), "\(output)")
        #expect(output.contains("cleansec: 1 root component"), "\(output)")
    }
}
