import CleanseGraph

/// How cleansec serves Cleanse 4's implicit requests (`() -> T`, `T?`), which
/// ``ImplicitRequestRule`` finds: a type's forms are named by spelling, as the reader spells
/// a function or optional parameter type, and a rewrite replaces the request in the model.
enum SpelledImplicitRequests {
    /// `() -> T` and `Optional<T>` for the key's type `T`.
    static func forms(of key: BindingKey) -> ImplicitRequestRule.Forms? {
        // The spelling, qualifiers included (`Feed::Env`, a file's private type), as the
        // reader spells the requests.
        let name = key.type.spellingOrName
        return ImplicitRequestRule.Forms(function: TypeIdentity(spelling: "() -> \(name)"), optional: TypeIdentity(spelling: "Optional<\(name)>"))
    }

    /// `T` for a key spelled as one of ``forms(of:)`` gives (`Optional<T>`, `() -> T`): the
    /// key whose binding would serve it.
    static func servingKey(of key: BindingKey) -> BindingKey? {
        let spelling = key.type.spellingOrName
        if spelling.hasPrefix("Optional<"), spelling.hasSuffix(">") {
            return BindingKey(type: TypeIdentity(spelling: String(spelling.dropFirst("Optional<".count).dropLast())))
        }
        if spelling.hasPrefix("() -> ") {
            return BindingKey(type: TypeIdentity(spelling: String(spelling.dropFirst("() -> ".count))))
        }
        return nil
    }

    /// `model` with each rewritten request in place.
    static func applying(_ rewrites: [ImplicitRequestRule.Rewrite], to model: ComponentModel) -> ComponentModel {
        var model = model
        for rewrite in rewrites {
            replace(rewrite, in: &model, path: rewrite.component[...])
        }
        return model
    }

    private static func replace(_ rewrite: ImplicitRequestRule.Rewrite, in model: inout ComponentModel, path: ArraySlice<Int>) {
        if let next = path.first {
            replace(rewrite, in: &model.subcomponents[next], path: path.dropFirst())
            return
        }
        var requests = model.bindings[rewrite.binding].dependencies
        requests[rewrite.request] = rewrite.rewritten
        model.bindings[rewrite.binding] = model.bindings[rewrite.binding].replacingDependencies(requests)
    }
}
