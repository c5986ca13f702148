/// A type read from source, normalised to the name the runtime prints for it, so that keys
/// made from source compare equal exactly when the runtime's would.
///
/// `[Heater]` becomes `Array<Heater>`, `Heater?` `Optional<Heater>`, `Void` `()`, `any P`
/// `P`, `Swift.Int` `Int`, and `AF` written inside `Detail` becomes `Detail.AF`.
indirect enum SpelledType: Hashable, Sendable, CustomStringConvertible {
    /// A nominal type by its nesting path, with its generic arguments.
    case named(String, [SpelledType])
    /// A type nested in a specialised generic type: `GamesTransformer<GameTransformer>.Module`
    /// is the member `Module` (with its own arguments) of that parent, which the runtime
    /// names with the parent's arguments, and whose body sees them.
    case member(SpelledType, String, [SpelledType])
    /// A tuple; `()` is `Void`.
    case tuple([SpelledType])
    /// A labelled element of a tuple: `(x: Double, y: Double)`, which the runtime names with
    /// its labels, so it is another type than `(Double, Double)`.
    case labeled(String, SpelledType)
    /// A function type; `effects` is `""`, `"async"`, `"throws"` or `"async throws"`, after
    /// the attributes that make another type at run time (`"@MainActor @Sendable async"`).
    case function([SpelledType], effects: String, result: SpelledType)
    /// A generic parameter `name` of the declaration at `owner` (a type's path, or a
    /// function's `Type.function`), until an argument is substituted for it.
    case parameter(owner: String, name: String)
    /// A type the analyzer cannot name as the runtime would (`some P`).
    case unknown(String)

    var description: String {
        switch self {
        case .named(let path, let arguments):
            return Self.printed(path, arguments)
        case .member(let parent, let name, let arguments):
            return "\(parent)." + Self.printed(name, arguments)
        case .tuple(let elements):
            return "(\(elements.map(\.description).joined(separator: ", ")))"
        case .function(let parameters, let effects, let result):
            // Attributes (`@MainActor @Sendable`) lead, effects follow the parameters.
            let words = effects.split(separator: " ")
            let marks = words.filter { $0.hasPrefix("@") }.map { $0 + " " }.joined()
            let effects = words.filter { !$0.hasPrefix("@") }.joined(separator: " ")
            return "\(marks)(\(parameters.map(\.description).joined(separator: ", ")))\(effects.isEmpty ? "" : " " + effects) -> \(result)"
        case .labeled(let label, let type):
            return "\(label): \(type)"
        case .parameter(_, let name):
            return name
        case .unknown(let spelling):
            return spelling
        }
    }

    /// A nominal name with its arguments, as the runtime prints it: `` `Default` `` as
    /// `Default`, `Box<Int>`.
    private static func printed(_ name: String, _ arguments: [SpelledType]) -> String {
        let name = name.utf8.contains(UInt8(ascii: "`")) ? String(name.filter { $0 != "`" }) : name
        return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
    }

    /// Whether the type, or a type it is nested in, is written with generic arguments.
    var hasArguments: Bool {
        switch self {
        case .named(_, let arguments): !arguments.isEmpty
        case .member: true
        default: false
        }
    }

    /// Whether every part of the type could be named.
    var isKnown: Bool {
        switch self {
        case .named(_, let arguments): arguments.allSatisfy(\.isKnown)
        case .member(let parent, _, let arguments): parent.isKnown && arguments.allSatisfy(\.isKnown)
        case .tuple(let elements): elements.allSatisfy(\.isKnown)
        case .labeled(_, let type): type.isKnown
        case .function(let parameters, _, let result): parameters.allSatisfy(\.isKnown) && result.isKnown
        case .parameter, .unknown: false
        }
    }

    /// The type with each generic parameter in `arguments` (keyed by ``parameterKey``)
    /// replaced by its argument, as the compiler specialises `Box<String>`'s members.
    func substituting(_ arguments: [String: SpelledType]) -> SpelledType {
        guard !arguments.isEmpty else { return self }
        switch self {
        case .named(let path, let types): return .named(path, types.map { $0.substituting(arguments) })
        case .member(let parent, let name, let types): return .member(parent.substituting(arguments), name, types.map { $0.substituting(arguments) })
        case .tuple(let elements): return .tuple(elements.map { $0.substituting(arguments) })
        case .labeled(let label, let type): return .labeled(label, type.substituting(arguments))
        case .function(let parameters, let effects, let result):
            return .function(parameters.map { $0.substituting(arguments) }, effects: effects, result: result.substituting(arguments))
        case .parameter(let owner, let name): return arguments[Self.parameterKey(owner: owner, name: name)] ?? self
        case .unknown: return self
        }
    }

    /// The key of generic parameter `name` of `owner` in a substitution.
    static func parameterKey(owner: String, name: String) -> String { "\(owner)/\(name)" }

    /// The substitution of `arguments` for the generic parameters `parameters` of `owner`;
    /// empty unless each parameter has its argument.
    static func substitution(owner: String, parameters: [String], arguments: [SpelledType]) -> [String: SpelledType] {
        guard !parameters.isEmpty, parameters.count == arguments.count else { return [:] }
        var result: [String: SpelledType] = [:]
        for (name, argument) in zip(parameters, arguments) {
            result[parameterKey(owner: owner, name: name)] = argument
        }
        return result
    }

    /// `Provider<Heater>` is `("Provider", Heater)`: the generic type's path and its single
    /// argument, for recognising request wrappers.
    var singleArgument: (path: String, argument: SpelledType)? {
        if case .named(let path, let arguments) = self, arguments.count == 1 { return (path, arguments[0]) }
        return nil
    }

    /// The nominal path, for a named type (a member's is its parent's and its name).
    var path: String? {
        switch self {
        case .named(let path, _): return path
        case .member(let parent, let name, _): return parent.path.map { "\($0).\(name)" }
        default: return nil
        }
    }

    static let void = SpelledType.tuple([])
}
