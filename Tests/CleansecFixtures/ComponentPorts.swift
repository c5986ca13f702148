import Cleanse

/// A family of chart screens, each a subcomponent whose root is the `Visualization` the
/// dashboard also binds, each seeded with a `String` as the dashboard is (their ports: no
/// error), beside a screen whose *module* binds `Visualization` again (reported).
public enum ComponentPorts {
    class Visualization {
        init(title: String) {}
    }
    final class BarChart: Visualization {}
    struct ChartScope: Scope {}
    final class Tooltip {
        init(showAll: Bool) {}
        struct Factory: AssistedFactory {
            typealias Seed = Bool
            typealias Element = Tooltip
        }
    }

    struct BarChartScreen: Component {
        typealias Root = Visualization
        typealias Seed = String
        static func configure(binder: Binder<ChartScope>) {
            binder.bindFactory(Tooltip.self).with(Tooltip.Factory.self).to { (value) -> Tooltip in Tooltip(showAll: value.get()) }
        }
        static func configureRoot(binder bind: ReceiptBinder<Visualization>) -> BindingReceipt<Visualization> {
            bind.to { (title: String, tooltips: Factory<Tooltip.Factory>) in BarChart(title: title) }
        }
    }

    struct PieModule: Module {
        static func configure(binder: Binder<ChartScope>) {
            binder.bind(Visualization.self).to { Visualization(title: "pie") } // expect: DuplicateBinding
        }
    }
    final class PieScreen {
        init(visualization: Visualization) {}
    }
    struct PieChartScreen: Component {
        typealias Root = PieScreen
        static func configure(binder: Binder<ChartScope>) {
            binder.include(module: PieModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<PieScreen>) -> BindingReceipt<PieScreen> {
            bind.to(factory: PieScreen.init)
        }
    }

    final class Dashboard {
        init(visualization: Visualization, bars: ComponentFactory<BarChartScreen>, pies: ComponentFactory<PieChartScreen>) {}
    }
    struct DashboardComponent: RootComponent {
        typealias Root = Dashboard
        typealias Seed = String
        static func configure(binder: Binder<Singleton>) {
            binder.bind(Visualization.self).to { (owner: String) in Visualization(title: owner) }
            binder.install(dependency: BarChartScreen.self)
            binder.install(dependency: PieChartScreen.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Dashboard>) -> BindingReceipt<Dashboard> {
            bind.to(factory: Dashboard.init)
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(DashboardComponent.self)
    }
}
