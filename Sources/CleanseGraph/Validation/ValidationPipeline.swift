/// The order in which a collected graph is validated, the same for `ComponentFactory.of` and
/// for `cleansec`:
///
/// 1. when some request finds no binding, the types that say how they are constructed bound
///    just in time (``JustInTimeBindingRule``), then requests of `() -> T` and `T?` served by
///    the binding of `T` (``ImplicitRequestRule``);
/// 2. the built-in validators, once, on the graph that makes;
/// 3. once the graph is otherwise valid, the lifetime checks;
/// 4. when there are no errors, the warnings.
///
/// Each front end supplies how it describes a type's constructor and names its implicit
/// forms, and how it adds a binding or applies a rewrite to its own records; the rest is here.
package enum ValidationPipeline {
    /// What validation found, and the graph it found it in.
    package struct Outcome {
        /// The graph as validated: with its implicit requests rewritten, if any were.
        package let model: ComponentModel
        /// The tree of ``model``, which the linker reuses.
        package let tree: ComponentTree
        /// The built-in validators' errors, or the lifetime checks' when there were none.
        package let errors: [any CleanseError]
        /// The warnings (``UnrequestedPropertyInjectors``), looked for once there are no errors.
        package let warnings: [any CleanseError]
    }

    /// Validates `model`. Asked only when something is missing: `constructor` describes
    /// the just-in-time binding of an untagged key, and `forms` names an untagged bound
    /// key's implicit forms. `bind` adds the just-in-time bindings to the front end's records
    /// and `apply` applies the rewrites to them; each returns the graph they make.
    package static func validate(
        _ model: ComponentModel,
        constructor: (BindingKey) -> JustInTimeBindingRule.Construction?,
        bind: ([JustInTimeBindingRule.Addition]) -> ComponentModel,
        forms: (BindingKey) -> ImplicitRequestRule.Forms?,
        apply: ([ImplicitRequestRule.Rewrite]) -> ComponentModel
    ) -> Outcome {
        var model = model
        var tree = ComponentTree(root: model)
        // Only a graph with missing keys pays for just-in-time bindings and implicit requests,
        // and it pays before the validators run: a key a constructed type serves is bound
        // before anything looks for missing bindings, so the graph is validated once and no
        // diagnostic is built for a key that turns out to be served.
        let hasMissingKey = MissingBindingValidator.hasMissingKey(in: tree)
        if hasMissingKey {
            let plan = JustInTimeBindingRule.plan(in: model, constructor: constructor)
            if !plan.additions.isEmpty {
                model = bind(plan.additions)
                tree = ComponentTree(root: model)
            }
            // Implicit requests (`() -> T`, `T?`) are missing keys too: once constructed types
            // serve every key (a graph of `@Injectable` types), there is none to rewrite.
            if !plan.servesEveryRequest, plan.additions.isEmpty || MissingBindingValidator.hasMissingKey(in: tree) {
                let rewrites = ImplicitRequestRule.rewrites(in: model, forms: forms)
                if !rewrites.isEmpty {
                    model = apply(rewrites)
                    tree = ComponentTree(root: model)
                }
            }
        }
        var errors = GraphValidation.errors(in: tree)
        if hasMissingKey {
            errors = JustInTimeBindingRule.explaining(errors, constructor: constructor)
        }
        if errors.isEmpty {
            errors = LifetimeValidation.errors(in: tree)
        }
        // Warnings about a graph that cannot be built would be about the wrong graph: fix
        // the errors, then see them.
        let warnings = errors.isEmpty ? UnrequestedPropertyInjectors.warnings(in: tree) : []
        return Outcome(model: model, tree: tree, errors: errors, warnings: warnings)
    }
}
