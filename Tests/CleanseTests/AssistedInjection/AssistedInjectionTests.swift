import Cleanse
import Testing

private final class CustomerService {}

// The README's example, with the view controller made a plain class.
private final class CustomerDetailViewController {
    let customerID: String
    let customerService: CustomerService
    init(customerID: Assisted<String>, customerService: CustomerService) {
        self.customerID = customerID.get()
        self.customerService = customerService
    }
}

extension CustomerDetailViewController {
    struct AssistedFactory: Cleanse.AssistedFactory {
        typealias Seed = String
        typealias Element = CustomerDetailViewController
    }

    struct Module: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder
                .bindFactory(CustomerDetailViewController.self)
                .with(AssistedFactory.self)
                .to(factory: CustomerDetailViewController.init)
        }
    }
}

private final class CustomerListViewController {
    let detailViewControllerFactory: Factory<CustomerDetailViewController.AssistedFactory>
    init(detailViewControllerFactory: Factory<CustomerDetailViewController.AssistedFactory>) {
        self.detailViewControllerFactory = detailViewControllerFactory
    }
    func tappedCustomer(with customerID: String) -> CustomerDetailViewController {
        detailViewControllerFactory.build(customerID)
    }
}

// The assisted argument last, and in the middle of several.
private struct Order {
    let service: CustomerService
    let count: Int
    let note: String
    let quantity: Int
}
private struct OrderFactory: Cleanse.AssistedFactory {
    typealias Seed = Int
    typealias Element = Order
}
private struct Receipt {
    let service: CustomerService
    let total: Int
}
private struct ReceiptFactory: Cleanse.AssistedFactory {
    typealias Seed = Int
    typealias Element = Receipt
}

private struct Factories {
    let list: CustomerListViewController
    let orders: Factory<OrderFactory>
    let receipts: Factory<ReceiptFactory>
}

private struct ShopComponent: RootComponent {
    typealias Root = Factories
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CustomerDetailViewController.Module.self)
        binder.bind(CustomerService.self).sharedInScope().to(factory: CustomerService.init)
        binder.bind(Int.self).to(value: 3)
        binder.bind(String.self).to(value: "gift")
        binder.bind(CustomerListViewController.self).to(factory: CustomerListViewController.init)
        binder.bindFactory(Order.self).with(OrderFactory.self).to { (service: CustomerService, count: Int, quantity: Assisted<Int>, note: String) in
            Order(service: service, count: count, note: note, quantity: quantity.get())
        }
        binder.bindFactory(Receipt.self).with(ReceiptFactory.self).to { (service: CustomerService, total: Assisted<Int>) in
            Receipt(service: service, total: total.get())
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Factories>) -> BindingReceipt<Factories> {
        bind.to(factory: Factories.init)
    }
}

private final class Missing {}
private struct Needy { init(seed: Assisted<Int>, missing: Missing) {} }
private struct NeedyFactory: Cleanse.AssistedFactory {
    typealias Seed = Int
    typealias Element = Needy
}
private struct NeedyModule: Cleanse.Module {
    static let factoryLine = #line + 2
    static func configure(binder: Binder<Unscoped>) {
        binder.bindFactory(Needy.self).with(NeedyFactory.self).to(factory: Needy.init)
    }
}

/// Hands the bindings it sees to a closure.
private struct BindingSpy: CleanseBindingPlugin {
    let seen: (ComponentBinding) -> Void
    func visit(root: ComponentBinding, errorReporter: CleanseErrorReporter) { seen(root) }
}

@Suite("Assisted injection")
struct AssistedInjectionTests {
    @Test("the binding model lists the assisted parameter in place, as requested by the caller")
    func assistedInModel() throws {
        nonisolated(unsafe) var kinds: [RequestKind] = []
        let spy = BindingSpy { root in
            kinds = root.bindings.first { $0.key == BindingKey(Factory<OrderFactory>.self) }?.dependencies.map(\.kind) ?? []
        }
        _ = try ComponentFactory.of(ShopComponent.self, serviceLoader: CleanseServiceLoader([spy]))
        #expect(kinds == [.direct, .direct, .assisted, .direct])
        let json = GraphExport.json(of: ShopComponent.self)
        #expect(json.contains("\"kind\":\"assisted\",\"requestedAs\":\"Assisted<Int>\""))
    }

