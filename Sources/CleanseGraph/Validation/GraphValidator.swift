/// One check over a whole component tree that reports every problem it finds.
package protocol GraphValidator: Sendable {
    func validate(_ tree: ComponentTree) -> [any CleanseError]
}

/// Runs validators over a component tree and throws what they found, once.
package enum GraphValidation {
    /// The checks every graph must pass before it can be built.
    package static let builtIn: [any GraphValidator] = [
        DuplicateBindingValidator(),
        DuplicateDictionaryKeyValidator(),
        MissingBindingValidator(),
        DependencyCycleValidator(),
        BindingScopeValidator(),
        ComponentNestingValidator(),
        AsyncRequestValidator(),
    ]

    /// Every error the validators find: grouped by validator, each group sorted by where the
    /// offending code was written, so the report is the same on every run.
    package static func errors(in tree: ComponentTree, validators: [any GraphValidator] = builtIn) -> [any CleanseError] {
        validators.flatMap { $0.validate(tree) }
    }

    /// Throws nothing for a valid tree, the error itself for one problem, and a
    /// ``MultiError`` holding all of them for several.
    package static func throwIfAny(_ errors: [any CleanseError]) throws {
        switch errors.count {
        case 0: return
        case 1: throw errors[0]
        default: throw MultiError(errors: errors)
        }
    }
}
