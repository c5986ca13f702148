import Cleanse
import XCTest

/// Cleanse 4's own cycle test, in its shape: the types nested in the test case, a file named
/// `CycleTests.swift` in the module `CleanseTests`, and the phrases its assertions look for.
final class CycleTests: XCTestCase {
    final class AA {
        init(b: BB) {}
    }

    final class BB {
        init(a: AA) {}
    }

    struct BadComponent: RootComponent {
        typealias Root = AA
        static func configure(binder: Binder<Singleton>) {
            binder.bind(BB.self).sharedInScope().to(factory: BB.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
            bind.to(factory: Root.init)
        }
    }

    final class AAWeak {
        init(b: BBWeak) {}
    }

    final class BBWeak {
        init(a: WeakProvider<AAWeak>) {}
    }

    struct WeakComponent: RootComponent {
        typealias Root = AAWeak
        static func configure(binder: Binder<Singleton>) {
            binder.bind().sharedInScope().to(factory: BBWeak.init)
        }
        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
            bind.to(factory: Root.init)
        }
    }

    func testCycleDetectionNamesTypesAsCleanse4Did() {
        XCTAssertThrowsError(try ComponentFactory.of(BadComponent.self)) { error in
            guard let cycle = error as? DependencyCycle else { return XCTFail("\(error)") }
            let message = cycle.description
            XCTAssertTrue(message.contains("Dependency Cycle Detected"), message)
            XCTAssertTrue(message.contains("required by AA at CleanseTests/CycleTests.swift"), message)
            XCTAssertTrue(message.contains("required by BB at CleanseTests/CycleTests.swift"), message)
        }
    }

    func testACycleThroughAWeakProviderIsAllowed() throws {
        XCTAssertNoThrow(try ComponentFactory.of(WeakComponent.self).build(()))
    }
}
