import Cleanse

/// Flour, which the mill provides.
final class Flour: Sendable {}

/// An oven, shared by the whole bakery.
final class Oven: Sendable {}

/// Bakes bread from flour in the oven.
final class Baker: Sendable {
    let flour: Flour
    let oven: Oven

    init(flour: Flour, oven: Oven) {
        self.flour = flour
        self.oven = oven
    }

    func bake() -> String { "a loaf" }
}

/// Binds the flour. `check.sh` deletes the line marked below to plant a mistake, and
/// expects `swift build` to fail on the baker's binding.
struct MillModule: Module {
    static func configure(binder: UnscopedBinder) {
        binder.bind(Flour.self).to(factory: Flour.init) // cleansec-sample: planted mistake removes this line
    }
}

/// The bakery: its root is the baker.
struct BakeryComponent: RootComponent {
    typealias Root = Baker
    typealias Scope = Singleton

    static func configure(binder: SingletonBinder) {
        binder.include(module: MillModule.self)
        binder.bind(Oven.self).sharedInScope().to(factory: Oven.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Baker>) -> BindingReceipt<Baker> {
        bind.to(factory: Baker.init)
    }
}
