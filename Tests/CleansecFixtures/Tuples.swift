import Cleanse

/// A map screen that binds its viewport as a labelled tuple and asks for it unlabelled: two
/// different types to the runtime, so the request is a missing binding (reported).
public enum Tuples {
    final class MapScreen {
        init(viewport: (Double, Double)) {}
    }
    struct MapComponent: RootComponent {
        typealias Root = MapScreen
        static func configure(binder: Binder<Unscoped>) {
            binder.bind((width: Double, height: Double).self).to(value: (width: 320, height: 480))
        }
        static func configureRoot(binder bind: ReceiptBinder<MapScreen>) -> BindingReceipt<MapScreen> {
            bind.to(factory: MapScreen.init) // expect: MissingBinding
        }
    }

    static func validate() throws {
        _ = try ComponentFactory.of(MapComponent.self)
    }
}
