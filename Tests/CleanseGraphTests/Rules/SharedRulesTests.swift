import CleanseGraph
import Testing

private typealias G = SpelledGraph

/// The rules of collection, overrides and `await` that both front ends apply.
@Suite("Collection, override and await rules")
struct SharedRulesTests {
    @Test("a component installs a subcomponent once, and never itself or an ancestor")
    func installation() {
        #expect(CollectionRules.installation(of: "Screen", lineage: ["App", "Session"], installed: []) == .collect)
        #expect(CollectionRules.installation(of: "Screen", lineage: ["App", "Session"], installed: ["Screen"]) == .recordOnly)
        #expect(CollectionRules.installation(of: "App", lineage: ["App", "Session"], installed: []) == .recordOnly)
    }

    @Test("a module reached through several paths is included once per component")
    func inclusion() {
        var included: Set<String> = []
        #expect(CollectionRules.includes("NetworkModule", included: &included))
        #expect(!CollectionRules.includes("NetworkModule", included: &included))
        #expect(CollectionRules.includes("StorageModule", included: &included))
    }

    @Test("a root binding that only hands on the root type's own binding is re-keyed under the exposed tag; one that makes the root is not")
    func exposedRoot() {
        let tag = TypeIdentity(spelling: "ExposedRoot")
        let handsOn = G.binding("App", needs: ["App"])
        #expect(CollectionRules.exposedRootKey(of: handsOn, rootKey: G.key("App"), exposedTag: tag) == BindingKey(type: TypeIdentity(spelling: "App"), tag: tag))
        let makes = G.binding("App", needs: ["Store"])
        #expect(CollectionRules.exposedRootKey(of: makes, rootKey: G.key("App"), exposedTag: tag) == nil)
        let lazily = G.binding("App", needs: ["Provider<App>"])
        #expect(CollectionRules.exposedRootKey(of: lazily, rootKey: G.key("App"), exposedTag: tag) == nil)
    }

    @Test("an override replaces the binding it names throughout the tree; one naming nothing is UnusedOverride, one key overridden twice a DuplicateBinding")
    func overrides() throws {
        let screen = G.component("ScreenComponent", [G.binding("Screen", needs: ["Clock"]), G.binding("Clock", at: 31)])
        var model = G.component("AppComponent", [G.binding("App", needs: ["Clock"]), G.binding("Clock", at: 2)], children: [screen])
        let overrides = [G.binding("Clock", at: 90), G.binding("Clock", at: 91), G.binding("Printer", at: 92)]
        let used = model.applyOverrides(Overrides.replacements(overrides, model: { $0 }))
        #expect(used == [G.key("Clock")])
        #expect(model.bindings[1].location == G.location(90))
        #expect(model.subcomponents[0].bindings[1].location == G.location(90))
        let errors = Overrides.errors(overrides: overrides, used: used, bound: model.keysInTree, component: model.type)
        #expect(errors.map(\.diagnosticID) == [.duplicateBinding, .unusedOverride])
        #expect((errors[1] as? UnusedOverride)?.location == G.location(92))
    }

    @Test("why a binding needs await: its own asynchronous factory, or for a main-actor one the first dependency that needs it")
    func awaitCause() {
        let database = G.binding("Database", at: 3, effect: .asynchronous)
        #expect(database.awaitCause(own: { "Database" }, dependencyCause: { _ in nil }) == "Database")
        let screen = G.binding("Screen", at: 4, needs: ["Settings", "Database"], effect: .mainActor)
        let causes = ["Database": "Database"]
        #expect(screen.awaitCause(own: { "Screen" }, dependencyCause: { causes[$0.key.type.name] }) == "Database")
        let label = G.binding("Label", at: 5, needs: ["Settings"], effect: .mainActor)
        #expect(label.awaitCause(own: { "Label" }, dependencyCause: { causes[$0.key.type.name] }) == nil)
        let synchronous = G.binding("Feed", at: 6, needs: ["Database"])
        #expect(synchronous.awaitCause(own: { "Feed" }, dependencyCause: { causes[$0.key.type.name] }) == nil)
    }
}
