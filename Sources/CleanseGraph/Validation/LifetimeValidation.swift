/// The lifetime checks `ComponentFactory.of` and cleansec run once a graph is otherwise
/// valid: values that keep their subcomponent, and shared objects that keep each other.
package enum LifetimeValidation {
    package static func errors(in tree: ComponentTree) -> [any CleanseError] {
        SelfRetainingValues.errors(in: tree) + RetentionCycles.errors(in: tree)
    }
}
