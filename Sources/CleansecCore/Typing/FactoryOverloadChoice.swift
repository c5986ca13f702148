import CleanseGraph
/// Which of several initializers or functions of one name the compiler picks when the name
/// alone is passed to `to(factory:)` (`bind().to(factory: NumberFormatter.init)`), measured
/// against the compiler on Cleanse's own overloads of `to(factory:)`:
///
/// 1. Fixed-arity overloads exist for none to six parameters, each with one
///    `FactoryOverloadRank` per parameter beyond the first; other arities only match the
///    parameter-pack ones, which carry more. The compiler prefers fewer defaulted
///    parameters, so among synchronous, non-isolated candidates of none to six parameters,
///    the one with the fewest wins, as in Cleanse 4: `A.init` names `init()` when `A` has
///    `init()` and `init(x:)`, and `init(x:)` over `init(x:y:)`.
/// 2. Then the synchronous ones the fixed-arity overloads do not take: more than six
///    parameters, or isolated to a global actor (only the `@MainActor` pack overload takes it).
/// 3. Last, `async` or throwing ones (their overload is disfavoured).
///
/// Among the best candidates, one that is not failable beats failable ones; two left are
/// ambiguous (the compiler rejects the code). A failable one takes part only where the
/// binding's type is not written (`bind()`) or is itself optional: the compiler then binds
/// `Optional<X>`: with `bind()`, a view controller's `init` naming `init(nibName:bundle:)`
/// and `init?(coder:)` becomes `init?(coder:)`, the shorter, and asks for an `NSCoder`.
enum FactoryOverloadChoice {
    /// The arities Cleanse declares fixed-arity `to(factory:)` overloads for.
    static let fixedArities = BuiltInNames.fixedFactoryArities

    /// How the terminating step's overloads rank a reference's candidates.
    enum Ranking {
        /// A binder's and a collection's `to(factory:)`: fixed-arity forms, fewest
        /// parameters first (the rules above).
        case byArity
        /// An assisted factory's `to(factory:)`: a form of any arity and one whose only
        /// parameter is `Assisted<Seed>` (`seed`, when known), which the compiler prefers; a
        /// candidate taking the seed alone is chosen over the others, which otherwise tie (as
        /// in Cleanse 4, whose forms of more parameters took a tuple).
        case seedAlone(SpelledType?)
        /// Forms of any arity only (injectors, `to(isolatedFactory:)`): several candidates tie.
        case none
    }

    /// What a reference names among its candidates.
    enum Choice {
        /// The one the compiler picks.
        case chosen(CallableSignature)
        /// None fits.
        case none
        /// These are left tied (the compiler rejects the reference).
        case tied([CallableSignature])
    }

    /// The candidate the compiler picks for a reference passed to a terminating step that
    /// ranks overloads as `ranking` says, or else the only one. `allowsFailable`: the
    /// binding's type is unwritten or optional (otherwise failable candidates do not fit).
    static func choose(_ candidates: [CallableSignature], allowsFailable: Bool, ranking: Ranking = .byArity) -> Choice {
        if candidates.count == 1 {
            // The usual case, without making an array.
            return allowsFailable || candidates[0].isFailable != true ? .chosen(candidates[0]) : .none
        }
        let fitting = candidates.filter { allowsFailable || $0.isFailable != true }
        if fitting.count < 2 { return fitting.first.map(Choice.chosen) ?? .none }
        switch ranking {
        case .none:
            return .tied(fitting)
        case .seedAlone(let seed):
            let alone = fitting.filter { takesTheSeedAlone($0, seed: seed) }
            return alone.count == 1 ? .chosen(alone[0]) : .tied(fitting)
        case .byArity:
            break
        }
        guard let best = fitting.map(rank).min() else { return .none }
        let group = fitting.filter { rank($0) == best }
        let total = group.filter { $0.isFailable != true }
        let finalists = total.isEmpty ? group : total
        return finalists.count == 1 ? .chosen(finalists[0]) : .tied(finalists)
    }

    /// Whether `candidate` fits an assisted factory's form of one `Assisted<Seed>` parameter:
    /// synchronous, not isolated, with that one parameter, of the factory's `seed` when known.
    private static func takesTheSeedAlone(_ candidate: CallableSignature, seed: SpelledType?) -> Bool {
        guard !candidate.isAsync, candidate.actor == nil, let parameters = candidate.parameters, parameters.count == 1,
              case .named(let path, let arguments) = parameters[0], arguments.count == 1,
              TypeResolver.withoutCleanseQualifier(path) == BuiltInNames.assisted
        else { return false }
        return seed.map { $0.description == arguments[0].description } ?? true
    }

    /// The references that name each of `tied` alone, by its labels (`Client.init(baseURL:)`),
    /// for a note that shows the one-line fix: `reference` is `Client.init` or `Client.make`.
    static func disambiguated(_ reference: String, _ tied: [CallableSignature]) -> String {
        tied.map { "to(factory: \(reference)(\($0.labels.map { $0 + ":" }.joined())))" }.sorted().joined(separator: " or ")
    }

    /// Where a candidate ranks (lower first): its group, then, among the fixed arities, its
    /// number of parameters.
    private static func rank(_ candidate: CallableSignature) -> Rank {
        if candidate.isAsync { return Rank(group: 2, parameters: 0) }
        let arity = candidate.labels.count
        guard candidate.actor == nil, fixedArities.contains(arity) else { return Rank(group: 1, parameters: 0) }
        return Rank(group: 0, parameters: arity)
    }

    /// A candidate's place in the compiler's order.
    private struct Rank: Comparable {
        let group: Int
        let parameters: Int

        static func < (lhs: Rank, rhs: Rank) -> Bool {
            (lhs.group, lhs.parameters) < (rhs.group, rhs.parameters)
        }
    }
}
