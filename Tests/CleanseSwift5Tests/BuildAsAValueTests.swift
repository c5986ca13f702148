import Cleanse
import XCTest

// The Swift 5 language mode twin of CleanseTests/SourceCompat/BuildAsAValueTests.swift: a
// component factory's `build` kept as a value, as Cleanse 4 code keeps it.

struct TableNumber: Cleanse.Tag { typealias Element = Int }

final class Table {
    let number: Int
    init(number: TaggedProvider<TableNumber>) { self.number = number.get() }
}

struct TableComponent: Cleanse.Component {
    typealias Root = Table
    typealias Seed = TaggedProvider<TableNumber>
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Table>) -> BindingReceipt<Table> {
        bind.to(factory: Table.init)
    }
}

final class Dining {
    let tables: ComponentFactory<TableComponent>
    init(tables: ComponentFactory<TableComponent>) { self.tables = tables }
}

struct DiningComponent: Cleanse.RootComponent {
    typealias Root = Dining
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: TableComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Dining>) -> BindingReceipt<Dining> {
        bind.to(factory: Dining.init)
    }
}

final class BuildAsAValueSwift5Tests: XCTestCase {
    func testBuildKeptAsAValueBuildsEachTime() throws {
        let make = try ComponentFactory.of(DiningComponent.self).build
        let dining = make(())
        XCTAssertTrue(dining !== make())
        let seat = dining.tables.build
        XCTAssertEqual(seat(4).number, 4)
        XCTAssertEqual(seat(TaggedProvider<TableNumber>(value: 5)).number, 5)
        XCTAssertEqual([1, 2].map { seat($0).number }, [1, 2])
    }
}
