/// Anything a binding can be completed on with a terminating step: `to(factory:)`,
/// `to(value:)` or `to(provider:)`.
///
/// Each terminating step records the `file` and `line` it was called from, which every
/// diagnostic about the binding reports.
public protocol BindToable {
    /// The type the terminating step must produce.
    associatedtype Input

    /// Registers a completed binding. Called by the terminating steps; not API.
    func _register(_ recipe: BindingRecipe<Input>) -> BindingReceipt<Input>
}

extension BindToable {
    /// Completes the binding with a factory of any arity; its parameters are the binding's
    /// dependencies, resolved from the graph each time a value is built.
    ///
    /// ```swift
    /// binder.bind(CoffeeMaker.self).to(factory: CoffeeMaker.init)
    /// binder.bind(Pump.self).to { (heater: Heater) in Thermosiphon(heater: heater) }
    /// binder.bind(Heater.self).to { ElectricHeater() }
    /// ```
    ///
    /// A parameter may be `T`, `Provider<T>`, `TaggedProvider<Tag>` or `WeakProvider<T>`;
    /// there is no limit on the number of parameters.
    @inlinable @discardableResult
    public func to<each Dependency>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping (repeat each Dependency) -> Input
    ) -> BindingReceipt<Input> {
        _register(.factory(factory, location: SourceLocation(file: file, line: line, function: function)))
    }

    /// Completes the binding with one value, returned for every request.
    ///
    /// ```swift
    /// binder.bind(URL.self).tagged(with: PrimaryAPIURL.self).to(value: apiURL)
    /// ```
    ///
    /// Disfavoured, so that `bind().to { Session() }` (type left to inference) binds what
    /// the closure returns rather than the closure itself.
    @_disfavoredOverload @discardableResult
    public func to(value: Input, file: StaticString = #fileID, line: Int = #line, function: StaticString = #function) -> BindingReceipt<Input> {
        _register(.getter(.value, location: SourceLocation(file: file, line: line, function: function)) { value })
    }

    /// Completes the binding with a provider; each request calls its `get()`.
    @discardableResult
    public func to<P: ProviderProtocol>(provider: P, file: StaticString = #fileID, line: Int = #line, function: StaticString = #function) -> BindingReceipt<Input> where P.Element == Input {
        _register(.getter(.provider, location: SourceLocation(file: file, line: line, function: function), provider.get))
    }
}
