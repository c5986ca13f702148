// Hand-made providers as code in Swift 5 language mode writes them: `Provider(getter:)` and
// its kin with a closure that need not be `@Sendable`, as `to(factory:)`'s Swift 5 forms take
// (Swift5LanguageModeFactories.swift). Under `-strict-concurrency=complete`, a Cleanse 4
// getter over plain mutable state then compiles without a warning, as its factories do.
// Swift 5 mode checks no captures: the caller keeps the getter to the threads it used before,
// as with Cleanse 4. Each twin is hidden from the documentation and stores the closure as
// the Swift 6 form does; that form is `@available(swift, introduced: 6)`, so Swift 5 mode
// code sees the twin alone.

/// A parameter that keeps a Swift 5 language mode form of `init(getter:)` apart from the
/// Swift 6 form, which the provider protocols' requirement must find alone. Never written at
/// a call.
@_documentation(visibility: internal)
public struct Swift5LanguageModeForm: Sendable {
    @usableFromInline init() {}
}

/// The closure as the `@Sendable` one the provider stores: the same representation, which
/// Swift 5 mode code passes unchecked (see the note at the top of this file).
@usableFromInline
func assumingSendable<Element>(_ getter: @escaping () -> Element) -> @Sendable () -> Element {
    unsafeBitCast(getter, to: (@Sendable () -> Element).self)
}

extension Provider {
    /// The Swift 5 language mode form of `init(getter:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    public init(getter: @escaping () -> Element, _: Swift5LanguageModeForm = .init()) {
        self.init(getter: assumingSendable(getter))
    }
}

extension TaggedProvider {
    /// The Swift 5 language mode form of `init(getter:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    public init(getter: @escaping () -> Element, _: Swift5LanguageModeForm = .init()) {
        self.init(getter: assumingSendable(getter))
    }
}

extension WeakProvider {
    /// The Swift 5 language mode form of `init(getter:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    public init(getter: @escaping () -> Element, _: Swift5LanguageModeForm = .init()) {
        self.init(getter: assumingSendable(getter))
    }
}

extension Assisted {
    /// The Swift 5 language mode form of `init(getter:)`; its closure need not be `@Sendable`.
    @available(swift, obsoleted: 6) @_documentation(visibility: internal)
    public init(getter: @escaping () -> Element, _: Swift5LanguageModeForm = .init()) {
        self.init(getter: assumingSendable(getter))
    }
}
