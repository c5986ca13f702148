import Cleanse
import Foundation
import Testing

// A charting app written for Cleanse 4: the dashboard binds a default visualization for
// itself, and each chart screen is a subcomponent whose root is a `Visualization` too,
// built as its own subclass. Each screen is seeded with a title, as the dashboard is.

private class Visualization {
    let title: String
    init(title: String) { self.title = title }
    var kind: String { "plain" }
}
private final class BarChart: Visualization {
    override var kind: String { "bar" }
}
private final class LineChart: Visualization {
    let legend: Legend
    init(title: String, legend: Legend) {
        self.legend = legend
        super.init(title: title)
    }
    override var kind: String { "line" }
}
/// Made inside a chart screen's own subcomponent: sees the screen's title, not the app's.
private final class Legend {
    let caption: String
    init(caption: String) { self.caption = caption }
}

private struct ChartScope: Cleanse.Scope {}

private struct BarChartComponent: Cleanse.Component {
    typealias Root = Visualization
    typealias Seed = String
    static func configure(binder: Binder<ChartScope>) {}
    static func configureRoot(binder bind: ReceiptBinder<Visualization>) -> BindingReceipt<Visualization> {
        bind.to { (title: String) in BarChart(title: title) }
    }
}

private struct LegendScope: Cleanse.Scope {}
private struct LegendComponent: Cleanse.Component {
    typealias Root = Legend
    static func configure(binder: Binder<LegendScope>) {}
    static func configureRoot(binder bind: ReceiptBinder<Legend>) -> BindingReceipt<Legend> {
        bind.to { (title: String) in Legend(caption: "legend of \(title)") }
    }
}

private struct LineChartComponent: Cleanse.Component {
    typealias Root = Visualization
    typealias Seed = String
    static func configure(binder: Binder<ChartScope>) {
        binder.install(dependency: LegendComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Visualization>) -> BindingReceipt<Visualization> {
        bind.to { (title: String, legends: ComponentFactory<LegendComponent>) in
            LineChart(title: title, legend: legends.build(()))
        }
    }
}

private final class Dashboard {
    let visualization: Visualization
    let bars: ComponentFactory<BarChartComponent>
    let lines: ComponentFactory<LineChartComponent>
    let owner: String
    init(visualization: Visualization, bars: ComponentFactory<BarChartComponent>, lines: ComponentFactory<LineChartComponent>, owner: String) {
        self.visualization = visualization
        self.bars = bars
        self.lines = lines
        self.owner = owner
    }
}

private struct DashboardComponent: RootComponent {
    typealias Root = Dashboard
    typealias Seed = String
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Visualization.self).sharedInScope().to { (owner: String) in Visualization(title: "\(owner)'s dashboard") }
        binder.install(dependency: BarChartComponent.self)
        binder.install(dependency: LineChartComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Dashboard>) -> BindingReceipt<Dashboard> {
        bind.to(factory: Dashboard.init)
    }
}

// The mistake that stays one: a chart screen whose *module* binds the type its ancestor binds.

private struct PieChartModule: Cleanse.Module {
    static let line = #line + 2
    static func configure(binder: Binder<ChartScope>) {
        binder.bind(Visualization.self).to { Visualization(title: "pie") }
    }
}
private final class PieScreen {
    init(visualization: Visualization) {}
}
private struct PieChartComponent: Cleanse.Component {
    typealias Root = PieScreen
    static func configure(binder: Binder<ChartScope>) {
        binder.include(module: PieChartModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<PieScreen>) -> BindingReceipt<PieScreen> {
        bind.to(factory: PieScreen.init)
    }
}
private struct PieDashboardComponent: RootComponent {
    typealias Root = ComponentFactory<PieChartComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Visualization.self).to { Visualization(title: "default") }
        binder.install(dependency: PieChartComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (pies: Root) in pies }
    }
}

@Suite("A component's own seed and root")
struct ComponentPortsTests {
    @Test("each chart subcomponent makes its own root of the type the dashboard also binds; the dashboard keeps its own")
    func childRootTakesThePlaceOfTheAncestorsBinding() throws {
        let dashboard = try ComponentFactory.of(DashboardComponent.self).build("Ada")
        #expect(dashboard.visualization.kind == "plain")
        #expect(dashboard.visualization.title == "Ada's dashboard")
        let bar = dashboard.bars.build("Revenue")
        let line = dashboard.lines.build("Churn")
        #expect(bar.kind == "bar")
        #expect(line.kind == "line")
        #expect(dashboard.visualization !== bar)
    }

    @Test("a child seeded with the same type as its parent gets its own seed, and so do its own subcomponents")
    func childSeedTakesThePlaceOfTheParentsSeed() throws {
        let dashboard = try ComponentFactory.of(DashboardComponent.self).build("Ada")
        #expect(dashboard.owner == "Ada")
        #expect(dashboard.bars.build("Revenue").title == "Revenue")
        let line = try #require(dashboard.lines.build("Churn") as? LineChart)
        #expect(line.title == "Churn")
        #expect(line.legend.caption == "legend of Churn")
    }

    @Test("a module binding in a child that repeats its ancestor's key is still DuplicateBinding, naming both places")
    func moduleRebindingStaysAnError() throws {
        let error = try #require(throws: DuplicateBinding.self) { try ComponentFactory.of(PieDashboardComponent.self) }
        #expect(error.key.type.name == "Visualization")
        #expect(error.locations.contains { $0.line == PieChartModule.line })
        #expect(error.locations.count == 2)
    }

    @Test("the graph export wires each chart's root to the chart's own seed, not the dashboard's")
    func exportAgrees() throws {
        let json = GraphExport.json(of: DashboardComponent.self)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [[String: Any]])
        let line = try #require(components.first { $0["type"] as? String == "LineChartComponent" })
        let bindings = try #require(line["bindings"] as? [[String: Any]])
        func id(ofType type: String) -> String? {
            bindings.first { (($0["key"] as? [String: Any])?["type"] as? String) == type }?["id"] as? String
        }
        let root = try #require(id(ofType: "Visualization"))
        let seed = try #require(id(ofType: "String"))
        let edges = try #require(line["edges"] as? [[String: Any]])
        #expect(edges.contains { $0["from"] as? String == root && $0["to"] as? String == seed })
    }
}
