@testable import Cleanse
import CleanseGraph
import Testing

private struct Widget {}
private struct WidgetDetails: AssistedFactory {
    typealias Seed = Int
    typealias Element = Widget
}
private struct WidgetComponent: RootComponent {
    typealias Root = Widget
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Widget>) -> BindingReceipt<Widget> {
        bind.to { Widget() }
    }
}

/// cleansec spells the runtime's own types from `BuiltInNames`; each name there must be the
/// one the runtime prints for the real type, or cleansec's keys would miss the runtime's.
@Suite struct BuiltInNamesTests {
    @Test("each built-in name is the runtime's name of its type")
    func namesAreTheRuntimes() {
        let widget = TypeIdentity(Widget.self).name
        #expect(TypeIdentity(ExposedRoot.self).name == BuiltInNames.exposedRoot)
        #expect(TypeIdentity(LegacyObjectGraph.self).name == BuiltInNames.legacyObjectGraph)
        #expect(TypeIdentity(ComponentFactory<WidgetComponent>.self).name
            == BuiltInNames.generic(BuiltInNames.componentFactory, of: TypeIdentity(WidgetComponent.self).name))
        #expect(TypeIdentity(FeatureFactory<WidgetComponent>.self).name
            == BuiltInNames.generic(BuiltInNames.featureFactory, of: TypeIdentity(WidgetComponent.self).name))
        #expect(TypeIdentity(Factory<WidgetDetails>.self).name
            == BuiltInNames.generic(BuiltInNames.assistedFactory, of: TypeIdentity(WidgetDetails.self).name))
        #expect(TypeIdentity(PropertyInjector<Widget>.self).name == BuiltInNames.generic(BuiltInNames.propertyInjector, of: widget))
        #expect(TypeIdentity(MainActorPropertyInjector<Widget>.self).name == BuiltInNames.generic(BuiltInNames.mainActorPropertyInjector, of: widget))
        #expect(TypeIdentity(AsyncPropertyInjector<Widget>.self).name == BuiltInNames.generic(BuiltInNames.asyncPropertyInjector, of: widget))
    }
}
