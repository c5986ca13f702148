/// One built component: its seed and the instances of its scoped bindings. Every
/// `build(_:)` makes a new one; providers handed out keep it alive while they are held.
@usableFromInline
final class ComponentInstance: @unchecked Sendable {
    // Safe to share: scoped words are published with release/acquire ordering and made
    // under the storage's mutex (see `ScopedStorage`); everything else is immutable.
    let template: ComponentTemplate
    let parent: ComponentInstance?
    private let seed: AnyObject
    @usableFromInline
    let storage: ScopedStorage

    init<Seed>(template: ComponentTemplate, parent: ComponentInstance?, seed: Seed) {
        self.template = template
        self.parent = parent
        self.seed = Box(seed)
        storage = ScopedStorage(count: template.scopedSlotCount)
    }

    deinit {
        storage.deallocate()
    }

    /// The instance `levels` components up the tree (0 is this one).
    func ancestor(_ levels: Int) -> ComponentInstance {
        var instance = self
        for _ in 0..<levels {
            guard let parent = instance.parent else { break }
            instance = parent
        }
        return instance
    }

    /// The seed, as the type its component declared.
    func seed<Seed>(as _: Seed.Type) -> Seed {
        unsafeDowncast(seed, to: Box<Seed>.self).value
    }

    /// The instance shared in `slot` if it exists already; the lock-free path of every
    /// scoped resolver.
    @inlinable @inline(__always)
    func existing<Value>(_ slot: Int, as _: Value.Type, isReference: Bool) -> Value? {
        let bits = storage.load(slot)
        guard bits > ScopedStorage.underConstruction else { return nil }
        return ScopedValue.decode(bits, isReference: isReference) as Value
    }

    /// The instance shared in `slot`, made with `make` if nobody has made it yet: exactly
    /// once, even when several threads ask together. The mutex is recursive because a
    /// factory may resolve further scoped bindings of the same component.
    @usableFromInline
    func make<Value>(_ slot: Int, key: BindingKey, isReference: Bool, with make: (ComponentInstance) -> Value) -> Value {
        storage.lock()
        defer { storage.unlock() }
        let bits = storage.load(slot)
        if bits == ScopedStorage.underConstruction {
            // Only the thread holding the mutex can be making it: this one, re-entrantly.
            RuntimeFailure.reentrantConstruction(of: key, in: template.componentType)
        }
        if bits != 0 {
            return ScopedValue.decode(bits, isReference: isReference)
        }
        storage.store(slot, ScopedStorage.underConstruction)
        let value = make(self)
        storage.store(slot, ScopedValue.encode(value, isReference: isReference))
        return value
    }
}
