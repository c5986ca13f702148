import Cleanse

/// A cycle of direct requests, and one broken by a provider (which is valid).
public enum Cycles {
    final class Egg {
        init(chicken: Chicken) {}
    }
    final class Chicken {
        init(egg: Egg) {}
    }
    final class Farm {
        init(egg: Egg, hen: Hen) {}
    }
    final class Hen {
        init(nest: Nest) {}
    }
    final class Nest {
        init(hen: Provider<Hen>) {}
    }

    struct Yard: RootComponent {
        typealias Root = Farm
        static func configure(binder: UnscopedBinder) {
            binder.bind(Egg.self).to(factory: Egg.init) // expect: DependencyCycle
            binder.bind(Chicken.self).to(factory: Chicken.init)
            binder.bind(Hen.self).to(factory: Hen.init)
            binder.bind(Nest.self).to(factory: Nest.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Farm>) -> BindingReceipt<Farm> {
            bind.to(factory: Farm.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Yard.self)
    }
}
