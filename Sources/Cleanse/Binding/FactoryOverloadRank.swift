/// A parameter that ranks the overloads of `to(factory:)` and is never written at a call.
///
/// A factory reference such as `Service.init` may name several initializers (`init(name:)`
/// and `init(name:count:)`, or a memberwise initializer and one in an extension). Swift
/// then needs one reading of the whole call to be better than the others, and among
/// equally good readings it prefers the overload with fewer defaulted parameters. Each
/// fixed-arity form of `to(factory:)` carries one `FactoryOverloadRank` per parameter of
/// its factory beyond the first, and the forms of any arity carry more than the longest
/// fixed one, so the reading that binds the initializer with the **fewest parameters**
/// wins, as it did in Cleanse 4:
///
/// ```swift
/// struct Service {
///     init(name: String) { … }
///     init(name: String, count: Int) { … }
/// }
/// binder.bind(Service.self).to(factory: Service.init)   // binds init(name:)
/// ```
///
/// Two candidates with as many parameters each stay ambiguous; name one by its labels:
/// `to(factory: Service.init(name:count:))`. The value carries nothing and cannot be made
/// outside Cleanse.
public struct FactoryOverloadRank: Sendable {
    @usableFromInline init() {}
}
