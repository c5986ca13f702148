import CleanseGraph
import Testing

private typealias G = SpelledGraph

/// Each built-in validator on plain data, as both front ends hand it a model: a news app
/// with a feed component per screen below the app's component.
@Suite("Validators on plain data")
struct ValidatorTests {
    @Test("a key bound twice in one component is one DuplicateBinding naming both places; collection contributions are not duplicates")
    func duplicates() throws {
        let found = G.errors(G.component("AppComponent", [
            G.binding("App", needs: ["Feed", "[Story]"]),
            G.binding("Feed", at: 10),
            G.binding("Feed", at: 12),
            G.binding("[Story]", kind: .collectionElement, at: 20),
            G.binding("[Story]", kind: .collectionElement, at: 21),
        ]))
        let duplicate = try #require(found.only as? DuplicateBinding)
        #expect(duplicate.locations == [G.location(10), G.location(12)])
    }

    @Test("a subcomponent's module binding of its ancestor's key is a DuplicateBinding naming both components; its seed is a port and is not")
    func shadowingAndPorts() throws {
        let screen = G.component("ScreenComponent", [
            G.binding("Screen", at: 30, needs: ["Theme", "Session"]),
            G.binding("Theme", at: 31),
            G.binding("Session", kind: .seed, at: 32),
        ])
        let found = G.errors(G.component("AppComponent", [
            G.binding("App", needs: ["Theme", "Session"]),
            G.binding("Theme", at: 2),
            G.binding("Session", at: 3),
        ], children: [screen]))
        let shadowing = try #require(found.only as? DuplicateBinding)
        #expect(shadowing.key == G.key("Theme"))
        #expect(shadowing.component == TypeIdentity(spelling: "ScreenComponent"))
        #expect(shadowing.ancestors.map(\.component) == [TypeIdentity(spelling: "AppComponent")])
    }

    @Test("two contributions of one dictionary key are a DuplicateDictionaryKey with both places")
    func dictionaryKeys() throws {
        let found = G.errors(G.component("AppComponent", [
            G.binding("App", needs: ["[Route: Screen]"]),
            G.binding("[Route: Screen]", kind: .collectionElement, at: 5, entry: "Route.home"),
            G.binding("[Route: Screen]", kind: .collectionElement, at: 6, entry: "Route.home"),
            G.binding("[Route: Screen]", kind: .collectionElement, at: 7, entry: "Route.cart"),
        ]))
        let duplicate = try #require(found.only as? DuplicateDictionaryKey)
        #expect(duplicate.locations == [G.location(5), G.location(6)])
    }

    @Test("a missing key suggests the same type with another tag, and names a binding hidden in a subcomponent")
    func missingBindingHints() throws {
        let screen = G.component("ScreenComponent", [G.binding("Screen", at: 30), G.binding("Analytics", at: 31)])
        let found = G.errors(G.component("AppComponent", [
            G.binding("App", at: 1, needs: ["URL", "Analytics"]),
            G.binding("URL", tag: "BaseURL", at: 2),
        ], children: [screen]))
        let missing = found.compactMap { $0 as? MissingProvider }
        #expect(missing.map(\.requestedKey) == [G.key("Analytics"), G.key("URL")] || missing.map(\.requestedKey) == [G.key("URL"), G.key("Analytics")])
        let url = try #require(missing.first { $0.requestedKey == G.key("URL") })
        #expect(url.suggestions == [G.key("URL", tag: "BaseURL")])
        let analytics = try #require(missing.first { $0.requestedKey == G.key("Analytics") })
        #expect(analytics.hiddenBindings.map(\.location) == [G.location(31)])
        #expect(analytics.hiddenBindings.first?.isBelowRequester == true)
    }

    @Test("a missing key whose optional is bound suggests the optional and says a failable initializer binds it")
    func missingBindingOfAnOptionalsWrapped() throws {
        let found = G.errors(G.component("AppComponent", [
            G.binding("App", at: 1, needs: ["NumberFormatter"]),
            G.binding("Optional<NumberFormatter>", at: 2, needs: ["NSCoder"]),
        ]))
        let missing = found.compactMap { $0 as? MissingProvider }
        let formatter = try #require(missing.first { $0.requestedKey == G.key("NumberFormatter") })
        #expect(formatter.suggestions == [G.key("Optional<NumberFormatter>")])
        #expect(formatter.description.contains("did you mean 'Optional<NumberFormatter>'?"))
        #expect(formatter.description.contains("init?(coder:); write bind(NumberFormatter.self)"))
        let coder = try #require(missing.first { $0.requestedKey == G.key("NSCoder") })
        #expect(!coder.description.contains("init?(coder:)"))
    }

