import CleanseGraph
import Testing

private typealias G = SpelledGraph

/// An assisted argument asked for outside an assisted factory: the fix depends on how each
/// request's binding is made, a line or a constructed initializer, request by request.
@Suite("Assisted arguments outside an assisted factory")
struct AssistedOutsideFactoryRuleTests {
    @Test("a key bound by a line in one component and constructed in another gets each its own fix")
    func eachRequestIsToldHowItsBindingIsMade() throws {
        let written = G.component("ComposeComponent", [G.binding("Composer", needs: ["Draft"]), G.binding("Draft", at: 10, needs: ["Assisted<Int>"])])
        let constructed = G.component("OutboxComponent", [G.binding("Outbox", needs: ["Draft"]), G.binding("Draft", kind: .injectableConstructor, at: 20, needs: ["Assisted<Int>"])])
        let model = G.component("App", [G.binding("App")], children: [written, constructed])
        let errors = G.errors(model).compactMap { $0 as? AssistedOutsideFactory }
        #expect(errors.map(\.location.line) == [10, 20])
        #expect(errors.map(\.isConstructed) == [false, true])
        #expect(errors[0].description.contains("built by a plain binding in component 'ComposeComponent'"))
        #expect(errors[0].description.contains("to(factory: …) in place of this binding"))
        #expect(errors[1].description.contains("constructed from its initializer (@Injectable) in component 'OutboxComponent'"))
    }
}
