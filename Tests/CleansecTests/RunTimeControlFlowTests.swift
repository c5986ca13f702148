import CleansecCore
import struct CleanseGraph.DiagnosticID
import Testing

/// Bindings written under control flow that only runs at run time (`guard`, loops,
/// `do`/`catch`) are read as alternatives, as `if` and an unknown `#if` are: a key any
/// path binds counts as bound, a key several paths bind is not a duplicate, and a key also
/// bound outside the statement still is.
@Suite struct RunTimeControlFlowTests {
    static func app(_ configure: String, root: String = "Home", rootDependencies: String = "endpoint: String") -> String {
        """
        import Cleanse
        enum Flags { static let offline = false; static let regions = ["eu", "us"] }
        struct ConfigMissing: Error {}
        func readConfig() throws -> String { throw ConfigMissing() }
        final class \(root) { init(\(rootDependencies)) {} }
        struct App: RootComponent {
            typealias Root = \(root)
            static func configure(binder: Binder<Singleton>) {
        \(configure)
            }
            static func configureRoot(binder bind: ReceiptBinder<\(root)>) -> BindingReceipt<\(root)> {
                bind.to(factory: \(root).init)
            }
        }
        """
    }

    @Test func aGuardsElseBodyIsAnAlternativeToWhatFollowsIt() {
        let report = analyzeApp(Self.app("""
                guard !Flags.offline else {
                    binder.bind(String.self).to(value: "file:///cache")
                    return
                }
                binder.bind(String.self).to(value: "https://api.example")
        """))
        #expect(report.diagnostics.map(\.id.rawValue) == [])
        #expect(report.opaque.isEmpty)
        #expect(report.bindingsRead == 3)
    }

    @Test func whatFollowsAGuardStillDuplicatesABindingBeforeIt() {
        let report = analyzeApp(Self.app("""
                binder.bind(String.self).to(value: "https://default.example")
                guard !Flags.offline else { return }
                binder.bind(String.self).to(value: "https://api.example")
        """))
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/DuplicateBinding"])
    }

    @Test func aLoopsContributionsAreReadAndItsBodyMayNotRun() {
        let report = analyzeApp(Self.app("""
                for region in Flags.regions {
                    binder.bind(String.self).intoCollection().to(value: region)
                }
                while Flags.offline {
                    binder.bind(String.self).to(value: "file:///cache")
                }
        """, rootDependencies: "regions: [String], endpoint: Provider<String>"))
        #expect(report.diagnostics.map(\.id.rawValue) == [])
        #expect(report.opaque.isEmpty)
        #expect(report.bindingsRead == 3)
    }

    @Test func aDoBodyAndItsCatchBodiesAreAlternatives() {
        let report = analyzeApp(Self.app("""
                do {
                    binder.bind(String.self).to(value: try readConfig())
                } catch {
                    binder.bind(String.self).to(value: "https://fallback.example")
                }
        """))
        #expect(report.diagnostics.map(\.id.rawValue) == [])
        #expect(report.opaque.isEmpty)
    }

    @Test func aMissingDependencyInsideALoopIsReported() {
        let report = analyzeApp(Self.app("""
                for _ in Flags.regions {
                    binder.bind(Int.self).intoCollection().to { (seed: Double) in Int(seed) }
                }
        """, rootDependencies: "ports: [Int]"))
        #expect(report.diagnostics.map(\.id.rawValue) == ["Cleanse/MissingBinding"])
        #expect(report.diagnostics.first?.headline == "missing binding for 'Double' in component 'App'")
    }

    /// `if isUITesting { bind the fake; return }` then the real binding: the rest of the
    /// body follows only the branches that do not return, so the two are alternatives, not
    /// a duplicate, while a binding before the `if` still duplicates both.
    @Test func aBranchThatReturnsIsAnAlternativeToWhatFollowsIt() {
        let early = analyzeApp(Self.app("""
                if Flags.offline {
                    binder.bind(String.self).to(value: "file:///cache")
                    return
                }
                binder.bind(String.self).to(value: "https://api.example")
        """))
        #expect(early.diagnostics.map(\.id.rawValue) == [])
        #expect(early.opaque.isEmpty)

        let before = analyzeApp(Self.app("""
                binder.bind(String.self).to(value: "https://default.example")
                if Flags.offline {
                    binder.bind(String.self).to(value: "file:///cache")
                    return
                }
                binder.bind(String.self).to(value: "https://api.example")
        """))
        #expect(before.diagnostics.map(\.id.rawValue) == ["Cleanse/DuplicateBinding"])
    }

    /// A `configureRoot` that returns early with one factory and otherwise with another
    /// binds the root once on each path.
    @Test func aRootBoundOnTwoPathsIsBoundOnce() {
        let report = analyzeApp("""
            import Cleanse
            enum Flags { static let demo = false }
            class Home { init() {} }
            final class DemoHome: Home { override init() {} }
            struct App: RootComponent {
                typealias Root = Home
                static func configure(binder: Binder<Unscoped>) {}
                static func configureRoot(binder bind: ReceiptBinder<Home>) -> BindingReceipt<Home> {
                    if Flags.demo {
                        return bind.to { DemoHome() as Home }
                    }
                    return bind.to(factory: Home.init)
                }
            }
            """)
        #expect(report.diagnostics.map(\.id.rawValue) == [])
        #expect(report.opaque.isEmpty)
    }
}

