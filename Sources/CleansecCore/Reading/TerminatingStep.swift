import SwiftSyntax

/// The terminating steps of the binder DSL that the reader knows, by how a call spells them:
/// every public method of Cleanse that returns a `BindingReceipt` must be one of these (a
/// test reads the library's symbol graph and fails on one the reader does not know).
package enum TerminatingStep: String, CaseIterable, Sendable {
    /// `to(factory:)`, or `to { … }` with a trailing closure.
    case factory = "to(factory:)"
    /// `to(isolatedFactory:)`: a factory isolated to a global actor, awaited.
    case isolatedFactory = "to(isolatedFactory:)"
    /// `to(injector:)` of a property injector.
    case injector = "to(injector:)"
    /// `to(value:)`.
    case value = "to(value:)"
    /// `to(provider:)`.
    case provider = "to(provider:)"
    /// `configured(with:)`: a function that finishes the binding.
    case configured = "configured(with:)"
    /// `propertyInjector(configuredWith:)` of a root's receipt binder.
    case propertyInjector = "propertyInjector(configuredWith:)"
    /// `toInjectedProperties()`: the injector of a `PropertyInjectable` class's `@Injected`
    /// properties.
    case injectedProperties = "toInjectedProperties()"

    /// The step `call` spells, or `nil` when it is no terminating step. A trailing closure
    /// (or an unlabelled closure) of `to` is a factory; whether it injects instead is the
    /// reader's to tell, by what the binding is.
    init?(_ call: CallChain.Call) {
        // The labels of `file:line:column:function:`, which every step also takes, name no form.
        let labels = call.arguments.compactMap(\.label?.text)
        switch call.name {
        case "to":
            if let step = labels.lazy.compactMap({ TerminatingStep(rawValue: "to(\($0):)") }).first {
                self = step
            } else if call.trailingClosure != nil || call.arguments.contains(where: { $0.label == nil }) {
                self = .factory
            } else {
                return nil
            }
        case "configured" where labels.contains("with") || call.trailingClosure != nil: self = .configured
        case "propertyInjector" where labels.contains("configuredWith") || call.trailingClosure != nil: self = .propertyInjector
        case "toInjectedProperties": self = .injectedProperties
        default: return nil
        }
    }

    /// Whether the step's argument is a function the binding calls to make its values.
    var takesFactory: Bool {
        self == .factory || self == .isolatedFactory || self == .injector
    }

    /// The argument label the step is written with (`factory`, `value`…); `nil` for a
    /// closure passed without one.
    var label: String? {
        switch self {
        case .factory: "factory"
        case .isolatedFactory: "isolatedFactory"
        case .injector: "injector"
        case .value: "value"
        case .provider: "provider"
        case .configured: "with"
        case .propertyInjector: "configuredWith"
        case .injectedProperties: nil
        }
    }

    /// The expression of the step's argument in `call`: the labelled one, or else a closure
    /// given without a label or trailing.
    func argument(of call: CallChain.Call) -> ExprSyntax? {
        if let labelled = call.arguments.first(where: { $0.label?.text == label })?.expression { return labelled }
        guard takesFactory || self == .configured || self == .propertyInjector else { return nil }
        return call.arguments.first(where: { $0.label == nil })?.expression ?? call.trailingClosure.map(ExprSyntax.init)
    }
}
