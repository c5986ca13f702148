import CleanseGraph

/// Types that two imported modules name alike (`Login.Env` and `Feed.Env`): the first
/// module's keeps its path, the later one's is qualified by its module (`Feed::Env`), which
/// keys stay apart on while diagnostics print it as the runtime does (`Env`). A renaming
/// rewrites everything a module's partial model says with the qualified paths, so that its
/// own `Env` stays its own; a file's imports choose which one a name means
/// (``TypeResolver/visibleModules``).
struct TypeRenaming {
    /// Each colliding path, and what it becomes.
    let renames: [String: String]

    var isEmpty: Bool { renames.isEmpty }

    func type(_ type: SpelledType) -> SpelledType {
        switch type {
        case .named(let path, let arguments): .named(renames[path] ?? path, arguments.map(self.type))
        case .member(let parent, let name, let arguments): .member(self.type(parent), name, arguments.map(self.type))
        case .tuple(let elements): .tuple(elements.map(self.type))
        case .labeled(let label, let inner): .labeled(label, self.type(inner))
        case .function(let parameters, let effects, let result): .function(parameters.map(self.type), effects: effects, result: self.type(result))
        case .parameter, .unknown: type
        }
    }

    /// `spelling` with each whole path it names renamed (`Array<Env>` → `Array<Feed::Env>`).
    func spelling(_ spelling: String) -> String {
        var result = ""
        var token = ""
        func flush() {
            result += renames[token] ?? token
            token = ""
        }
        for character in spelling {
            // A path, with its module qualifier (`Feed::Env.Kind`), is one token.
            if character.isLetter || character.isNumber || character == "_" || character == "." || character == ":" && !token.isEmpty {
                token.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    func identity(_ identity: TypeIdentity) -> TypeIdentity {
        guard let spelling = identity.spelling else { return identity }
        let renamed = self.spelling(spelling)
        return renamed == spelling ? identity : TypeIdentity(spelling: renamed)
    }

    func signature(_ signature: CallableSignature) -> CallableSignature {
        var renamed = signature
        renamed.parameters = signature.parameters?.map(type)
        renamed.result = signature.result.map(type)
        return renamed
    }

    func step(_ step: ConfigureStep) -> ConfigureStep {
        switch step {
        case .binding(let model, let position): .binding(model.renamingTypes(identity), at: position)
        case .include(let module, let position): .include(module: type(module), at: position)
        case .install(let component, let position): .install(component: type(component), at: position)
        case .inline(let module, let position): .inline(module: type(module), at: position)
        case .alternatives(let clauses): .alternatives(clauses.map { $0.map(self.step) })
        case .reported, .opaque, .place: step
        }
    }

    func modelType(_ model: ModelType) -> ModelType {
        var renamed = model
        renamed.path = renames[model.path] ?? model.path
        renamed.typealiases = model.typealiases.mapValues(type)
        renamed.initializers = model.initializers.map(signature)
        renamed.functions = model.functions.mapValues { $0.map(signature) }
        renamed.properties = model.properties?.mapValues(type)
        renamed.staticProperties = model.staticProperties?.mapValues(type)
        if var configurable = model.configurable {
            configurable.scope = configurable.scope.map(type)
            configurable.associatedTypes = configurable.associatedTypes.mapValues(type)
            configurable.configure = configurable.configure?.map(step)
            configurable.configureRoot = configurable.configureRoot?.map(step)
            renamed.configurable = configurable
        }
        return renamed
    }
}
