import CleanseGraph
import Testing

private func errors(_ bindings: [BindingModel], component: String = "Shop.ShopComponent") -> [any CleanseError] {
    SpelledGraph.errors(SpelledGraph.component(component, bindings))
}

/// Messages name each type by the shortest ending of its path that no other type of the same
/// message shares, as users write it beside the types it meets; code in a fix keeps the path.
@Suite("Shortest names in messages")
struct ShortestNamesTests {
    @Test("a nested type is named alone when nothing else in the message ends alike")
    func nestedTypesLoseTheirEnclosingTypes() throws {
        let found = errors([
            SpelledGraph.binding("Shop.Counter", at: 10, needs: ["Shop.Till"]),
            SpelledGraph.binding("Shop.Till", at: 20, needs: ["Shop.Counter"]),
        ])
        let cycle = try #require(found.first as? DependencyCycle)
        #expect(cycle.description.contains("Dependency Cycle Detected in component 'ShopComponent': 'Counter' -> 'Till' -> 'Counter'"))
        #expect(cycle.description.contains("'Till' required by Counter at App/AppModule.swift:10"))
        #expect(!cycle.description.contains("'Shop."))
        // The fix is code: it keeps the path, which compiles anywhere in the module.
        #expect(cycle.description.contains("e.g. Provider<Shop.Counter> in the factory of 'Till'"))
    }

    @Test("two types that end alike in one message keep what tells them apart")
    func typesThatEndAlikeKeepTheirDifference() throws {
        let found = errors([
            SpelledGraph.binding("Feed.Screen", at: 10, needs: ["Feed.Client", "Array<Profile.Client>"]),
            SpelledGraph.binding("Profile.Client", at: 20),
        ])
        let missing = try #require(found.compactMap { $0 as? MissingProvider }.first { $0.requestedKey.type.name == "Feed.Client" })
        let text = missing.description
        #expect(text.contains("missing binding for 'Feed.Client' in component 'ShopComponent'"), "\(text)")
        #expect(text.contains("did you mean 'Profile.Client'?"), "\(text)")
        #expect(text.contains("required by Screen at"), "\(text)")
    }

    @Test("generic arguments are shortened one by one, and a metatype keeps its type")
    func genericArgumentsAndMetatypes() throws {
        let found = errors([
            SpelledGraph.binding("Shop.Inbox<Shop.Order>", at: 10, needs: ["Dictionary<String, Shop.Order.Type>"]),
        ])
        let text = try #require(found.first as? MissingProvider).description
        #expect(text.contains("missing binding for 'Dictionary<String, Order.Type>'"), "\(text)")
        #expect(text.contains("required by Inbox<Order> at"), "\(text)")
    }

    @Test("a metatype's type is shortened against the other types, and keeps its .Type")
    func metatypesAreShortenedByTheirType() {
        let marked = DiagnosticMessage(lines: [.init("\(ShortestNames.marked("Shop.Foo")) and \(ShortestNames.marked("Foo.Type")) and \(ShortestNames.marked("Shop.Bar.Type.Type"))")])
        #expect(marked.description == "Shop.Foo and Foo.Type and Bar.Type.Type")
    }

    @Test("a message the front ends make by hand keeps its text")
    func unmarkedTextIsLeftAlone() {
        let message = DiagnosticMessage(text: "[Plugin/Own] 'Shop.Counter' is odd")
        #expect(message.description == "[Plugin/Own] 'Shop.Counter' is odd")
        let marked = DiagnosticMessage(lines: [.init("'\(ShortestNames.marked("Shop.Counter"))' and 'Shop.Till'")])
        #expect(marked.description == "'Counter' and 'Shop.Till'")
    }
}