    @Test("the README's customer detail factory builds from the seed and the graph")
    func readmeExample() throws {
        let list = try ComponentFactory.of(ShopComponent.self).build(()).list
        let detail = list.tappedCustomer(with: "c-42")
        #expect(detail.customerID == "c-42")
        #expect(list.tappedCustomer(with: "c-7").customerID == "c-7")
    }

    @Test("the assisted argument may stand first, in the middle or last")
    func assistedArgumentAnywhere() throws {
        let factories = try ComponentFactory.of(ShopComponent.self).build(())
        let order = factories.orders.build(5)
        #expect([order.count, order.quantity] == [3, 5])
        #expect(order.note == "gift")
        #expect(factories.receipts.build(99).total == 99)
    }

    @Test("bound dependencies keep their scopes")
    func scopesKept() throws {
        let factories = try ComponentFactory.of(ShopComponent.self).build(())
        let first = factories.list.tappedCustomer(with: "a"), second = factories.orders.build(1)
        #expect(first.customerService === second.service)
        #expect(factories.list.tappedCustomer(with: "b") !== first)
    }

    @Test("a missing dependency of an assisted factory is reported at its binding, and the seed is not")
    func missingDependency() throws {
        do {
            _ = try build(NeedyModule.self, Factory<NeedyFactory>.self)
            Issue.record("expected a MissingProvider")
        } catch let error as MissingProvider {
            #expect(error.requestedType.name == "Missing")
            #expect(error.description.contains("required by Factory<NeedyFactory> at \(#fileID):\(NeedyModule.factoryLine)"))
        }
    }
}

/// A shared object that keeps a factory of something that needs it back: not a cycle, since
/// the factory builds only when it is called.
private final class Library {
    let books: Factory<BookFactory>
    init(books: Factory<BookFactory>) { self.books = books }
}
private struct Book {
    let title: String
    let library: Library
    init(title: Assisted<String>, library: Library) { self.title = title.get(); self.library = library }
}
private struct BookFactory: Cleanse.AssistedFactory {
    typealias Seed = String
    typealias Element = Book
}
private struct LibraryModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Library.self).sharedInScope().to(factory: Library.init)
        binder.bindFactory(Book.self).with(BookFactory.self).to(factory: Book.init)
    }
}

extension AssistedInjectionTests {
    @Test("a factory of something that needs its holder is lazy, like a provider, so it is no cycle")
    func factoryIsALazyEdge() throws {
        let library = try ComponentFactory.of(ModuleComponent<LibraryModule, Library>.self).build(())
        let book = library.books.build("Dune")
        #expect(book.title == "Dune" && book.library === library)
    }
}

// MARK: - Closures written as Cleanse 4 apps wrote them

/// A paged list whose page is built from the caller's flag alone, bound with unannotated
/// closures: the closure's one parameter is the `Assisted<Seed>`, so its type is known.
private final class TodoPage {
    let showAll: Bool
    init(showAll: Bool) { self.showAll = showAll }
    struct Factory: Cleanse.AssistedFactory {
        typealias Seed = Bool
        typealias Element = TodoPage
    }
}
private final class ArchivePage {
    let year: Int
    init(year: Int) { self.year = year }
    struct Factory: Cleanse.AssistedFactory {
        typealias Seed = Int
        typealias Element = ArchivePage
    }
}
private final class PagesScreen {
    let todos: Factory<TodoPage.Factory>
    let archives: Factory<ArchivePage.Factory>
    init(todos: Factory<TodoPage.Factory>, archives: Factory<ArchivePage.Factory>) {
        self.todos = todos
        self.archives = archives
    }
}
private struct PagesComponent: RootComponent {
    typealias Root = PagesScreen
    static func configure(binder: Binder<Unscoped>) {
        binder.bindFactory(TodoPage.self).with(TodoPage.Factory.self).to { (value) -> TodoPage in
            TodoPage(showAll: value.get())
        }
        binder.bindFactory(ArchivePage.self).with(ArchivePage.Factory.self).to { ArchivePage(year: $0.get()) }
    }
    static func configureRoot(binder bind: ReceiptBinder<PagesScreen>) -> BindingReceipt<PagesScreen> {
        bind.to(factory: PagesScreen.init)
    }
}

extension AssistedInjectionTests {
    @Test("an assisted factory written as an unannotated closure of the seed builds with the caller's value")
    func unannotatedSeedClosure() throws {
        let screen = try ComponentFactory.of(PagesComponent.self).build(())
        #expect(screen.todos.build(true).showAll)
        #expect(!screen.todos.build(false).showAll)
        #expect(screen.archives.build(2019).year == 2019)
    }
}
