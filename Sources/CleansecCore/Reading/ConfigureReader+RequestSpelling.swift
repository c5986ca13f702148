import CleanseGraph

/// How a factory parameter's type, as written, becomes the request the runtime makes of it:
/// a wrapper from the shared table (``RequestWrapper``), an assisted seed, or the type itself.
extension ConfigureReader {
    /// The request a factory parameter of type `type` makes, as `RequestRecipe.of` makes it
    /// at run time; `nil` when a part of it cannot be named.
    func request(for type: SpelledType, assistedSeed: SpelledType?) -> DependencyRequest? {
        guard type.isKnown else { return nil }
        let requested = resolver.identity(of: type)
        func key(_ type: SpelledType, tag: SpelledType? = nil) -> BindingKey {
            BindingKey(type: resolver.identity(of: type), tag: tag.map { TypeIdentity(spelling: $0.description) })
        }
        guard let (written, argument) = type.singleArgument else {
            // A direct request's key is the requested type itself: spelled once.
            return DependencyRequest(key: BindingKey(type: requested), kind: .direct, requestedType: requested)
        }
        // An app's own `Provider<T>` is a type like any other: requested as written. Beside
        // it, `Cleanse.Provider<T>` is Cleanse's (resolved `Cleanse::Provider`).
        func cleanseName(_ path: String) -> String? {
            let unqualified = TypeResolver.withoutCleanseQualifier(path)
            return unqualified != path || !resolver.index.declaresOwnType(path, inModule: file.moduleName) ? unqualified : nil
        }
        let wrapper = cleanseName(written)
        if let kind = wrapper.flatMap(RequestWrapper.init(rawValue:)) {
            guard kind.wrapsTag else { return DependencyRequest(key: key(argument), kind: kind.requestKind, requestedType: requested) }
            guard let tag = argument.path, let element = resolver.associatedType("Element", of: tag) else { return nil }
            return DependencyRequest(key: key(element, tag: argument), kind: kind.requestKind, requestedType: requested)
        }
        // `Provider<T>?`, `TaggedProvider<Tag>!`: the wrapper's own request.
        if written == "Optional", let (inner, _) = argument.singleArgument, cleanseName(inner).flatMap(RequestWrapper.init(rawValue:)) != nil,
           let wrapped = request(for: argument, assistedSeed: nil) {
            return RequestWrapper.optional(of: wrapped, requestedAs: requested)
        }
        if wrapper == BuiltInNames.assisted, let assistedSeed {
            return DependencyRequest(key: key(assistedSeed), kind: .assisted, requestedType: requested)
        }
        return DependencyRequest(key: BindingKey(type: requested), kind: .direct, requestedType: requested)
    }
}
