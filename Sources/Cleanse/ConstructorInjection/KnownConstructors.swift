/// The constructors of the process's constructed types, read once per type and kept, and
/// the types ``ConstructedDependency`` hints named before their constructors were read: a
/// key found here is constructed without a conformance look-up, and no graph builds a
/// type's constructor again.
enum KnownConstructors {
    /// What is known of one type: a hint that names it, or its constructor, read.
    ///
    /// Shared by every thread that validates a graph once it is in the table: each field is
    /// a constant, and ``prototype`` is only ever copied, never added to a graph or changed.
    final class Known {
        /// The type, as a hint named it; `nil` once the constructor is read.
        let hinted: (any ConstructorInjectable.Type)?
        /// The constructor, once read.
        let constructor: InjectableConstructor?
        /// The constructor's binding, made once: each graph gets a copy, which costs a
        /// fraction of making it (its requests, model and factories are shared).
        private let prototype: BindingRecord?

        init(hinted: any ConstructorInjectable.Type) {
            self.hinted = hinted
            constructor = nil
            prototype = nil
        }

        init(_ constructor: InjectableConstructor) {
            hinted = nil
            self.constructor = constructor
            prototype = constructor.makeRecord?()
        }

        /// A binding of the type of its own, or `nil` when the type is not constructed.
        func record() -> BindingRecord? {
            prototype?.copy()
        }
    }

    /// What one graph's validation asks: the constructors known when it began, read without
    /// the lock, and the process's table for the others.
    struct View {
        private let known: [TypeIdentity: Known]

        init() {
            known = KnownConstructors.lock.withLock { KnownConstructors.known }
        }

        /// What is known of `type` once its constructor is read (``Known/constructor`` is
        /// set), or `nil` when the type does not say how it is constructed.
        func known(_ type: TypeIdentity) -> Known? {
            if let entry = known[type], entry.constructor != nil { return entry }
            return KnownConstructors.known(type)
        }
    }

    fileprivate static let lock = RecursiveLock()
    // Safe: read and written only while `lock` is held (a view copies it under the lock).
    nonisolated(unsafe) fileprivate static var known: [TypeIdentity: Known] = [:]

    /// What is known of `type` once its constructor is read (``Known/constructor`` is set),
    /// or `nil` when the type does not say how it is constructed.
    static func known(_ type: TypeIdentity) -> Known? {
        let constructed: any ConstructorInjectable.Type
        let entry = lock.withLock { known[type] }
        if let entry, entry.constructor != nil { return entry }
        if let hinted = entry?.hinted {
            constructed = hinted
        } else {
            // The first question about each type scans every conformance of the process.
            guard let looked = type.metatype as? any ConstructorInjectable.Type else { return nil }
            constructed = looked
        }
        // Read outside the lock: a hand-written constructor runs code of its own.
        let constructor = constructed.injectableConstructor
        let read = Known(constructor)
        lock.withLock {
            known[type] = read
            for dependency in constructor.constructedDependencies {
                let identity = TypeIdentity(dependency.constructed)
                if known[identity] == nil {
                    known[identity] = Known(hinted: dependency.constructed)
                }
            }
        }
        return read
    }
}
