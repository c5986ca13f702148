/// One built component: its seed and the instances of its scoped bindings. Every
/// `build(_:)` makes a new one; providers handed out keep it alive while they are held.
@usableFromInline
final class ComponentInstance: @unchecked Sendable {
    // Safe to share: `slots` and `underConstruction` are only touched with `lock` held;
    // everything else is immutable. Components without scoped bindings have no slots and
    // need no lock.
    let template: ComponentTemplate
    let parent: ComponentInstance?
    private let seed: AnyObject
    private let lock: RecursiveLock?
    private var slots: [AnyObject?]
    private var underConstruction: [Bool]

    init<Seed>(template: ComponentTemplate, parent: ComponentInstance?, seed: Seed) {
        self.template = template
        self.parent = parent
        self.seed = Box(seed)
        lock = template.scopedSlotCount == 0 ? nil : RecursiveLock()
        slots = Array(repeating: nil, count: template.scopedSlotCount)
        underConstruction = Array(repeating: false, count: template.scopedSlotCount)
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

    /// The instance shared in `slot`, made with `make` the first time, exactly once even when
    /// several threads ask together.
    func scoped<Value>(_ slot: Int, key: BindingKey, make: (ComponentInstance) -> Value) -> Value {
        // A slot exists only when the template has scoped bindings, and then so does the lock.
        guard let lock else { RuntimeFailure.unlinkedKey(key) }
        return lock.withLock {
            if let existing = slots[slot] {
                return unsafeDowncast(existing, to: Box<Value>.self).value
            }
            if underConstruction[slot] {
                RuntimeFailure.reentrantConstruction(of: key, in: template.componentType)
            }
            underConstruction[slot] = true
            let value = make(self)
            underConstruction[slot] = false
            slots[slot] = Box(value)
            return value
        }
    }
}

/// A heap cell for a value of any type, so that values can sit in `AnyObject` slots.
final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
