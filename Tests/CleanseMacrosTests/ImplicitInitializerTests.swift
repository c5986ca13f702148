import CleanseMacros
import Foundation
import Testing

// `@Injectable` classes that declare no initializer: the graph calls the `init()` Swift
// writes where the inheritance clause cannot hide it, and says to declare one where a
// superclass may.

@Injectable
private final class Clock: Sendable {}

@Injectable
private final class Ticket: Hashable, CustomStringConvertible {
    var description: String { "ticket" }
    static func == (lhs: Ticket, rhs: Ticket) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Codable and NSObject keep the class's `init()` (the table cleansec reads too).
@Injectable
private final class Fare: Codable {
    var pence = 250
}

@Injectable
private final class TripLogger: NSObject, @unchecked Sendable {
    // Safe to share: it holds nothing.
}

private class Vehicle {
    let wheels: Int
    init(wheels: Int) { self.wheels = wheels }
}

@Injectable
private final class Bicycle: Vehicle {}

private final class Commute {
    let clock: Clock
    let ticket: Ticket
    let fare: Fare
    init(clock: Clock, ticket: Ticket, fare: Fare, logger: TripLogger) {
        self.clock = clock
        self.ticket = ticket
        self.fare = fare
    }
}

private struct CommuteApp: RootComponent {
    typealias Root = Commute
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Commute>) -> BindingReceipt<Commute> {
        bind.to(factory: Commute.init)
    }
}

private struct BicycleApp: RootComponent {
    typealias Root = Bicycle
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Bicycle>) -> BindingReceipt<Bicycle> {
        bind.to { (bicycle: Bicycle) in bicycle }
    }
}

@Suite("The initializer Swift writes for an @Injectable class")
struct ImplicitInitializerTests {
    @Test("is called when the class adopts only standard protocols such as Sendable or Codable, or subclasses NSObject")
    func standardProtocolsHideNoInitializer() throws {
        let commute = try ComponentFactory.of(CommuteApp.self).build(())
        #expect(commute.ticket.description == "ticket")
        #expect(commute.fare.pence == 250)
    }

    @Test("is not assumed behind a superclass: the error says to declare one")
    func aSuperclassMayHideIt() throws {
        var caught: (any CleanseError)?
        do {
            _ = try ComponentFactory.of(BicycleApp.self)
        } catch let error as any CleanseError {
            caught = error
        }
        let error = try #require(caught)
        #expect(error.diagnosticID == .missingBinding)
        #expect(error.description.contains("'Bicycle' is @Injectable"), "\(error)")
        #expect(error.description.contains("it declares no initializer, and the one Swift writes for it is not in sight"), "\(error)")
    }
}
