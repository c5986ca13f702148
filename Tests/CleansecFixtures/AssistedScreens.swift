import CleanseMacros

/// A messaging app's screens, each made for one conversation its caller picks: the thread
/// screen is built by an assisted factory, as it should be; the compose screen, which also
/// takes its recipient as `Assisted<String>`, was bound with a plain binding line, so no one
/// can pass the recipient: an assisted argument is never bound. The draft screen, marked
/// `@Injectable`, is constructed from its initializer, which takes its draft the same way.
public enum AssistedScreens {
    final class MessageStore {}

    final class ThreadScreen {
        init(conversationID: Assisted<String>, store: MessageStore) {}
        struct AssistedFactory: Cleanse.AssistedFactory {
            typealias Seed = String
            typealias Element = ThreadScreen
        }
    }

    final class ComposeScreen {
        init(recipient: Assisted<String>, store: MessageStore) {}
    }

    @Injectable
    final class DraftScreen { // expect: AssistedOutsideFactory
        init(draftID: Assisted<Int>, store: MessageStore) {}
    }

    final class InboxCoordinator {
        init(threads: Factory<ThreadScreen.AssistedFactory>, compose: Provider<ComposeScreen>, drafts: Provider<DraftScreen>) {}
    }

    struct MessagingModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(MessageStore.self).sharedInScope().to(factory: MessageStore.init)
            binder.bindFactory(ThreadScreen.self).with(ThreadScreen.AssistedFactory.self).to(factory: ThreadScreen.init)
            binder.bind(ComposeScreen.self).to(factory: ComposeScreen.init) // expect: AssistedOutsideFactory
        }
    }

    struct InboxComponent: RootComponent {
        typealias Root = InboxCoordinator
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: MessagingModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<InboxCoordinator>) -> BindingReceipt<InboxCoordinator> {
            bind.to(factory: InboxCoordinator.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(InboxComponent.self)
    }
}