    @Test("a binding shared in a scope its component does not have is InvalidScope; in the component's own scope it is valid")
    func bindingScopes() throws {
        let found = G.errors(G.component("AppComponent", scope: "Singleton", [
            G.binding("App", needs: ["Cart", "Store"]),
            G.binding("Cart", scope: "CheckoutScope", at: 4),
            G.binding("Store", scope: "Singleton", at: 5),
        ]))
        let invalid = try #require(found.only as? InvalidBindingScope)
        #expect(invalid.key == G.key("Cart"))
        #expect(invalid.location == G.location(4))
    }

    @Test("a subcomponent with its parent's scope is InvalidScopeNesting at its installation")
    func scopeNesting() throws {
        let child = G.component("SessionComponent", scope: "Singleton", [G.binding("Session")])
        let found = G.errors(G.component("AppComponent", scope: "Singleton", [G.binding("App")], children: [child], installedAt: 9))
        let nesting = try #require(found.only as? InvalidScopeNesting)
        #expect(nesting.location == G.location(9))
    }

    @Test("a synchronous factory that requests an asynchronous binding directly is an error; through AsyncProvider it is not")
    func asynchronousRequests() throws {
        let found = G.errors(G.component("AppComponent", [
            G.binding("App", needs: ["Database", "AsyncProvider<Cache>"]),
            G.binding("Database", at: 3, effect: .asynchronous),
            G.binding("Cache", at: 4, effect: .asynchronous),
        ]))
        let misuse = try #require(found.only as? AsyncRequestedSynchronously)
        #expect(misuse.key == G.key("Database"))
    }

    @Test("a validated graph is checked for lifetimes only below its root: shared objects of a subcomponent that reach each other are a RetentionCycle")
    func retentionCycles() throws {
        let request = G.component("RequestComponent", scope: "RequestScope", [
            G.binding("Handler", needs: ["Session", "Tracker"]),
            G.binding("Session", scope: "RequestScope", at: 40, needs: ["Provider<Tracker>"]),
            G.binding("Tracker", scope: "RequestScope", at: 41, needs: ["Provider<Session>"]),
        ])
        let root = G.component("AppComponent", [G.binding("App")], children: [request])
        let found = LifetimeValidation.errors(in: ComponentTree(root: root))
        let cycle = try #require(found.only as? RetentionCycle)
        #expect(cycle.links.map(\.location) == [G.location(40), G.location(41)])
        // The same objects in the root component live with the process: nothing to report.
        let flat = G.component("AppComponent", [G.binding("App", needs: ["Session"])] + request.bindings.dropFirst())
        #expect(LifetimeValidation.errors(in: ComponentTree(root: flat)).isEmpty)
    }

    @Test("a value shared in a subcomponent that keeps a provider of it is a SelfRetainingValue; a class is held weakly instead")
    func selfRetainingValues() throws {
        func tree(valueType: Bool) -> ComponentTree {
            let request = G.component("RequestComponent", scope: "RequestScope", [
                G.binding("Handler", needs: ["Context"]),
                G.binding("Context", scope: "RequestScope", at: 50, needs: ["Provider<Handler>"], valueType: valueType),
            ])
            return ComponentTree(root: G.component("AppComponent", [G.binding("App")], children: [request]))
        }
        let error = try #require(LifetimeValidation.errors(in: tree(valueType: true)).only as? SelfRetainingValue)
        #expect(error.location == G.location(50))
        #expect(error.handle == TypeIdentity(spelling: "Provider<Handler>"))
        #expect(LifetimeValidation.errors(in: tree(valueType: false)).isEmpty)
    }
}

extension Array {
    /// The one element, or `nil` when there is not exactly one.
    var only: Element? { count == 1 ? self[0] : nil }
}
