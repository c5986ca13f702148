import Foundation
import TestToolchain
import Testing

/// Bad input given to the `cleansec` executable: documented exit codes, every file once,
/// and nothing skipped in silence.
@Suite struct CommandLineTests {
    /// The `cleansec` built beside the test bundle.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cleansec").path

    /// Runs cleansec with `arguments` in `folder`; its exit status and what it printed. A crash
    /// or a hang (past 120 s) throws instead of hanging the suite.
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String, errors: String) {
        let run = try Toolchain.run(executable, arguments, in: folder, timeout: 120)
        return (run.status, run.output, run.errors)
    }

    /// Runs cleansec with standard output and standard error sent to one pipe, as
    /// `> out 2>&1` does; what it wrote there.
    static func runIntoOnePipe(_ arguments: [String], in folder: String) throws -> String {
        try Toolchain.run(executable, arguments, in: folder, mergingStreams: true, timeout: 120).output
    }

    /// Diagnostics well over one 4,096-byte buffer, then the coverage summary on standard
    /// error: a tool reading both from one file sees whole lines, the summary last.
    @Test func theSummaryNeverLandsInsideADiagnosticLine() throws {
        let screens = (0..<40).map { "final class Screen\($0) { init(service: Service\($0)) {} }\nfinal class Service\($0) {}" }
        let binds = (0..<40).map { "binder.bind(Screen\($0).self).to(factory: Screen\($0).init)" }
        let folder = try Self.app(target: "Shop", file: "Shop.swift", """
            import Cleanse
            \(screens.joined(separator: "\n"))
            final class Home { init() {} }
            struct Shop: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {
                    \(binds.joined(separator: "\n        "))
                }
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    bind.to(factory: Home.init)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try Self.runIntoOnePipe(["Sources/Shop", "--coverage"], in: folder)
        #expect(output.utf8.count > 8_192)
        let lines = output.split(separator: "\n")
        let summary = try #require(lines.firstIndex { $0.contains("cleansec: 1 root component") })
        #expect(lines[summary].hasPrefix("cleansec: 1 root component"), "the summary is a line of its own")
        #expect(!lines[..<summary].contains { $0.contains("binding") && $0.hasPrefix("cleansec:") })
        #expect(lines[..<summary].filter { $0.contains("error: [Cleanse/MissingBinding]") }.count == 40)
    }

    /// The README's layout: the root component in a library target, `ComponentFactory.of` in
    /// the executable, the plugin on the executable. The executable's run validates the
    /// library's root where it builds it, as the runtime does there.
    @Test func aRootDeclaredInALibraryIsValidatedWhereTheExecutableBuildsIt() throws {
        let folder = try Self.app(target: "App", file: "main.swift", """
            import Cleanse
            import ShopKit
            let factory = try ComponentFactory.of(Shop.self)
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Sources/ShopKit", withIntermediateDirectories: true)
        try """
            import Cleanse
            public final class Grinder {}
            public final class Brewer { init(grinder: Grinder) {} }
            public struct Shop: RootComponent {
                public typealias Root = Brewer
                public static func configure(binder: Binder<Unscoped>) {}
                public static func configureRoot(binder bind: ReceiptBinder<Brewer>) -> BindingReceipt<Brewer> {
                    bind.to(factory: Brewer.init)
                }
            }
            """.write(toFile: folder + "/Sources/ShopKit/Shop.swift", atomically: true, encoding: .utf8)
        let result = try Self.run(["--module-name", "App", "--sources-only", "--context-target", "ShopKit=Sources/ShopKit/Shop.swift", "Sources/App"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/ShopKit/Shop.swift:8:"), "\(result.output)")
        #expect(result.output.contains("[Cleanse/MissingBinding] missing binding for 'Grinder'"), "\(result.output)")
        #expect(!result.errors.contains("validated no object graph"))
    }

    /// Files that use Cleanse and give cleansec nothing to validate are told so, at their
    /// import, with where the plugin belongs; the run still succeeds.
    @Test func filesWithNoGraphToValidateAreWarnedAbout() throws {
        let folder = try Self.app(target: "Features", file: "Modules.swift", """
            import Cleanse
            final class Clock { init() {} }
            struct ClockModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(["--module-name", "Features", "--sources-only", "Sources/Features"], in: folder)
        #expect(result.status == 0)
        #expect(result.errors.contains("Sources/Features/Modules.swift:1:1: warning: cleansec validated no object graph in 'Features'"), "\(result.errors)")
    }

    /// A throwaway folder holding an app whose one file has a missing binding.
    static func brokenApp() throws -> String {
        try app(target: "Shop", file: "Shop.swift", """
            import Cleanse
            final class Grinder {}
            final class Brewer { init(grinder: Grinder) {} }
            struct Shop: RootComponent {
                typealias Root = Brewer
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Brewer>) -> BindingReceipt<Brewer> {
                    bind.to(factory: Brewer.init)
                }
            }
            """)
    }

    /// A throwaway folder holding `Sources/<target>/<file>` with `text`.
    static func app(target: String, file: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Sources/\(target)", withIntermediateDirectories: true)
        try text.write(toFile: folder + "/Sources/\(target)/\(file)", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aUsageErrorExitsWithTwoAsDocumented() throws {
        let folder = try Self.brokenApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unknownOption = try Self.run(["--no-such-option", "Sources/Shop"], in: folder)
        #expect(unknownOption.status == 2)
        #expect(unknownOption.errors.contains("Usage:"))
        let badFormat = try Self.run(["--format", "yaml", "Sources/Shop"], in: folder)
        #expect(badFormat.status == 2)
        #expect(try Self.run(["--help"], in: folder).status == 0)
    }

    @Test func aWarningIsPrintedAsAWarningAndDoesNotFail() throws {
        let fixture = FixtureParityTests.fixtureFolder + "/ForgottenInjectors.swift"
        let text = try Self.run([fixture], in: FixtureParityTests.fixtureFolder)
        #expect(text.status == 0)
        #expect(text.output.contains("ForgottenInjectors.swift:46:"))
        #expect(text.output.contains(": warning: [Cleanse/UnrequestedPropertyInjector] nothing in component 'AppComponent' requests"))
        #expect(!text.output.contains("warning: [Cleanse/UnrequestedPropertyInjector] warning:"))
        let json = try Self.run(["--format", "json", fixture], in: FixtureParityTests.fixtureFolder)
        #expect(json.status == 0)
        #expect(json.output.contains(#""severity":"warning""#))
    }

    @Test func aFileGivenTwiceIsReadOnceAndItsErrorReported() throws {
        let folder = try Self.brokenApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(["Sources/Shop", "Sources/Shop/./Shop.swift", "./Sources/Shop/"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.components(separatedBy: "error: [Cleanse/MissingBinding]").count == 2, "\(result.output)")
        #expect(result.output.hasPrefix("Sources/Shop/Shop.swift:8:"), "\(result.output)")
    }

    @Test func aFolderNamedLikeASwiftFileIsAFolder() throws {
        let folder = try Self.brokenApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Sources/Shop/Legacy.swift", withIntermediateDirectories: true)
        let result = try Self.run(["Sources/Shop"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("error: [Cleanse/MissingBinding]"))
    }

    /// Links that lead back up the tree (`self -> .`, `sub/up -> ..`) are followed once:
    /// each folder is read once by its real path, each file reported once.
    @Test func linksThatLoopAreReadOnce() throws {
        let folder = try Self.brokenApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Sources/Shop/Views", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Sources/Shop/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Sources/Shop/Views/up", withDestinationPath: "..")
        let started = Date()
        let result = try Self.run(["Sources/Shop"], in: folder)
        #expect(Date().timeIntervalSince(started) < 60, "cleansec took \(Date().timeIntervalSince(started)) s")
        #expect(result.status == 1)
        #expect(result.output.components(separatedBy: "error: [Cleanse/MissingBinding]").count == 2, "\(result.output)")
        #expect(result.output.hasPrefix("Sources/Shop/Shop.swift:8:"), "\(result.output)")
    }

    @Test func aSwiftFileThatLinksToNothingExitsWithTwoNamingIt() throws {
        let folder = try Self.brokenApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/Sources/Shop/Moved.swift", withDestinationPath: folder + "/Sources/Old/Moved.swift")
        let result = try Self.run(["Sources/Shop"], in: folder)
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot read Sources/Shop/Moved.swift"), "\(result.errors)")
    }

    @Test func anUnreadableFolderExitsWithTwoNamingIt() throws {
        let folder = try Self.brokenApp()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/Sources/Shop/Private")
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.createDirectory(atPath: folder + "/Sources/Shop/Private", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder + "/Sources/Shop/Private")
        // Root reads every folder whatever its permissions; the check means something only
        // for other users.
        guard getuid() != 0 else { return }
        let result = try Self.run(["Sources/Shop"], in: folder)
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot read the folder Sources/Shop/Private"))
    }

    /// A file with `prefix` (deeply nested code) before a root component with a missing
    /// binding, in a throwaway app folder.
    static func appAfterNesting(_ prefix: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleansec-deep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Sources/App", withIntermediateDirectories: true)
        try """
            import Cleanse
            \(prefix)
            final class Late { init(session: Session) {} }
            final class Session {}
            struct LateApp: RootComponent {
                typealias Root = Late
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Late>) -> BindingReceipt<Late> { bind.to(factory: Late.init) }
            }
            """.write(toFile: folder + "/Sources/App/App.swift", atomically: true, encoding: .utf8)
        return folder
    }

    @Test(arguments: [
        ("a 1,000-level nested generic", "final class Deep { init(x: " + String(repeating: "Array<", count: 1_000) + "Int" + String(repeating: ">", count: 1_000) + ") {} }"),
        ("300 nested parentheses", "let x = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)),
        ("100 nested ifs", "func f() {\n" + String(repeating: "if true {\n", count: 100) + "print(1)\n" + String(repeating: "}\n", count: 100) + "}"),
    ])
    func deepNestingIsReadToTheEnd(_ case: (name: String, prefix: String)) throws {
        let folder = try Self.appAfterNesting(`case`.prefix)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(["Sources/App"], in: folder)
        #expect(result.status == 1, "\(`case`.name): \(result.errors.prefix(300))")
        #expect(result.output.contains("error: [Cleanse/MissingBinding] missing binding for 'Session' in component 'LateApp'"), "\(`case`.name)")
    }

    @Test func nestingPastTheParsersLimitIsANoteWithItsPosition() throws {
        let folder = try Self.appAfterNesting("let x = " + String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(["Sources/App"], in: folder)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Sources/App/App.swift:2:"), "\(result.output.prefix(300))")
        #expect(result.output.contains("note: cleansec cannot check this: the file does not parse from here"))
        let strict = try Self.run(["Sources/App", "--strict"], in: folder)
        #expect(strict.status == 1)
    }

    /// A type nested 10,000 generic levels deep in a `bind` ends the readable part of its
    /// file at its line, at once (swift-syntax would take minutes to split its `>`s).
    @Test func aTypeNestedTenThousandLevelsDeepIsANoteAtItsLine() throws {
        let deep = String(repeating: "Box<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000)
        let folder = try Self.app(target: "Shop", file: "Shop.swift", """
            import Cleanse
            struct Box<T> { init() {} }
            struct DeepModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(\(deep).self).to(value: Box())
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = Date()
        let result = try Self.run(["Sources/Shop"], in: folder)
        #expect(Date().timeIntervalSince(started) < 30, "cleansec took \(Date().timeIntervalSince(started)) s")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Sources/Shop/Shop.swift:5:1: note: cleansec cannot check this: the file does not parse from here"), "\(result.output.prefix(300))")
    }

    /// `-D NAME` / `--define`, `--undefine` and `--defines-complete` decide an `#if` as the
    /// compiler's `-D` does; without them the clauses are alternatives.
    @Test func definesDecideAnIf() throws {
        let folder = try Self.app(target: "Shop", file: "Shop.swift", """
            import Cleanse
            final class Grinder {}
            final class Brewer { init(grinder: Grinder) {} }
            struct Shop: RootComponent {
                typealias Root = Brewer
                static func configure(binder: Binder<Unscoped>) {
                    #if PROFILE
                    binder.bind(Grinder.self).to(factory: Grinder.init)
                    #endif
                }
                static func configureRoot(binder bind: ReceiptBinder<Brewer>) -> BindingReceipt<Brewer> {
                    bind.to(factory: Brewer.init)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["-D", "PROFILE", "Sources/Shop"], in: folder).status == 0)
        #expect(try Self.run(["--define", "PROFILE", "Sources/Shop"], in: folder).status == 0)
        #expect(try Self.run(["Sources/Shop"], in: folder).status == 0)
        let undefined = try Self.run(["--undefine", "PROFILE", "Sources/Shop"], in: folder)
        #expect(undefined.status == 1)
        #expect(undefined.output.contains("[Cleanse/MissingBinding]"))
        #expect(try Self.run(["--defines-complete", "Sources/Shop"], in: folder).status == 1)
    }

    /// `--coverage` lists what it could not read by sort, with counts and positions.
    @Test func coverageListsTheUnreadConstructsByKind() throws {
        let folder = try Self.app(target: "Garage", file: "Car.swift", """
            import Cleanse
            final class Engine { init(fuel: Fuel) {} }
            final class Fuel {}
            struct Car: RootComponent {
                typealias Root = Engine
                static func configure(binder: Binder<Unscoped>) {
                    VendorWiring.bindFuel(binder)
                    [Fuel.self].forEach { binder.bind($0).to(factory: Fuel.init) }
                    VendorWiring.bindOil(binder)
                }
                static func configureRoot(binder bind: ReceiptBinder<Engine>) -> BindingReceipt<Engine> {
                    bind.to(factory: Engine.init)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(["--coverage", "Sources/Garage"], in: folder)
        #expect(run.status == 0)
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(lines.first == "cleansec: 1 root component, 1 binding understood, 3 opaque")
        #expect(lines.dropFirst().first == "  2 declared outside the analysed files: Sources/Garage/Car.swift:7:9, Sources/Garage/Car.swift:9:9")
        #expect(lines.dropFirst(2).first == "  1 statements it does not follow (closures given the binder, other expressions): Sources/Garage/Car.swift:8:9")
    }
}
