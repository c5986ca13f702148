import Foundation
import TestToolchain
import Testing

/// One change a Cleanse 4 program meets in the Swift 6 language mode, as the migration guide
/// shows it: the program, what the compiler says of it, and the lines that fix it.
struct MigrationChange: CustomTestStringConvertible, Sendable {
    let name: String
    /// Cleanse 4 code: compiles in the Swift 5 mode with no warning.
    let program: String
    /// What the Swift 6 mode says of it.
    let diagnostic: String
    /// The part of it the guide quotes.
    let quote: String
    /// Each line of `program` to replace, with the guide's fix for it.
    let fixes: [(line: String, fix: String)]

    var testDescription: String { name }

    /// The program with the guide's fixes applied.
    var fixed: String {
        fixes.reduce(program) { $0.replacingOccurrences(of: $1.line, with: $1.fix) }
    }
}

/// The migration guide's Swift 6 section, held to the compiler: each change compiles in the
/// Swift 5 mode as Cleanse 4 wrote it, is refused (or warned of) in the Swift 6 mode with the
/// message the guide quotes, and compiles cleanly with the guide's lines.
@Suite("The migration guide's Swift 6 fixes, from the compiler", .enabled(if: compilerProbesRun, "\(FullSuite.skipReason), with the built modules beside the test binary"))
struct MigrationGuideProbeTests {
    static let guide = CompilerProbe.packageFolder.appendingPathComponent("Sources/Cleanse/Documentation.docc/MigratingFromCleanse4.md")

    static let changes: [MigrationChange] = [
        MigrationChange(
            name: "a generic helper that forwards a closure",
            program: """
                import Cleanse
                final class Logger { init() {} }
                func bindLogger<B: BinderBase>(_ binder: B, make: @escaping () -> Logger) {
                    binder.bind(Logger.self).to(factory: make)
                }
                """,
            diagnostic: "error: passing non-Sendable parameter 'make' to function expecting a '@Sendable' closure",
            quote: "passing non-Sendable parameter 'make' to function expecting a '@Sendable' closure",
            fixes: [(
                "func bindLogger<B: BinderBase>(_ binder: B, make: @escaping () -> Logger) {",
                "func bindLogger<B: BinderBase>(_ binder: B, make: @escaping @Sendable () -> Logger) {"
            )]
        ),
        MigrationChange(
            name: "a helper that forwards file:line:function: and a factory",
            program: """
                import Cleanse
                extension BinderBase {
                    func bindService<T>(_ type: T.Type, file: StaticString = #file, line: Int = #line, function: StaticString = #function, factory: @escaping () -> T) {
                        bind(type).to(file: file, line: line, function: function, factory: factory)
                    }
                }
                """,
            diagnostic: "error: passing non-Sendable parameter 'factory' to function expecting a '@Sendable' closure",
            quote: "to function expecting a '@Sendable' closure",
            fixes: [(
                "func bindService<T>(_ type: T.Type, file: StaticString = #file, line: Int = #line, function: StaticString = #function, factory: @escaping () -> T) {",
                "func bindService<T>(_ type: T.Type, file: StaticString = #file, line: Int = #line, function: StaticString = #function, factory: @escaping @Sendable () -> T) {"
            )]
        ),
        MigrationChange(
            name: "a factory that counts in a captured var",
            program: """
                import Cleanse
                struct CounterModule: Module {
                    static func configure(binder: Binder<Unscoped>) {
                        var made = 0
                        binder.bind(Int.self).to { () -> Int in made += 1; return made }
                    }
                }
                """,
            diagnostic: "error: mutation of captured var 'made' in concurrently-executing code",
            quote: "mutation of captured var 'made' in concurrently-executing code",
            fixes: [
                ("import Cleanse", "import Cleanse\nimport Synchronization"),
                ("var made = 0", "let made = Mutex(0)"),
                (
                    "binder.bind(Int.self).to { () -> Int in made += 1; return made }",
                    "binder.bind(Int.self).to { () -> Int in made.withLock { $0 += 1; return $0 } }"
                ),
            ]
        ),
        MigrationChange(
            name: "a hand-made provider whose getter captures a plain class",
            program: """
                import Cleanse
                final class Cache { var capacity = 10 }
                func capacityProvider() -> Provider<Int> {
                    let cache = Cache()
                    return Provider(getter: { cache.capacity })
                }
                """,
            diagnostic: "error: capture of 'cache' with non-Sendable type 'Cache' in a '@Sendable' closure",
            quote: "capture of 'cache' with non-Sendable type 'Cache' in a '@Sendable' closure",
            fixes: [("final class Cache { var capacity = 10 }", "final class Cache: Sendable { let capacity = 10 }")]
        ),
        MigrationChange(
            name: "a generic helper over a protocol of your own",
            program: """
                import Cleanse
                protocol Endpoint { static var path: String { get } }
                func bindPath<E: Endpoint>(_ endpoint: E.Type, in binder: UnscopedBinder) {
                    binder.bind(String.self).to { () -> String in E.path }
                }
                """,
            diagnostic: "warning: capture of non-Sendable type 'E.Type' in an isolated closure [#SendableMetatypes]",
            quote: "capture of non-Sendable type 'E.Type' in an isolated closure",
            fixes: [(
                "protocol Endpoint { static var path: String { get } }",
                "protocol Endpoint: SendableMetatype { static var path: String { get } }"
            )]
        ),
    ]

    @Test("Cleanse 4 code compiles in the Swift 5 mode with no warning", arguments: changes)
    func compilesInSwift5(_ change: MigrationChange) throws {
        let output = try typecheck(change.program, swiftVersion: 5)
        #expect(!output.contains("error:") && !output.contains("warning:"), "\(output)")
    }

    @Test("the Swift 6 mode says what the guide quotes, and the guide's lines fix it", arguments: changes)
    func theGuidesFixCompilesInSwift6(_ change: MigrationChange) throws {
        let before = try typecheck(change.program)
        #expect(before.contains(change.diagnostic), "\(before)")
        #expect(change.fixed != change.program)
        let after = try typecheck(change.fixed)
        #expect(!after.contains("error:") && !after.contains("warning:"), "\(after)")
    }

    @Test("every fix line is in the guide, word for word", arguments: changes)
    func theGuideShowsTheFix(_ change: MigrationChange) throws {
        let guide = try String(contentsOf: Self.guide, encoding: .utf8)
        for (_, fix) in change.fixes where !fix.hasPrefix("import ") {
            #expect(guide.contains(fix), "the guide lacks: \(fix)")
        }
        #expect(change.diagnostic.contains(change.quote))
        let prose = guide.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(prose.contains(change.quote), "the guide does not quote: \(change.quote)")
    }
}
