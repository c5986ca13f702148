import Cleanse
import VendorSDK

/// A browser app's wiring in the styles real apps use, each a form cleansec once keyed by a
/// guess: a service bound untyped through `configured(with:)` functions whose
/// `ReceiptBinder<any P>` names the key (a fake in `#if DEBUG`, the live service otherwise),
/// visualisations collected under a tag whose `Element` is the collection, and the vendor's
/// shared client and sheet style read from its compiled module. The app forgets the
/// sheet's style in its tab component.
public enum BrowserWiring {
    protocol HistoryStore: AnyObject {
        func visits() -> [String]
    }

    final class SQLiteHistory: HistoryStore {
        init(path: String) {}
        func visits() -> [String] { [] }
    }

    #if DEBUG
    final class InMemoryHistory: HistoryStore {
        init() {}
        func visits() -> [String] { ["https://example.com"] }
    }
    #endif

    struct DatabasePath: Tag { typealias Element = String }

    protocol Visualization {}
    struct TopSites: Visualization {}
    struct ReadingTime: Visualization {}

    /// The charts the new-tab page shows, in no particular order.
    struct Unsorted: Tag { typealias Element = [any Visualization] }

    final class NewTabPage {
        init(history: any HistoryStore, charts: TaggedProvider<Unsorted>, payments: PayClient) {}
    }

    final class CheckoutTab {
        init(sheet: PaySheet) {}
    }

    struct StorageModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind().sharedInScope().configured(with: configureHistory)
            binder.bind().tagged(with: DatabasePath.self).to(value: "history.sqlite")
        }

        static func configureHistory(bind: ReceiptBinder<any HistoryStore>) -> BindingReceipt<any HistoryStore> {
            #if DEBUG
            return bind.to { InMemoryHistory() as any HistoryStore }
            #else
            return bind.to { (path: TaggedProvider<DatabasePath>) in SQLiteHistory(path: path.get()) }
            #endif
        }
    }

    struct ChartsModule: Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind().intoCollection().tagged(with: Unsorted.self).to(value: [])
            binder.bind().intoCollection().tagged(with: Unsorted.self).to { TopSites() as any Visualization }
        }
    }

    struct TabScope: Scope {}

    struct CheckoutComponent: Component {
        typealias Root = CheckoutTab
        typealias Scope = TabScope
        static func configure(binder: Binder<TabScope>) {
            binder.bind().to(factory: PaySheet.init) // expect: MissingBinding
        }
        static func configureRoot(binder bind: ReceiptBinder<CheckoutTab>) -> BindingReceipt<CheckoutTab> {
            bind.to(factory: CheckoutTab.init)
        }
    }

    struct BrowserApp: RootComponent {
        typealias Root = NewTabPage
        static func configure(binder: Binder<Singleton>) {
            binder.include(module: StorageModule.self)
            binder.include(module: ChartsModule.self)
            binder.bind().to { PayClient.shared }
            binder.install(dependency: CheckoutComponent.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<NewTabPage>) -> BindingReceipt<NewTabPage> {
            bind.to(factory: NewTabPage.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(BrowserApp.self)
    }
}
