import Cleanse
import Foundation
import Testing

private final class Engine {}
private final class Wheel {}
private final class Car { init(engine: Engine, wheels: Provider<Wheel>) {} }
private struct Driver: Cleanse.Tag { typealias Element = String }
private struct Trip { init(car: Car, driver: TaggedProvider<Driver>) {} }

private struct TripScope: Scope {}
private struct TripComponent: Cleanse.Component {
    typealias Root = Trip
    typealias Seed = TaggedProvider<Driver>
    static func configure(binder: Binder<TripScope>) {}
    static func configureRoot(binder bind: ReceiptBinder<Trip>) -> BindingReceipt<Trip> {
        bind.to(factory: Trip.init)
    }
}

private struct GarageComponent: RootComponent {
    typealias Root = ComponentFactory<TripComponent>
    static let engineLine = #line + 2
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Engine.self).sharedInScope().to(factory: Engine.init)
        binder.bind(Wheel.self).to(factory: Wheel.init)
        binder.bind(Car.self).to(factory: Car.init)
        binder.install(dependency: TripComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (trips: Provider<ComponentFactory<TripComponent>>) in trips.get() }
    }
}

/// The documented schema (Documentation/graph-schema.md), as a reader would decode it.
private struct Document: Decodable {
    struct Key: Decodable, Equatable { let type: String; let tag: String? }
    struct Location: Decodable { let file: String; let line: Int }
    struct Dependency: Decodable { let key: Key; let kind: String; let requestedAs: String }
    struct Binding: Decodable {
        let id: String; let key: Key; let kind: String; let scope: String?
        let location: Location; let dependencies: [Dependency]
    }
    struct Edge: Decodable { let from: String; let to: String; let kind: String }
    struct Component: Decodable {
        let id: Int; let type: String; let parent: Int?; let scope: String?
        let seed: Key?; let root: Key; let bindings: [Binding]; let edges: [Edge]
    }
    let schemaVersion: Int
    let components: [Component]
}

@Suite("Graph export")
struct GraphExportTests {
    @Test("JSON decodes to the documented schema, with bindings, locations, dependencies and edges")
    func jsonSchema() throws {
        let json = GraphExport.json(of: GarageComponent.self)
        let document = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
        #expect(document.schemaVersion == 1)
        #expect(document.components.map(\.type) == ["GarageComponent", "TripComponent"])
        let garage = document.components[0], trip = document.components[1]
        #expect(garage.parent == nil && trip.parent == 0)
        #expect(garage.scope == "Singleton" && trip.scope == "TripScope")
        #expect(trip.seed == Document.Key(type: "String", tag: "Driver"))

        let engine = try #require(garage.bindings.first { $0.key.type == "Engine" })
        #expect(engine.scope == "Singleton")
        #expect(engine.location.file == #fileID && engine.location.line == GarageComponent.engineLine)
        let car = try #require(garage.bindings.first { $0.key.type == "Car" })
        #expect(car.dependencies.map(\.kind) == ["direct", "provider"])
        #expect(car.dependencies.map(\.requestedAs) == ["Engine", "Provider<Wheel>"])
        #expect(garage.edges.contains { $0.from == car.id && $0.to == engine.id && $0.kind == "direct" })

        // The child's Trip needs the parent's Car: the edge crosses into component 0.
        let tripBinding = try #require(trip.bindings.first { $0.key.type == "Trip" })
        #expect(trip.edges.contains { $0.from == tripBinding.id && $0.to == car.id })
    }

    @Test("DOT nests the subcomponent as a cluster, dashes deferred edges, and parses with dot")
    func dotOutput() throws {
        let dot = GraphExport.dot(of: GarageComponent.self)
        #expect(dot.hasPrefix("digraph \"GarageComponent\" {"))
        let outer = try #require(dot.range(of: "subgraph \"cluster_0\""))
        let inner = try #require(dot.range(of: "subgraph \"cluster_1\""))
        #expect(outer.lowerBound < inner.lowerBound)
        #expect(dot.contains("label=\"TripComponent (TripScope)\""))
        #expect(dot.contains("[style=dashed, label=\"provider\"]"))

        let graphviz = URL(fileURLWithPath: "/usr/bin/dot")
        guard FileManager.default.isExecutableFile(atPath: graphviz.path) else { return }
        let process = Process()
        process.executableURL = graphviz
        process.arguments = ["-Tcanon"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
