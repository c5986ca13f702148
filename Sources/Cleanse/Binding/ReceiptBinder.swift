/// The binder `configureRoot(binder:)` receives: it binds the component's root object, and
/// its terminating step returns the receipt `configureRoot` must return.
///
/// ```swift
/// static func configureRoot(binder bind: ReceiptBinder<CoffeeMaker>) -> BindingReceipt<CoffeeMaker> {
///     bind.to(factory: CoffeeMaker.init)
/// }
/// ```
public struct ReceiptBinder<Element>: BindToable, CollectorHolding {
    public typealias Input = Element

    let collector: BindingCollector
    /// Records the completed binding: as the component's root, or through the builder that
    /// `configured(with:)` was called on.
    private let registration: (TypedBindingRecord<Element>) -> BindingReceipt<Element>

    /// A binder for the root of the component `collector` gathers. A root of a
    /// ``PropertyInjectable`` (or ``MainActorPropertyInjectable``) class gets its `@Injected`
    /// properties filled when it is made
    /// (asked once per component, and only of classes: a conformance look-up costs).
    init(collector: BindingCollector) {
        self.collector = collector
        var injected: [InjectedProperty]?
        if Element.self is AnyObject.Type {
            injected = (Element.self as? any PropertyInjectable.Type)?.injectedProperties
                ?? (Element.self as? any MainActorPropertyInjectable.Type)?.injectedProperties
        }
        registration = { recipe in
            let key = BindingKey(Element.self)
            var made = recipe
            // A root that hands on the root type's own binding (`bind.to { (root: Root) in
            // root }`) gets an object that binding filled already.
            if let injected, !CollectionRules.handsOn(recipe.requests.models, rootKey: key) {
                made = recipe.fillingInjectedProperties(injected)
            }
            collector.addRoot(made.record(key: key, scope: nil))
            return BindingReceipt()
        }
    }

    /// A binder whose terminating step completes another builder's binding.
    init<Builder: BindToable>(completing builder: Builder, collector: BindingCollector) where Builder.Input == Element {
        self.collector = collector
        registration = builder._register
    }

    public func _register(_ recipe: TypedBindingRecord<Element>) -> BindingReceipt<Element> {
        registration(recipe)
    }
}

/// A builder of the binder DSL, which knows the component it adds bindings to.
protocol CollectorHolding {
    var collector: BindingCollector { get }
}

extension BindToable {
    /// Completes the binding with a function written for a `ReceiptBinder`, such as a
    /// component's `configureRoot`: whatever terminating step it takes completes this
    /// binding, with this builder's tag and scope.
    ///
    /// ```swift
    /// binder.bind(Root.self).sharedInScope().configured(with: AppComponent.configureRoot)
    /// ```
    @discardableResult
    public func configured(with configure: (ReceiptBinder<Input>) -> BindingReceipt<Input>) -> BindingReceipt<Input> {
        guard let holder = self as? any CollectorHolding else {
            RuntimeFailure.foreignBuilder(Self.self)
        }
        return configure(ReceiptBinder(completing: self, collector: holder.collector))
    }
}

extension RuntimeFailure {
    /// `configured(with:)` on a `BindToable` that is not one of Cleanse's builders. Only
    /// Cleanse can make a `TypedBindingRecord`, so no working conformance exists outside it.
    static func foreignBuilder(_ type: Any.Type) -> Never {
        fatalError("[Cleanse/InternalError] configured(with:) was called on '\(type)', which is not one of Cleanse's binding builders. Please report this bug.")
    }
}
