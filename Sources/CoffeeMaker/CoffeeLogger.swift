import Cleanse

/// Collects what the coffee maker does; shared by everything in the coffee shop.
final class CoffeeLogger: @unchecked Sendable {
    // Used from one thread in this demo.
    private(set) var lines: [String] = []

    func log(_ line: String) {
        lines.append(line)
    }

    struct Module: Cleanse.Module {
        static func configure(binder: Binder<Singleton>) {
            binder.bind(CoffeeLogger.self).sharedInScope().to(factory: CoffeeLogger.init)
        }
    }
}
