import Cleanse

/// A valid app that uses most of what the analyzer reads; cleansec must report nothing.
public enum ValidShop {
    struct Region: Tag { typealias Element = String }
    struct RequestID: Tag { typealias Element = Int }
    struct RequestScope: Scope {}
    typealias Kettle = Boiler

    protocol Heating: AnyObject {}
    final class Boiler: Heating {
        init() {}
    }
    struct Settings {
        let region: String
        var retries: Int
        let version = 3
    }
    final class Catalog {
        let items: [String]
        let prices: [String: Int]
        let flags: Set<Bool>
        init(items: [String], prices: [String: Int], flags: Set<Bool>) {
            self.items = items
            self.prices = prices
            self.flags = flags
        }
    }
    final class Oven {
        init(heater: any Heating, settings: Provider<Settings>, region: TaggedProvider<Region>) {}
        convenience init(named: String) { self.init(heater: Boiler(), settings: Provider(value: Settings(region: named, retries: 0)), region: TaggedProvider(value: named)) }
    }
    final class Bakery {
        init(oven: Oven, later: @escaping () -> Catalog, maybe: Kettle?, weak: WeakProvider<Oven>, fresh: AsyncProvider<Bread>) {}
    }
    struct Bread {
        static func bake(oven: Oven) async throws -> Bread { Bread() }
    }
    final class Receipt {
        struct Factory: AssistedFactory {
            typealias Seed = Int
            typealias Element = Receipt
        }
        init(total: Assisted<Int>, region: TaggedProvider<Region>) {}
    }
    final class Till {
        var catalog: Catalog?
        func injectProperties(_ catalog: Catalog) { self.catalog = catalog }
    }
    final class Counter {
        init(requestID: TaggedProvider<RequestID>, bakery: Bakery, receipts: Cleanse.Factory<Receipt.Factory>) {}
    }

    struct BakingModule: Cleanse.Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind((any Heating).self).to(factory: Boiler.init)
            binder.bind(Settings.self).to(factory: Settings.init)
            binder.bind(Int.self).to(value: 2)
            binder.bind(String.self).to(value: "main")
            binder.bind(String.self).tagged(with: Region.self).to(value: "north")
            binder.bind(Oven.self).to(factory: Oven.init(heater:settings:region:))
            binder.bind(Bread.self).to(factory: Bread.bake)
        }
    }

    struct CatalogModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(String.self).intoCollection().to(value: "rye")
            binder.bind(String.self).intoCollection().to { (region: TaggedProvider<Region>) in region.get() }
            binder.bind(Int.self).intoDictionary(key: "rye").to(value: 4)
            binder.bind(Int.self).intoDictionary(key: "spelt").to(value: 5)
            binder.bind(Bool.self).intoSet().to(value: true)
            binder.bind(Catalog.self).to(factory: Catalog.init)
        }
    }

    struct Counters: Component {
        typealias Root = Counter
        typealias Scope = RequestScope
        typealias Seed = TaggedProvider<RequestID>

        static func configure(binder: Binder<RequestScope>) {
            binder.bindFactory(Receipt.self).with(Receipt.Factory.self).to(factory: Receipt.init)
        }

        static func configureRoot(binder bind: ReceiptBinder<Counter>) -> BindingReceipt<Counter> {
            bind.to(factory: Counter.init)
        }
    }

    struct Shop: RootComponent {
        typealias Root = PropertyInjector<Till>

        static func configure(binder: SingletonBinder) {
            binder.include(module: BakingModule.self)
            binder.include(module: CatalogModule.self)
            binder.bind(Kettle.self).sharedInScope().to { Boiler() }
            binder.bind(Bakery.self).to(factory: Bakery.init)
            binder.install(dependency: Counters.self)
        }

        static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<Till>>) -> BindingReceipt<PropertyInjector<Till>> {
            bind.propertyInjector { bind in
                bind.to(injector: Till.injectProperties)
            }
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Shop.self)
    }
}
