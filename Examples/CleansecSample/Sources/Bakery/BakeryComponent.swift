import BakeryKit
import Cleanse

/// The bakery: its root is the baker, whose flour comes from `BakeryKit`'s mill. cleansec
/// reads that target through its partial model.
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
