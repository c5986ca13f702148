import Cleanse
import Testing

// Factories of one to six parameters take the fixed-arity `to(factory:)` forms, which move
// each resolved dependency into the factory; seven and more take the variadic form. These
// tests prove both give the same graph, and that moving values neither leaks nor frees
// anything early.

private struct P1 { let id = 1 }
private struct P2 { let id = 2 }
private struct P3 { let id = 3 }
private struct P4 { let id = 4 }
private struct P5 { let id = 5 }
private struct P6 { let id = 6 }
private struct P7 { let id = 7 }

private struct Got1 { let ids: [Int]; init(_ a: P1) { ids = [a.id] } }
private struct Got2 { let ids: [Int]; init(_ a: P1, _ b: P2) { ids = [a.id, b.id] } }
private struct Got3 { let ids: [Int]; init(_ a: P1, _ b: P2, _ c: P3) { ids = [a.id, b.id, c.id] } }
private struct Got4 { let ids: [Int]; init(_ a: P1, _ b: P2, _ c: P3, _ d: P4) { ids = [a.id, b.id, c.id, d.id] } }
private struct Got5 { let ids: [Int]; init(_ a: P1, _ b: P2, _ c: P3, _ d: P4, _ e: P5) { ids = [a.id, b.id, c.id, d.id, e.id] } }
private struct Got6 {
    let ids: [Int]
    init(_ a: P1, _ b: P2, _ c: P3, _ d: P4, _ e: P5, _ f: P6) { ids = [a.id, b.id, c.id, d.id, e.id, f.id] }
}
private struct Got7 {
    let ids: [Int]
    init(_ a: P1, _ b: P2, _ c: P3, _ d: P4, _ e: P5, _ f: P6, _ g: P7) { ids = [a.id, b.id, c.id, d.id, e.id, f.id, g.id] }
}

private struct ArityModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(P1.self).to(factory: P1.init)
        binder.bind(P2.self).to(factory: P2.init)
        binder.bind(P3.self).to(factory: P3.init)
        binder.bind(P4.self).to(factory: P4.init)
        binder.bind(P5.self).to(factory: P5.init)
        binder.bind(P6.self).to(factory: P6.init)
        binder.bind(P7.self).to(factory: P7.init)
        binder.bind(Got1.self).to(factory: Got1.init)
        binder.bind(Got2.self).to(factory: Got2.init)
        binder.bind(Got3.self).to(factory: Got3.init)
        binder.bind(Got4.self).to(factory: Got4.init)
        binder.bind(Got5.self).to(factory: Got5.init)
        binder.bind(Got6.self).to(factory: Got6.init)
        binder.bind(Got7.self).to(factory: Got7.init)
    }
}

private let live = LiveCounter()

/// Counted, so the tests can see what is alive.
private final class Leaf {
    let id: Int
    init(id: Int) { self.id = id; live.up() }
    deinit { live.down() }
}

private final class Branch {
    let left: Leaf
    let right: Leaf
    init(_ left: Leaf, _ right: Leaf) { self.left = left; self.right = right; live.up() }
    deinit { live.down() }
}

private struct Right: Cleanse.Tag { typealias Element = Leaf }

private final class Tree {
    let branches: [Branch]
    init(_ branches: Provider<Branch>) { self.branches = (0..<100).map { _ in branches.get() }; live.up() }
    deinit { live.down() }
}

private struct TreeComponent: RootComponent {
    typealias Root = Tree
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Leaf.self).sharedInScope().to { Leaf(id: 1) }
        binder.bind(Leaf.self).tagged(with: Right.self).to { Leaf(id: 2) }
        binder.bind(Branch.self).to { (left: Leaf, right: TaggedProvider<Right>) in Branch(left, right.get()) }
    }
    static func configureRoot(binder bind: ReceiptBinder<Tree>) -> BindingReceipt<Tree> {
        bind.to(factory: Tree.init)
    }
}

private final class Session {}
private struct Report { let text: String }
private struct Title: Cleanse.Tag { typealias Element = String }

private struct RequestKindsModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Session.self).to(factory: Session.init)
        binder.bind(String.self).tagged(with: Title.self).to(value: "title")
        binder.bind(Int.self).to(value: 42)
        binder.bind(Double.self).to(value: 0.5)
        // Five parameters, each a different kind of request.
        binder.bind(Report.self).to { (session: Provider<Session>, title: TaggedProvider<Title>, weak: WeakProvider<Session>, count: () -> Int, ratio: Double?) in
            Report(text: "\(session.get() !== session.get()) \(title.get()) \(weak.get() != nil) \(count()) \(ratio ?? 0)")
        }
    }
}

private struct Pair { let text: String }
private func makePair(_ first: borrowing P1, _ second: borrowing P2) -> Pair { Pair(text: "\(first.id)\(second.id)") }

private struct ParameterFormsModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(P1.self).to(factory: P1.init)
        binder.bind(P2.self).to(factory: P2.init)
        binder.bind(Pair.self).to(factory: makePair)
        binder.bind(Report.self).to { (one: P1) in
            let again = one
            return Report(text: "\(one.id)\(again.id)")
        }
    }
}

