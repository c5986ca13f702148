import TestToolchain
import Testing

/// Providers, factories and injectors cross threads: in the Swift 6 language mode the
/// compiler must refuse one made from a closure over unprotected mutable state, and a
/// non-`Sendable` dictionary key. These tests compile small programs against the Cleanse
/// module just built (Cleanse 4 code in the Swift 5 mode is `CleanseSwift5Tests`).
@Suite("Sendable providers (compile-time)", .enabled(if: FullSuite.isOn && CompilerProbe.builtModulesAreBeside, "\(FullSuite.skipReason)"))
struct SendableProvidersTests {
    /// Type-checks `source` in language mode `version` against the Cleanse module just built;
    /// the compiler's exit status and output (a missing or crashed compiler throws).
    static func typecheck(_ source: String, swiftVersion version: Int) throws -> (status: Int32, output: String) {
        let run = try CompilerProbe(loadsMacros: false).typecheck(source, swiftVersion: version)
        return (run.status, run.output)
    }

    /// A session cache shared by a coordinator's screens, written without a lock.
    static let unprotectedState = """
        import Cleanse
        final class SessionCache { var hits = 0 }
        final class Profile: Hashable {
            static func == (lhs: Profile, rhs: Profile) -> Bool { lhs === rhs }
            func hash(into hasher: inout Hasher) {}
        }
        struct Details: AssistedFactory {
            typealias Seed = Int
            typealias Element = String
        }
        func screens() async {
            let cache = SessionCache()
            let counts = Provider<Int>(getter: { cache.hits += 1; return cache.hits })
            let details = Factory<Details>(factory: { id in cache.hits += id; return "\\(id)" })
            let injector = PropertyInjector<Profile>(injectionFunction: { _ in cache.hits += 1 })
            let key = MultibindingKey(Profile())
            await Task.detached { _ = counts.get(); _ = details.build(1); _ = key }.value
            _ = injector
        }
        """

    @Test("in the Swift 6 mode, closures over unprotected state and non-Sendable keys do not compile")
    func swift6RefusesUnprotectedState() throws {
        let result = try Self.typecheck(Self.unprotectedState, swiftVersion: 6)
        #expect(result.status != 0)
        // Line 13: the provider's getter, 14: the factory, 15: the injector, 16: the key.
        for line in 13...15 {
            #expect(result.output.contains("Client.swift:\(line):"), "no error on line \(line):\n\(result.output)")
        }
        #expect(result.output.contains("capture of 'cache' with non-Sendable type 'SessionCache'"))
        #expect(result.output.contains("Client.swift:16:") && result.output.contains("'Profile' does not conform to the 'Sendable' protocol"))
    }

    @Test("in the Swift 5 mode, the same Cleanse 4 code compiles without a diagnostic")
    func swift5AcceptsCleanse4Code() throws {
        let result = try Self.typecheck(Self.unprotectedState, swiftVersion: 5)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("error") && !result.output.contains("warning"), "\(result.output)")
    }
}
