import CleanseMacros
import Testing

// An `@Injectable` screen whose initializer takes an assisted argument: the graph constructs
// it from that initializer, and no one can pass the argument. Its own error says so, and its
// fix (an assisted factory's line with the initializer as factory) completes the graph.

private final class DraftStore {}

@Injectable
private final class DraftScreen {
    let draftID: Int
    init(draftID: Assisted<Int>, store: DraftStore) { self.draftID = draftID.get() }
}

private final class Drafts {
    let screen: DraftScreen
    init(screen: DraftScreen) { self.screen = screen }
}

private struct MistakenDraftsComponent: RootComponent {
    typealias Root = Drafts
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(DraftStore.self).to(factory: DraftStore.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Drafts>) -> BindingReceipt<Drafts> {
        bind.to(factory: Drafts.init)
    }
}

/// The fix, as the message writes it.
extension DraftScreen {
    struct AssistedFactory: Cleanse.AssistedFactory { typealias Seed = Int; typealias Element = DraftScreen }
}

private final class FixedDrafts {
    let screen: DraftScreen
    init(screens: Factory<DraftScreen.AssistedFactory>) { screen = screens.build(7) }
}

private struct FixedDraftsComponent: RootComponent {
    typealias Root = FixedDrafts
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(DraftStore.self).to(factory: DraftStore.init)
        binder.bindFactory(DraftScreen.self).with(DraftScreen.AssistedFactory.self).to(factory: DraftScreen.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<FixedDrafts>) -> BindingReceipt<FixedDrafts> {
        bind.to(factory: FixedDrafts.init)
    }
}

@Suite("An assisted argument of a constructed type")
struct AssistedConstructorTests {
    @Test("is its own error that names the construction, and the fix it writes builds")
    func assistedArgumentOfAConstructedType() throws {
        var caught: (any CleanseError)?
        do {
            _ = try ComponentFactory.of(MistakenDraftsComponent.self)
        } catch let error as any CleanseError {
            caught = error
        }
        let error = try #require(caught)
        #expect(error.diagnosticID == .assistedOutsideFactory, "\(error)")
        let text = error.description
        #expect(text.contains("'DraftScreen' takes 'Assisted<Int>', which only an assisted factory supplies, but it is constructed from its initializer (@Injectable) in component"), "\(text)")
        #expect(!text.contains("in place of this binding"), "\(text)")
        #expect(text.contains("binder.bindFactory(DraftScreen.self).with(DraftScreen.AssistedFactory.self).to(factory: …) in a module of the component, its factory calling the initializer"), "\(text)")
        #expect(try ComponentFactory.of(FixedDraftsComponent.self).build(()).screen.draftID == 7)
    }
}
