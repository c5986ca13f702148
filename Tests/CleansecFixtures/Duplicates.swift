import Cleanse

/// A key bound twice, a dictionary entry added twice, and a whole dictionary contributed as
/// one entry; a child whose own root is its parent's key (a port, not a duplicate).
public enum Duplicates {
    final class Clock {}
    final class Board {
        init(clock: Clock, sizes: [String: Int]) {}
    }
    enum Size { case small, large }

    struct ClockModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind(Clock.self).to(factory: Clock.init) // expect: DuplicateBinding
            binder.bind(Int.self).intoDictionary(key: "small").to(value: 1) // expect: DuplicateDictionaryKey
            binder.bind(Int.self).intoDictionary(key: "small").to(value: 2)
            binder.bind(Int.self).intoDictionary(key: "large").to(value: 3)
            binder.bind(Int.self).intoDictionary(key: "medium").to(value: ["medium": 2, "tiny": 0]) // expect: WholeDictionaryContribution
        }
    }

    struct Child: Component {
        typealias Root = Clock
        static func configure(binder: UnscopedBinder) {}
        static func configureRoot(binder bind: ReceiptBinder<Clock>) -> BindingReceipt<Clock> {
            bind.to(factory: Clock.init)
        }
    }

    struct Wall: RootComponent {
        typealias Root = Board
        static func configure(binder: UnscopedBinder) {
            binder.include(module: ClockModule.self)
            binder.bind(Clock.self).to { Clock() }
            binder.install(dependency: Child.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Board>) -> BindingReceipt<Board> {
            bind.to(factory: Board.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(Wall.self)
    }
}
