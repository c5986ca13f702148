import Testing

// Swift 6 data-race holes the library closes, proven by the compiler: each probe is code
// that would share mutable state across threads through Cleanse, and must not compile in the
// Swift 6 language mode; its twin without the shared state must.

@Suite("Swift 6 safety, from the compiler", .enabled(if: pluginIsBeside, "the built modules are not beside the test binary"))
struct SendabilityProbeTests {
    /// A hand-written `@Injected` property whose setter counts in a local class: the graph
    /// may fill objects on any thread, so the setter must be `@Sendable`.
    @Test("an injected property's setter that captures mutable state does not compile")
    func injectedPropertySetterMustBeSendable() throws {
        let declarations = """
            import Cleanse
            final class Counter { var fills = 0 }
            final class Service {}
            final class Screen { var service: Service? }
            """
        let capturing = try typecheck(declarations + """

            func screenProperty() -> InjectedProperty {
                let counter = Counter()
                return .property(named: "service") { (screen: Screen, service: Service) in
                    counter.fills += 1
                    screen.service = service
                }
            }
            """)
        #expect(capturing.contains("error: capture of 'counter' with non-Sendable type 'Counter'"), "\(capturing)")
        let plain = try typecheck(declarations + """

            func screenProperty() -> InjectedProperty {
                .property(named: "service") { (screen: Screen, service: Service) in screen.service = service }
            }
            """)
        #expect(!plain.contains("error:"), "\(plain)")
    }

    /// The key-path form takes a `Sendable` key path: a literal is one.
    @Test("an injected property given by a key path literal compiles")
    func keyPathLiteralIsSendable() throws {
        let output = try typecheck("""
            import Cleanse
            final class Service {}
            final class Screen {
                @Injected var service: Service
                static let properties: [InjectedProperty] = [.property(\\Screen._service, named: "service")]
            }
            """)
        #expect(!output.contains("error:"), "\(output)")
    }
}
