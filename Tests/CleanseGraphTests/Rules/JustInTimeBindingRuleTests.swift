import CleanseGraph
import Testing

private typealias G = SpelledGraph

/// The constructors of a small checkout app, as a front end describes them: each type's
/// initializer requests, declared at line 100 and after.
private let constructors: [String: (scope: String?, needs: [String])] = [
    "CheckoutService": (nil, ["Cart", "Provider<PaymentClient>"]),
    "Cart": (nil, ["CartStore"]),
    "PaymentClient": ("Singleton", ["HTTPClient"]),
    "HTTPClient": (nil, []),
    "ReceiptPrinter": (nil, ["PrinterDriver"]),
]

private func constructor(_ key: BindingKey) -> JustInTimeBindingRule.Construction? {
    if key.type.name == "Clock" {
        return .unconstructed(MissingProvider.Unconstructed(reason: "it declares several initializers: mark the one to call @Inject", location: G.location(90)))
    }
    guard key.tag == nil, let described = constructors[key.type.name] else { return nil }
    let line = 100 + (constructors.keys.sorted().firstIndex(of: key.type.name) ?? 0)
    return .binding(G.binding(key.type.name, kind: .injectableConstructor, scope: described.scope, at: line, needs: described.needs))
}

/// `model` through the pipeline, with the constructors above and no implicit requests.
private func validated(_ model: ComponentModel) -> ValidationPipeline.Outcome {
    ValidationPipeline.validate(
        model,
        constructor: constructor,
        bind: { JustInTimeBindingRule.applying($0, to: model) },
        forms: { _ in nil },
        apply: { _ in model }
    )
}

/// Types that say how they are constructed are bound when requested and not bound; both
/// front ends apply this rule, so it is tested on plain data.
@Suite("Just-in-time bindings: one rule for both front ends")
struct JustInTimeBindingRuleTests {
    @Test("a requested constructible type is bound in the requesting component, with what it requests in turn")
    func bindsTransitively() {
        let model = G.component("AppComponent", scope: "Singleton", [G.binding("CheckoutScreen", needs: ["CheckoutService"]), G.binding("CartStore")])
        let additions = JustInTimeBindingRule.additions(in: model, constructor: constructor)
        #expect(additions.map(\.binding.key.type.name) == ["CheckoutService", "Cart", "PaymentClient", "HTTPClient"])
        #expect(additions.allSatisfy { $0.component.isEmpty })
        let bound = JustInTimeBindingRule.applying(additions, to: model)
        #expect(G.errors(bound).isEmpty)
    }

    @Test("a scoped type with no component of its scope is not constructed: it is missing, and the error says the scope stops it")
    func scopeWithoutItsComponent() throws {
        let model = G.component("AppComponent", [G.binding("App", needs: ["PaymentClient"])])
        let additions = JustInTimeBindingRule.additions(in: model, constructor: constructor)
        #expect(!additions.contains { $0.binding.key.type.name == "PaymentClient" })
        let errors = JustInTimeBindingRule.explaining(G.errors(JustInTimeBindingRule.applying(additions, to: model)), constructor: constructor)
        #expect(errors.map(\.diagnosticID) == [.missingBinding])
        let missing = try #require(errors.first as? MissingProvider)
        #expect(missing.unconstructed?.reason.hasPrefix("it is shared in scope 'Singleton' (@Injectable(scope:)), and no component at or above where it is requested has that scope") == true)
        #expect(missing.description.contains("in a feature, receive the app's object through the feature's dependencies"))
    }

    @Test("an explicit binding wins, and a tagged request is never constructed")
    func explicitBindingWins() {
        let model = G.component("AppComponent", [
            G.binding("CheckoutScreen", needs: ["Cart", "HTTPClient"]),
            G.binding("Cart", at: 5),
        ])
        let additions = JustInTimeBindingRule.additions(in: model, constructor: constructor)
        #expect(additions.map(\.binding.key.type.name) == ["HTTPClient"])

        let tagged = G.component("AppComponent", [G.binding("Screen", needs: ["HTTPClient"]), G.binding("Feed", tag: "Primary", at: 2)])
        var taggedModel = tagged
        taggedModel.bindings[0] = tagged.bindings[0].replacingDependencies([DependencyRequest(key: G.key("HTTPClient", tag: "Primary"), kind: .direct, requestedType: TypeIdentity(spelling: "HTTPClient"))])
        #expect(JustInTimeBindingRule.additions(in: taggedModel, constructor: constructor).isEmpty)
    }

