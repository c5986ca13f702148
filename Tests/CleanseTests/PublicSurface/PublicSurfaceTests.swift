import TestToolchain
import Testing

/// What an app that imports Cleanse can name: the API and the plugin SPI, not what only
/// Cleanse's two front ends share (cleansec names types and places by spelling; an app
/// never should). Compiled against the module just built.
@Suite("Public surface (compile-time)", .enabled(if: FullSuite.isOn && CompilerProbe.builtModulesAreBeside, "\(FullSuite.skipReason)"))
struct PublicSurfaceTests {
    @Test("an app cannot make keys, places or request sites from spellings")
    func spellingsAreNotAPI() throws {
        let result = try SendableProvidersTests.typecheck("""
            import Cleanse
            let type = TypeIdentity(spelling: "Engine")
            let key = MultibindingKey(spelling: "\\"medium\\"")
            let place = SourceLocation(file: String("Shop.swift"), line: 3)
            let site = RequestSite(name: "Shop.engine", location: place)
            """, swiftVersion: 6)
        #expect(result.status != 0)
        for line in 2...5 {
            #expect(result.output.contains("Client.swift:\(line):"), "line \(line) compiled:\n\(result.output)")
        }
    }

    @Test("the plugin SPI is API: keys, locations and models from metatypes and literals")
    func pluginSPICompiles() throws {
        let result = try SendableProvidersTests.typecheck("""
            import Cleanse
            struct LayerRule: CleanseBindingPlugin {
                func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) {
                    let forbidden = BindingKey(Int.self)
                    for component in root.allComponents {
                        for binding in component.bindings where binding.key == forbidden && binding.makesValueTypes {
                            _ = (binding.location.file, binding.location.line, TypeIdentity(Int.self).name)
                        }
                    }
                }
            }
            """, swiftVersion: 6)
        #expect(result.status == 0, "\(result.output)")
    }
}
