import CleanseGraph
import Testing

private typealias G = SpelledGraph

private func key(_ type: String, tag: String? = nil) -> BindingKey { G.key(type, tag: tag) }

private func binding(_ type: String, kind: BindingKind = .factory, tag: String? = nil, at line: Int, needs requests: [String] = []) -> BindingModel {
    G.binding(type, tag: tag, kind: kind, at: line, needs: requests)
}

private func component(_ name: String, _ bindings: [BindingModel], children: [ComponentModel] = []) -> ComponentModel {
    G.component(name, bindings, children: children)
}

/// The forms as a spelling front end names them.
private func forms(_ key: BindingKey) -> ImplicitRequestRule.Forms? {
    ImplicitRequestRule.Forms(function: TypeIdentity(spelling: "() -> \(key.type.name)"), optional: TypeIdentity(spelling: "Optional<\(key.type.name)>"))
}

/// Cleanse 4 served `() -> T` and `T?` from the binding of `T`; both front ends apply this
/// one rule, so it is tested here on plain data.
@Suite("Implicit requests: one rule for both front ends")
struct ImplicitRequestRuleTests {
    @Test("a function request becomes a provider request of the bound type, an optional one a direct request")
    func bothForms() {
        let model = component("FeedComponent", [
            binding("FeedScreen", at: 10, needs: ["() -> ImageCache", "Optional<Analytics>"]),
            binding("ImageCache", at: 11),
            binding("Analytics", at: 12),
        ])
        let rewrites = ImplicitRequestRule.rewrites(in: model, forms: forms)
        #expect(rewrites.map(\.rewritten) == [
            DependencyRequest(key: key("ImageCache"), kind: .provider, requestedType: TypeIdentity(spelling: "() -> ImageCache")),
            DependencyRequest(key: key("Analytics"), kind: .direct, requestedType: TypeIdentity(spelling: "Optional<Analytics>")),
        ])
        #expect(rewrites.map(\.request) == [0, 1])
        #expect(rewrites.allSatisfy { $0.component == [] && $0.binding == 0 })
    }

    @Test("a request bound as written, a tagged binding, and Cleanse's own bindings are left alone")
    func leftAlone() {
        let model = component("FeedComponent", [
            binding("FeedScreen", at: 10, needs: ["Optional<Session>", "() -> Token", "Optional<LegacyObjectGraph>", "() -> Seed"]),
            binding("Optional<Session>", at: 11),
            binding("Session", at: 12),
            binding("Token", tag: "AuthToken", at: 13),
            binding("LegacyObjectGraph", kind: .builtIn, at: 14),
            binding("Seed", kind: .seed, at: 15),
        ])
        #expect(ImplicitRequestRule.rewrites(in: model, forms: forms).isEmpty)
        #expect(!ImplicitRequestRule.serves(.seed) && !ImplicitRequestRule.serves(.subcomponentFactory) && !ImplicitRequestRule.serves(.builtIn))
        #expect(ImplicitRequestRule.serves(.collectionElement) && ImplicitRequestRule.serves(.propertyInjector))
    }

    @Test("a subcomponent's request is served by its ancestor's binding, never by a sibling's or a child's")
    func visibility() {
        let screen = component("ScreenComponent", [binding("Screen", at: 20, needs: ["() -> Clock", "() -> Theme"])])
        let sibling = component("SettingsComponent", [binding("Settings", at: 30), binding("Theme", at: 31)])
        let model = component("AppComponent", [binding("App", at: 1, needs: ["() -> Settings"]), binding("Clock", at: 2)], children: [screen, sibling])
        let rewrites = ImplicitRequestRule.rewrites(in: model, forms: forms)
        #expect(rewrites.map(\.component) == [[0]])
        #expect(rewrites.map(\.target) == [key("Clock")])
    }

    @Test("the pipeline validates the rewritten graph: what the rule serves is no longer missing, the rest still is")
    func pipeline() {
        let model = component("FeedComponent", [
            binding("FeedScreen", at: 10, needs: ["() -> ImageCache", "Optional<Player>"]),
            binding("ImageCache", at: 11),
        ])
        var applied: [ImplicitRequestRule.Rewrite] = []
        let outcome = ValidationPipeline.validate(model, constructor: { _ in nil }, bind: { _ in model }, forms: forms) { rewrites in
            applied = rewrites
            var rewritten = model
            rewritten.bindings[0] = model.bindings[0].replacingDependencies([rewrites[0].rewritten, model.bindings[0].dependencies[1]])
            return rewritten
        }
        #expect(applied.count == 1)
        #expect(outcome.errors.map(\.diagnosticID) == [.missingBinding])
        #expect((outcome.errors.first as? MissingProvider)?.requestedKey == key("Optional<Player>"))
        #expect(outcome.model.bindings[0].dependencies[0].kind == .provider)
    }

    @Test("a valid graph is not looked at for implicit requests")
    func validGraphSkipsTheRule() {
        let model = component("FeedComponent", [binding("FeedScreen", at: 10, needs: ["ImageCache"]), binding("ImageCache", at: 11)])
        let outcome = ValidationPipeline.validate(model, constructor: { _ in
            Issue.record("constructors asked for a valid graph")
            return nil
        }, bind: { _ in model }, forms: { _ in
            Issue.record("forms asked for a valid graph")
            return nil
        }) { _ in
            Issue.record("rewrites applied to a valid graph")
            return model
        }
        #expect(outcome.errors.isEmpty)
    }
}