    @Test("a child sees its parent's just-in-time binding; a scoped type goes to the component of its scope")
    func placement() {
        let screen = G.component("ScreenComponent", [G.binding("Screen", needs: ["HTTPClient", "PaymentClient", "CheckoutService"]), G.binding("CartStore")])
        let model = G.component("AppComponent", scope: "Singleton", [G.binding("App", needs: ["HTTPClient"])], children: [screen])
        let additions = JustInTimeBindingRule.additions(in: model, constructor: constructor)
        let placed = Dictionary(grouping: additions, by: \.component).mapValues { $0.map(\.binding.key.type.name).sorted() }
        // HTTPClient once, in the root that asked first; PaymentClient (Singleton) in the
        // root too; CheckoutService and Cart where CartStore is visible.
        #expect(placed[[]] == ["HTTPClient", "PaymentClient"])
        #expect(placed[[0]] == ["Cart", "CheckoutService"])
        #expect(G.errors(JustInTimeBindingRule.applying(additions, to: model)).isEmpty)
    }

    @Test("a constructor's missing request is reported at the type's declaration")
    func missingRequestOfAConstructor() throws {
        let model = G.component("AppComponent", [G.binding("App", at: 3, needs: ["ReceiptPrinter"])])
        let outcome = validated(model)
        let missing = try #require(outcome.errors.first as? MissingProvider)
        #expect(outcome.errors.count == 1)
        #expect(missing.requestedKey == G.key("PrinterDriver"))
        #expect(missing.requests.map(\.location.line) == [104])
        #expect(outcome.model.bindings.map(\.kind) == [.factory, .injectableConstructor])
    }

    @Test("a type that says it is constructed but gives no initializer to call is missing, with why and where it is declared")
    func unconstructedIsExplained() throws {
        let model = G.component("AppComponent", [G.binding("App", at: 3, needs: ["Clock"])])
        let outcome = validated(model)
        let missing = try #require(outcome.errors.first as? MissingProvider)
        #expect(missing.unconstructed?.location.line == 90)
        #expect(missing.description.contains("'Clock' is @Injectable, declared at App/AppModule.swift:90, but the graph cannot construct it: it declares several initializers: mark the one to call @Inject"))
    }

    @Test("each key's constructor is asked once, and each addition names its answer and whether it is the key's first")
    func additionsNameTheirAnswers() {
        let screen = G.component("ScreenComponent", [G.binding("Screen", needs: ["HTTPClient", "CartStore"])])
        let receipts = G.component("ReceiptsComponent", [G.binding("Receipts", needs: ["ReceiptPrinter", "HTTPClient"])])
        let model = G.component("AppComponent", [G.binding("App")], children: [screen, receipts])
        var asked: [String] = []
        let additions = JustInTimeBindingRule.additions(in: model) { key in
            asked.append(key.type.name)
            return constructor(key)
        }
        // HTTPClient is asked about once, then added to both siblings: the second is a copy.
        #expect(asked == ["HTTPClient", "CartStore", "ReceiptPrinter", "PrinterDriver"])
        #expect(additions.map(\.binding.key.type.name) == ["HTTPClient", "ReceiptPrinter", "HTTPClient"])
        #expect(additions.map(\.answer) == [0, 2, 0])
        #expect(additions.map(\.isFirstOfKey) == [true, true, false])
        #expect(additions.map(\.component) == [[0], [1], [1]])
    }

    @Test("the plan says when every request is served, so that nothing looks for missing keys again")
    func planSaysWhetherEveryRequestIsServed() {
        let served = G.component("AppComponent", scope: "Singleton", [G.binding("CheckoutScreen", needs: ["CheckoutService"]), G.binding("CartStore")])
        #expect(JustInTimeBindingRule.plan(in: served, constructor: constructor).servesEveryRequest)

        // A request no constructor serves, a scoped type with no component of its scope, a
        // tagged request: each leaves the pipeline to look again.
        let unserved = G.component("AppComponent", [G.binding("App", needs: ["ReceiptPrinter"])])
        #expect(!JustInTimeBindingRule.plan(in: unserved, constructor: constructor).servesEveryRequest)
        let unscoped = G.component("AppComponent", [G.binding("App", needs: ["PaymentClient"])])
        #expect(!JustInTimeBindingRule.plan(in: unscoped, constructor: constructor).servesEveryRequest)
        var tagged = G.component("AppComponent", [G.binding("Screen", needs: ["HTTPClient"]), G.binding("Feed", tag: "Primary", at: 2)])
        tagged.bindings[0] = tagged.bindings[0].replacingDependencies([DependencyRequest(key: G.key("Feed", tag: "Primary"), kind: .direct, requestedType: TypeIdentity(spelling: "Feed"))])
        #expect(!JustInTimeBindingRule.plan(in: tagged, constructor: constructor).servesEveryRequest)
    }
}
