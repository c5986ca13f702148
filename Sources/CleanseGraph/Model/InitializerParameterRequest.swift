/// How a parameter of an `@Injectable` type's initializer is requested, decided from its
/// type as written, once for the macro that writes the constructor and for cleansec that
/// reads it.
///
/// `() -> T` (or `@escaping () -> T`), Cleanse 4's provider in all but name, is requested as
/// `Provider<T>` and the initializer gets its `get`: a request of `T` itself, so that `T` is
/// constructed just in time when nothing binds it. Anything else is requested as written
/// (`T?` is then served by the binding of `T`, as for any factory).
package enum InitializerParameterRequest: Equatable, Sendable {
    /// Requested as written.
    case asWritten(String)
    /// `() -> T`: requested as `Provider<T>`; `T` is given.
    case provider(of: String)

    /// The request of a parameter whose type is spelled `spelled`.
    package init(parameterType spelled: String) {
        let written = spelled.trimmingWhitespace
        var type = written
        if type.hasPrefix("@escaping ") {
            type = String(type.dropFirst("@escaping ".count)).trimmingWhitespace
        }
        if type.hasPrefix("()"), let arrow = type.firstRange(of: "->"),
           type[type.index(type.startIndex, offsetBy: 2)..<arrow.lowerBound].allSatisfy(\.isWhitespace) {
            let result = String(type[arrow.upperBound...]).trimmingWhitespace
            if !result.isEmpty, !result.contains("->"), !result.hasPrefix("(") {
                self = .provider(of: result)
                return
            }
        }
        self = .asWritten(written)
    }

    /// The type requested from the graph, as a closure parameter's type.
    package var requestedType: String {
        switch self {
        case .asWritten(let type): type
        case .provider(let type): "Provider<\(type)>"
        }
    }

    /// The argument passed to the initializer for the requested value named `name`.
    package func argument(_ name: String) -> String {
        switch self {
        case .asWritten: name
        case .provider: "{ \(name).get() }"
        }
    }
}

private extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
