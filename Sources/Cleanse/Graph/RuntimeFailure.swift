/// The one failure validation cannot rule out, because it happens inside user code.
enum RuntimeFailure {
    /// A scoped binding's factory asked, through a `Provider` it called at once, for the very
    /// instance it is building. Validation lets `Provider` edges close a cycle (that is how
    /// cycles are broken); calling `get()` inside the factory turns it back into infinite
    /// recursion, which would otherwise deadlock or overflow the stack.
    static func reentrantConstruction(of key: BindingKey, in component: TypeIdentity) -> Never {
        fatalError("""
            [Cleanse/ReentrantConstruction] '\(key)' in component '\(component.name)' was requested \
            again while it was being built. A factory in its dependency cycle calls get() on a \
            Provider or WeakProvider right away. To fix: call get() later, after construction.
            """)
    }
}
