import Foundation
import TestToolchain
import Testing

// What `@Injectable` writes beside a constructor, read from the compiler's own dump of the
// macro's expansion: a hint for each request that names a constructed type in a form it can
// spell as a metatype, none for the others.

@Suite("Constructed-dependency hints, from the compiler", .enabled(if: compilerProbesRun, "\(FullSuite.skipReason), with the built modules beside the test binary"))
struct ConstructedDependencyProbeTests {
    @Test("the macro hints every request it can name as a metatype, and compiles whatever the form")
    func hintsEachNameableRequest() throws {
        let output = try typecheck("""
            import Cleanse
            import CleanseMacros
            @Injectable final class Engine {}
            final class Mirror {}
            protocol Horn {}
            @Injectable
            final class Car {
                init(engine: Engine, wheels: Provider<Engine>, spare: Engine?, make: @escaping () -> Engine,
                     horn: any Horn, mirror: Mirror!) {}
            }
            """, flags: ["-Xfrontend", "-dump-macro-expansions"])
        #expect(!output.contains("error:"), "\(output)")
        let hints = output.components(separatedBy: "\n").first { $0.contains(".constructing(") } ?? ""
        for hinted in ["(Engine).self", "(Provider<Engine>).self", "(Engine?).self", "(any Horn).self"] {
            #expect(hints.contains("InjectableConstructor.dependency(\(hinted))"), "\(output)")
        }
        // `() -> Engine` is requested as `Provider<Engine>`: hinted once more in that form.
        #expect(hints.components(separatedBy: "(Provider<Engine>).self").count == 3, "\(hints)")
        #expect(!hints.contains("Mirror"), "\(hints)")
    }

    @Test("a type whose constructor has no request gets no hint")
    func noRequestNoHint() throws {
        let output = try typecheck("""
            import Cleanse
            import CleanseMacros
            @Injectable final class Clock {}
            """, flags: ["-Xfrontend", "-dump-macro-expansions"])
        #expect(output.contains("var injectableConstructor"), "\(output)")
        #expect(!output.contains(".constructing("), "\(output)")
    }
}
