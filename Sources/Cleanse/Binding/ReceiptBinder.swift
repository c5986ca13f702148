/// The binder `configureRoot(binder:)` receives: it binds the component's root object, and
/// its terminating step returns the receipt `configureRoot` must return.
///
/// ```swift
/// static func configureRoot(binder bind: ReceiptBinder<CoffeeMaker>) -> BindingReceipt<CoffeeMaker> {
///     bind.to(factory: CoffeeMaker.init)
/// }
/// ```
public struct ReceiptBinder<Element>: BindToable {
    public typealias Input = Element

    let collector: BindingCollector

    init(collector: BindingCollector) {
        self.collector = collector
    }

    public func _register(_ recipe: BindingRecipe<Element>) -> BindingReceipt<Element> {
        collector.add(BindingRecord(recipe: recipe, key: BindingKey(Element.self), scope: nil))
        return BindingReceipt()
    }
}