// Shared dependencies of every kind a factory may find in its slot: an object held
// strongly, one held weakly (it keeps a provider of its own component), a struct (kept in
// a box), and an object shared by the parent component.
private final class Desk {
    static let built = CallCounter()
    let sessions: Provider<DeskSession>
    init(sessions: Provider<DeskSession>) { self.sessions = sessions; Desk.built.next() }
}
private final class DeskSession {}
private final class Lamp {
    static let built = CallCounter()
    init() { Lamp.built.next() }
}
private struct Badge {
    static let built = CallCounter()
    let number: Int
    init() { number = Badge.built.next() }
}
private final class Building {
    static let built = CallCounter()
    init() { Building.built.next() }
}
private final class Clerk {
    let desk: Desk, lamp: Lamp, badge: Badge, building: Building
    init(desk: Desk, lamp: Lamp, badge: Badge, building: Building) {
        (self.desk, self.lamp, self.badge, self.building) = (desk, lamp, badge, building)
    }
}
private final class Manager {
    let desk: Desk, lamp: Lamp, badge: Badge, building: Building, clerk: Clerk
    init(desk: Desk, lamp: Lamp, badge: Badge, building: Building, clerk: Clerk) {
        (self.desk, self.lamp, self.badge, self.building, self.clerk) = (desk, lamp, badge, building, clerk)
    }
}
private struct Office {
    let manager: Manager, clerk: Clerk, desk: Desk, lamp: Lamp, badge: Badge
}
private struct OfficeScope: Cleanse.Scope {}
private struct OfficeComponent: Cleanse.Component {
    typealias Root = Office
    static func configure(binder: Binder<OfficeScope>) {
        binder.bind(DeskSession.self).to(factory: DeskSession.init)
        binder.bind(Desk.self).sharedInScope().to(factory: Desk.init)
        binder.bind(Lamp.self).sharedInScope().to(factory: Lamp.init)
        binder.bind(Badge.self).sharedInScope().to(factory: Badge.init)
        binder.bind(Clerk.self).to(factory: Clerk.init)
        binder.bind(Manager.self).to(factory: Manager.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Office>) -> BindingReceipt<Office> {
        bind.to(factory: Office.init)
    }
}
private struct Campus: RootComponent {
    typealias Root = ComponentFactory<OfficeComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: OfficeComponent.self)
        binder.bind(Building.self).sharedInScope().to(factory: Building.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (offices: Root) in offices }
    }
}

@Suite("Fixed-arity factories", .serialized)
struct FixedArityFactoryTests {
    @Test("factories of one to six parameters, and the variadic seven, receive their dependencies in order")
    func dependenciesInOrder() throws {
        #expect(try build(ArityModule.self, Got1.self).ids == [1])
        #expect(try build(ArityModule.self, Got2.self).ids == [1, 2])
        #expect(try build(ArityModule.self, Got3.self).ids == [1, 2, 3])
        #expect(try build(ArityModule.self, Got4.self).ids == [1, 2, 3, 4])
        #expect(try build(ArityModule.self, Got5.self).ids == [1, 2, 3, 4, 5])
        #expect(try build(ArityModule.self, Got6.self).ids == [1, 2, 3, 4, 5, 6])
        #expect(try build(ArityModule.self, Got7.self).ids == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test("values moved into factories stay alive while used, are shared where bound so, and are all freed with the graph")
    func movedValuesAreNeitherLeakedNorFreedEarly() throws {
        let before = live.count
        weak var shared: Leaf?
        do {
            let tree = try ComponentFactory.of(TreeComponent.self).build(())
            shared = tree.branches[0].left
            #expect(tree.branches.allSatisfy { $0.left === tree.branches[0].left })
            #expect(Set(tree.branches.map { ObjectIdentifier($0.right) }).count == 100)
            #expect(tree.branches.map { $0.left.id + $0.right.id } == Array(repeating: 3, count: 100))
            // The tree, 100 branches, 100 right leaves and the one shared left leaf.
            #expect(live.count == before + 202)
        }
        #expect(shared == nil)
        #expect(live.count == before)
    }

    @Test("providers, tagged and weak providers, implicit closures and optionals are served to fixed-arity factories")
    func everyKindOfRequest() throws {
        let text = try build(RequestKindsModule.self, Report.self).text
        #expect(text == "true title true 42 0.5")
    }

    @Test("a shared dependency made already is the same value for every factory, whether it is held strongly, weakly, boxed or by the parent")
    func sharedDependenciesAreReadFromTheirSlots() throws {
        let offices = try ComponentFactory.of(Campus.self).build(())
        let builtBefore = (Desk.built.value, Lamp.built.value, Badge.built.value, Building.built.value)
        let office = offices.build(())
        // Each shared value is requested four times (manager, its clerk, the office's clerk,
        // the office) and made once.
        #expect(Desk.built.value == builtBefore.0 + 1)
        #expect(Lamp.built.value == builtBefore.1 + 1)
        #expect(Badge.built.value == builtBefore.2 + 1)
        #expect(Building.built.value == builtBefore.3 + 1)
        for clerk in [office.clerk, office.manager.clerk] {
            #expect(clerk.desk === office.desk && clerk.lamp === office.lamp)
            #expect(clerk.badge.number == office.badge.number && clerk.building === office.manager.building)
        }
        #expect(office.manager.desk === office.desk && office.manager.lamp === office.lamp)
        #expect(office.manager.badge.number == office.badge.number)
        // A second office shares the parent's building and has its own desk, lamp and badge.
        let other = offices.build(())
        #expect(other.desk !== office.desk && other.lamp !== office.lamp && other.badge.number != office.badge.number)
        #expect(other.clerk.building === office.clerk.building)
        #expect(Building.built.value == builtBefore.3 + 1)
    }

    @Test("a function with borrowing parameters, and a closure that copies its parameter, are accepted")
    func parameterForms() throws {
        #expect(try build(ParameterFormsModule.self, Pair.self).text == "12")
        #expect(try build(ParameterFormsModule.self, Report.self).text == "11")
    }
}
