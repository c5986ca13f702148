import Cleanse
import Testing

private class Vehicle {
    var wheels = 0
}
private final class Bike: Vehicle {
    var bell: String?
}
private final class APIClient {}
private final class BackupClient {}
private struct Backup: Cleanse.Tag { typealias Element = BackupClient }
private struct Settings: Equatable { let theme: String }
private final class Session {}

private struct LegacyModule: Cleanse.Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(APIClient.self).sharedInScope().to(factory: APIClient.init)
        binder.bind(BackupClient.self).tagged(with: Backup.self).to(factory: BackupClient.init)
        binder.bind(Settings.self).to(value: Settings(theme: "dark"))
        binder.bind(Int.self).to(value: 2)
        binder.bind(String.self).to(value: "ring")
        binder.bindPropertyInjectionOf(Vehicle.self).to { (vehicle: Vehicle, wheels: Int) in vehicle.wheels = wheels }
        binder.bindPropertyInjectionOf(Bike.self).to { (bike: Bike, bell: String) in bike.bell = bell }
    }
}

/// A root whose `Root` is the graph itself, with no `configureRoot`.
private struct LegacyRoot: RootComponent {
    typealias Root = LegacyObjectGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LegacyModule.self)
        binder.install(dependency: SessionComponent.self)
        binder.bind(Holder.self).to(factory: Holder.init)
    }
}

/// The graph injected into an ordinary object.
private struct Holder {
    let graph: LegacyObjectGraph
    let sessions: ComponentFactory<SessionComponent>
}

private struct SessionScope: Scope {}
private struct SessionComponent: Cleanse.Component {
    typealias Root = LegacyObjectGraph
    static func configure(binder: Binder<SessionScope>) {
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
    }
}

@Suite("LegacyObjectGraph")
struct LegacyObjectGraphTests {
    @Test("a component's Root can be the graph, with no configureRoot, and it finds bound classes")
    func objectForClass() throws {
        let graph = try ComponentFactory.of(LegacyRoot.self).build(())
        let client = try #require(graph.objectForClass(cls: APIClient.self) as? APIClient)
        #expect(graph.objectForClass(cls: APIClient.self) === client)
        #expect(graph.objectForClass(cls: Session.self) == nil)
    }

    @Test("objectForClass(cls:withName:) finds a tagged binding by the tag's name")
    func taggedByName() throws {
        let graph = try ComponentFactory.of(LegacyRoot.self).build(())
        #expect(graph.objectForClass(cls: BackupClient.self, withName: "Backup") is BackupClient)
        #expect(graph.objectForClass(cls: BackupClient.self, withName: "Nope") == nil)
        #expect(graph.objectForClass(cls: BackupClient.self) == nil)
    }

    @Test("providerForClass(cls:) is a function that makes the object, or returns nil for an unbound class")
    func providerForClass() throws {
        let graph = try ComponentFactory.of(LegacyRoot.self).build(())
        let provider = graph.providerForClass(cls: APIClient.self)
        #expect(provider() is APIClient)
        #expect(graph.providerForClass(cls: Session.self)() == nil)
        #expect(graph.providerForClass(cls: BackupClient.self, withName: "Backup")() is BackupClient)
    }

    @Test("injectPropertiesIntoObject runs the injectors of the class and its superclasses")
    func injectsThroughHierarchy() throws {
        let graph = try ComponentFactory.of(LegacyRoot.self).build(())
        let bike = Bike()
        graph.injectPropertiesIntoObject(object: bike)
        #expect(bike.wheels == 2)
        #expect(bike.bell == "ring")
        let unknown = APIClient()
        graph.injectPropertiesIntoObject(object: unknown)
    }

    @Test("the typed look-up serves value types and throws a clear error for unbound ones")
    func typedLookup() throws {
        let graph = try ComponentFactory.of(LegacyRoot.self).build(())
        #expect(try graph.object(Settings.self) == Settings(theme: "dark"))
        do {
            _ = try graph.object(Double.self)
            Issue.record("expected an UnboundLookup")
        } catch let error as UnboundLookup {
            #expect(error.diagnosticID == .unboundLookup)
            #expect(error.description.contains("nothing binds 'Double' in component 'LegacyRoot'"))
        }
    }

    @Test("injected in a component, and in a subcomponent it also sees the child's bindings")
    func injectableEverywhere() throws {
        let graph = try ComponentFactory.of(LegacyRoot.self).build(())
        let holder = try graph.object(Holder.self)
        #expect(holder.graph.objectForClass(cls: APIClient.self) != nil)
        let sessionGraph = holder.sessions.build(())
        let session = sessionGraph.objectForClass(cls: Session.self)
        #expect(session != nil)
        #expect(sessionGraph.objectForClass(cls: Session.self) === session)
        #expect(sessionGraph.objectForClass(cls: APIClient.self) === graph.objectForClass(cls: APIClient.self))
    }
}

private final class Mirror1 {}
private enum East { struct Exit: Cleanse.Tag { typealias Element = Mirror1 } }
private enum West { struct Exit: Cleanse.Tag { typealias Element = Mirror1 } }
private struct TwoExitsModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Mirror1.self).tagged(with: East.Exit.self).to(factory: Mirror1.init)
        binder.bind(Mirror1.self).tagged(with: West.Exit.self).to(factory: Mirror1.init)
    }
}

extension LegacyObjectGraphTests {
    @Test("a tag name shared by two tags is ambiguous every time, and the qualified name picks one")
    func sharedTagNamesAreAmbiguous() throws {
        let graph = try ComponentFactory.of(ModuleComponent<TwoExitsModule, LegacyObjectGraph>.self).build(())
        for _ in 0..<20 {
            #expect(graph.objectForClass(cls: Mirror1.self, withName: "Exit") == nil)
        }
        #expect {
            _ = try graph.object(Mirror1.self, taggedWithName: "Exit")
        } throws: { error in
            (error as? UnboundLookup)?.ambiguousTags.count == 2 && "\(error)".contains("ambiguous")
        }
        let qualified = String(reflecting: East.Exit.self)
        #expect(graph.objectForClass(cls: Mirror1.self, withName: qualified) is Mirror1)
    }
}
