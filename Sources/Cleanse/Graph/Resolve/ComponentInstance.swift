#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One built component: its seed and the instances of its scoped bindings. Every
/// `build(_:)` makes a new one.
///
/// Lifetime: the instance is kept alive by what it hands out (providers, factories, object
/// graphs) and keeps its shared objects. A shared object whose construction kept such a
/// handle would close a cycle, so it is built through a *view* of the instance (an object
/// that shares its storage and keeps it alive) and, when the view is still referenced
/// after construction, held weakly in a ``WeakSlot``: the object then keeps the instance
/// alive, not the other way round. Such an object is *pinned* (held strongly, in the
/// storage's pin area) for as long as any *anchor* that can still ask for it lives: the
/// view a build resolves its root through, whose handles the user keeps, and the view of
/// every such object (see ``RetentionPlan``). So it is made once, and freed with the last
/// thing that can reach it.
@usableFromInline
final class ComponentInstance: @unchecked Sendable {
    // Safe to share: scoped words are claimed by compare-and-swap and published with
    // release/acquire or sequentially consistent ordering (see `ScopedStorage`);
    // `retainedDuringConstruction` and `bookkeeping` are only touched under the storage's
    // mutex; `parent` is only written by the one build that holds the instance alone (taken
    // from, or about to be left in, its parent's reuse word by an atomic exchange: see
    // `ComponentInstance+Reuse`); everything else is immutable.
    let template: ComponentTemplate
    /// The instance of the parent component; `nil` for a root, and while a finished
    /// instance waits in its parent to be reused (so the two do not keep each other alive).
    @exclusivity(unchecked)
    var parent: ComponentInstance?
    @usableFromInline
    let storage: ScopedStorage
    /// For a view: the instance whose storage it shares, which it keeps alive.
    private let viewed: ComponentInstance?
    /// For a view: whether the object built through it took a shared object that keeps
    /// the instance alive (so the new object keeps it alive too).
    private var retainedDuringConstruction = false
    /// What only some instances ever note (weak cells, waiting tasks, retired slots), made
    /// the first time one is noted: most instances and every view never need it, and each
    /// build of a child made and freed its four collections. On the owner; mutex held.
    private(set) var bookkeeping: Bookkeeping?
    /// For an anchor: the retaining slots it pins while it lives.
    private let pins: [Int]
    /// For a view: whether it builds one shared object (rather than anchoring a build), so
    /// that what the object takes must be noted as it is taken.
    private let buildsObject: Bool

    init<Seed>(template: ComponentTemplate, parent: ComponentInstance?, seed: Seed) {
        self.template = template
        self.parent = parent
        storage = ScopedStorage(count: template.storageWordCount, withPins: template.retention != nil, seed: seed)
        viewed = nil
        pins = []
        buildsObject = false
    }

    /// A view of `instance`, for building one shared object (`buildsObject`) or anchoring
    /// a build, which pins the retaining slots in `pins` while it lives. `isUnpublished`:
    /// nothing but the caller can reach `instance` yet, so pinning takes no mutex.
    private init(viewing instance: ComponentInstance, pinning pins: [Int], buildsObject: Bool, isUnpublished: Bool = false) {
        template = instance.template
        parent = instance.parent
        storage = instance.storage
        viewed = instance
        self.pins = pins
        self.buildsObject = buildsObject
        if !pins.isEmpty {
            if isUnpublished {
                instance.pin(pins)
            } else {
                storage.lock()
                instance.pin(pins)
                storage.unlock()
            }
        }
    }

    deinit {
        if let viewed {
            for slot in pins {
                storage.lock()
                let released = viewed.unpin(slot)
                storage.unlock()
                // Released without the mutex: its deinit may let go of other anchors.
                withExtendedLifetime(released) {}
            }
        } else {
            storage.deallocate()
        }
    }

    /// The instance a build resolves its root through: a view that pins the retaining
    /// objects the root and its handles can reach, for as long as the user keeps any of
    /// them; the instance itself when the component has no retaining objects.
    ///
    /// Called by a build before it hands the instance to anything (a private build plan may
    /// have run: it reaches nothing outside the build), so pinning takes no mutex.
    func buildAnchor() -> ComponentInstance {
        guard let reach = template.retention?.rootReach, !reach.isEmpty else { return self }
        return ComponentInstance(viewing: self, pinning: reach, buildsObject: false, isUnpublished: true)
    }

    /// A view for building the object of `slot`, which pins what that object can reach.
    func constructionView(for slot: Int) -> ComponentInstance {
        ComponentInstance(viewing: owner, pinning: template.retention?.anchorReach[slot] ?? [], buildsObject: true)
    }

    /// Counts one more anchor on each of `slots` and holds their live objects strongly
    /// (in the storage's pin area). On the owner, mutex held.
    private func pin(_ slots: [Int]) {
        let counts = storage.pinCounts, objects = storage.pinnedObjects
        for slot in slots {
            counts[slot] += 1
            if objects[slot] == nil, let object = WeakSlot.of(storage.loadHoldingLock(slot))?.object {
                objects[slot] = Unmanaged.passRetained(object)
            }
        }
    }

    /// Counts one anchor less on `slot`; returns its object when no anchor pins it any
    /// more, for the caller to release once the mutex is let go. On the owner, mutex held.
    private func unpin(_ slot: Int) -> AnyObject? {
        let counts = storage.pinCounts, objects = storage.pinnedObjects
        counts[slot] -= 1
        guard counts[slot] == 0, let object = objects[slot] else { return nil }
        objects[slot] = nil
        return object.takeRetainedValue()
    }

    /// Holds `object`, just published in `slot`, for the anchors that pin the slot, if any.
    /// On the owner, mutex held.
    private func holdIfPinned(_ object: AnyObject, in slot: Int) {
        guard storage.hasPins, storage.pinCounts[slot] > 0, storage.pinnedObjects[slot] == nil else { return }
        storage.pinnedObjects[slot] = Unmanaged.passRetained(object)
    }

    /// The instance that owns the storage: this one, or the one this view shares.
    @usableFromInline
    var owner: ComponentInstance { viewed ?? self }

    /// Whether this is an owner (not a view) that never noted anything beyond its words: one
    /// that can be emptied and reused as if new.
    var isPlainOwner: Bool { viewed == nil && bookkeeping == nil }

    /// The instance `levels` components up the tree (0 is this one).
    func ancestor(_ levels: Int) -> ComponentInstance {
        var instance = self
        for _ in 0..<levels {
            guard let parent = instance.parent else { break }
            instance = parent
        }
        return instance
    }

    /// The word of `slot` in the storage of the instance `levels` components up the tree
    /// (0 is this one) when it holds a strong instance, else 0 (see
    /// `ScopedStorage.loadStrong`). This instance's own slot is read inline; the walk up is
    /// out of line.
    @inlinable @inline(__always)
    func strongWord(_ slot: Int, levels: Int) -> UInt {
        levels == 0 ? storage.loadStrong(slot) : ancestorStrongWord(slot, levels: levels)
    }

    /// `strongWord(_:levels:)` for `levels` of at least 1. The instances on the way are not
    /// retained: the caller holds this one, which holds its ancestors.
    @usableFromInline
    func ancestorStrongWord(_ slot: Int, levels: Int) -> UInt {
        var instance = Unmanaged.passUnretained(self)
        for _ in 0..<levels {
            guard let parent = instance._withUnsafeGuaranteedRef({ $0.parentUnretained }) else { break }
            instance = parent
        }
        return instance._withUnsafeGuaranteedRef { $0.storage.loadStrong(slot) }
    }

    /// `parent`, without a retain.
    private var parentUnretained: Unmanaged<ComponentInstance>? {
        guard let parent else { return nil }
        return Unmanaged.passUnretained(parent)
    }

    /// The seed, as the type its component declared.
    func seed<Seed>(as type: Seed.Type) -> Seed {
        storage.seed(as: type)
    }

    /// The object of a published weak slot, if it is alive; `nil` for any other word, and
    /// on a view (whose construction must note that it takes the object, which `make` does
    /// under the mutex). Not generic: an optional of a generic value costs a metadata
    /// look-up on every call of the unspecialised `make`.
    private func existingWeakObject(_ slot: Int) -> AnyObject? {
        guard !buildsObject else { return nil }
        return WeakSlot.of(storage.load(slot))?.object
    }

    /// `make`, with its common case inlined where the binding is written: a binding that
    /// cannot keep a handle on its component, whose slot nobody has claimed, is claimed
    /// without a lock, made, and published, all in code specialised for `Value` (the
    /// generic `make` pays a metadata look-up and an unspecialised call per value). Anything
    /// else goes to `make`.
    @inlinable @inline(__always)
    func makeShared<Value>(
        _ slot: Int,
        key: BindingKey,
        isReference: Bool,
        mayRetain: Bool,
        with make: (ComponentInstance) -> Value
    ) -> Value {
        guard !mayRetain, claimEmptySlot(slot) else {
            return self.make(slot, key: key, isReference: isReference, mayRetain: mayRetain, with: make)
        }
        let value = make(self)
        publishClaimed(slot, ScopedValue.encode(value, isReference: isReference), isReference: isReference)
        return value
    }

    /// Claims `slot` for this thread if it is empty, without the mutex.
    @usableFromInline
    func claimEmptySlot(_ slot: Int) -> Bool {
        storage.claimEmpty(slot, by: ThreadIdentity.current, holdingLock: false)
    }

    /// Publishes `bits`, the strongly held value this thread made in the slot it claimed,
    /// and tells whoever waits for it (threads, `WeakProvider` cells).
    @usableFromInline
    func publishClaimed(_ slot: Int, _ bits: UInt, isReference: Bool) {
        if storage.publishesWithoutLock {
            let (waiters, weakCells) = storage.publishWithoutLock(slot, bits)
            guard waiters || weakCells else { return }
            storage.lock()
        } else {
            storage.lock()
            storage.store(slot, bits)
        }
        owner.fillWeakCell(of: slot, withWord: bits, isReference: isReference)
        storage.broadcast()
        let waiting = owner.bookkeeping?.asyncConstructions.removeValue(forKey: slot)
        storage.unlock()
        waiting?.resumeAll(.published)
    }

    /// Gives the `WeakProvider` cell of `slot`, if there is one, the object just published
    /// there as `bits` (`nil` for a boxed value). Mutex held.
    private func fillWeakCell(of slot: Int, withWord bits: UInt, isReference: Bool) {
        guard let cell = bookkeeping?.weakCells[slot] else { return }
        cell.object = isReference ? Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).takeUnretainedValue() : nil
    }

    /// The instance shared in `slot`, made with `make` if nobody has made it yet: exactly
    /// once, even when several threads ask together. No lock is held while `make` runs;
    /// a thread that finds the slot under construction waits for that slot alone.
    ///
    /// - Parameter mayRetain: whether the binding's factory may keep a handle on this
    ///   component (see ``ComponentTemplate``); such objects are built through a view.
    @usableFromInline
    func make<Value>(
        _ slot: Int,
        key: BindingKey,
        isReference: Bool,
        mayRetain: Bool,
        with make: (ComponentInstance) -> Value
    ) -> Value {
        if let object = existingWeakObject(slot) {
            return unsafeBitCast(object, to: Value.self)
        }
        let owner = self.owner
        let me = ThreadIdentity.current
        // The usual case, an empty slot nobody else wants, is claimed without the mutex;
        // otherwise the slot is examined, and waited for, with the mutex held.
        if !storage.claimEmpty(slot, by: me, holdingLock: false) {
            switch claimHoldingLock(slot, key: key, owner: owner, me: me) {
            case .claimed: break
            case .value(let bits): return ScopedValue.decode(bits, isReference: isReference)
            case .object(let object): return unsafeBitCast(object, to: Value.self)
            }
        }

        let value: Value
        var keptHandle = false
        if mayRetain {
            (value, keptHandle) = construct(slot, with: make)
        } else {
            value = make(self)
        }

        // A strongly held value is published as the fast path publishes it (without the
        // mutex when nobody waits).
        if !keptHandle {
            publishClaimed(slot, ScopedValue.encode(value, isReference: isReference), isReference: isReference)
            return value
        }
        storage.lock()
        publish(value, in: slot, isReference: isReference, keptHandle: true)
        storage.broadcast()
        storage.unlock()
        return value
    }

    /// Makes the value of `slot` through a view and tells whether the value kept it (or took
    /// an object that keeps the instance). The view is released before this returns, so
    /// never with the mutex held.
    private func construct<Value>(_ slot: Int, with make: (ComponentInstance) -> Value) -> (Value, keptHandle: Bool) {
        var view = constructionView(for: slot)
        let value = make(view)
        let keptHandle = !isKnownUniquelyReferenced(&view) || view.wasRetainedDuringConstruction
        return (value, keptHandle)
    }

    /// With the slot not claimable at once: returns its value if it is there (waiting while
    /// another thread makes it), or claims it for this thread and returns `.claimed`.
    private func claimHoldingLock(_ slot: Int, key: BindingKey, owner: ComponentInstance, me: UInt) -> Published {
        storage.lock()
        while true {
            let bits = storage.loadHoldingLock(slot)
            if bits == 0 {
                // Claimed with the same compare-and-swap as the lock-free path, so that a
                // thread claiming without the mutex and this one never both win.
                if storage.claimEmpty(slot, by: me, holdingLock: true) {
                    storage.unlock()
                    return .claimed
                }
                continue
            }
            if bits & ScopedStorage.constructionBit == 0 {
                let published = takePublished(bits)
                if case .claimed = published {
                    // Everything that held the object let it go: make it again, in a new
                    // slot. (The word is not 0, so no lock-free claim can race this store.)
                    owner.retireWeakSlot(slot)
                    storage.store(slot, me)
                }
                storage.unlock()
                return published
            }
            if bits == me {
                storage.unlock()
                RuntimeFailure.reentrantConstruction(of: key, chain: owner.keysUnderConstruction(by: me))
            }
            ConstructionWaits.wait(for: key, slot: slot, in: owner, heldBy: bits, waiter: me)
        }
    }

    /// Stores a newly made shared value in its slot, with the storage's mutex held: weakly
    /// when it keeps a handle on this component, strongly otherwise.
    func publish<Value>(_ value: Value, in slot: Int, isReference: Bool, keptHandle: Bool) {
        if keptHandle, isReference {
            // The cell is filled before it is published, and never changes afterwards.
            let cell = WeakSlot()
            cell.object = unsafeBitCast(value, to: AnyObject.self)
            storage.store(slot, UInt(bitPattern: Unmanaged.passRetained(cell).toOpaque()) | ScopedStorage.weakBit)
            // Whatever is being built with this object keeps the component alive too.
            if buildsObject {
                retainedDuringConstruction = true
            }
            // Anchors that can ask for it keep it.
            owner.holdIfPinned(unsafeBitCast(value, to: AnyObject.self), in: slot)
        } else {
            storage.store(slot, ScopedValue.encode(value, isReference: isReference))
        }
        if let cell = owner.bookkeeping?.weakCells[slot] {
            cell.object = isReference ? unsafeBitCast(value, to: AnyObject.self) : nil
        }
    }

    /// What a slot holds for a requester, without a generic optional (see
    /// `existingWeakObject`): nothing (the requester claimed it, or must make it), the word
    /// of a strongly held value, or the live object of a weak slot.
    enum Published {
        case claimed
        case value(UInt)
        case object(AnyObject)
    }

    /// The value a published word holds, with the storage's mutex held: a strong one, or
    /// the live object of a weak slot, which whatever this instance (a view) is building
    /// takes too, so that keeps the component alive as well. `.claimed` for any other word.
    func takePublished(_ bits: UInt) -> Published {
        if bits != 0, bits & ScopedStorage.tagBits == 0 {
            return .value(bits)
        }
        guard let object = WeakSlot.of(bits)?.object else { return .claimed }
        if buildsObject {
            retainedDuringConstruction = true
        }
        return .object(object)
    }

    /// `takePublished` for a weak object that reached this instance without the mutex.
    @usableFromInline
    func noteTakenWeakObject() {
        guard buildsObject else { return }
        storage.lock()
        retainedDuringConstruction = true
        storage.unlock()
    }

    /// `bookkeeping`, made if needed. Mutex held.
    var notes: Bookkeeping {
        if let bookkeeping { return bookkeeping }
        let made = Bookkeeping()
        bookkeeping = made
        return made
    }

    /// Keeps the weak slot of `slot`, whose object died, until this instance goes (readers
    /// may still hold its address), and drops the word's retain on it; warns that the object
    /// is made again. Mutex held.
    func retireWeakSlot(_ slot: Int) {
        guard let cell = WeakSlot.of(storage.loadHoldingLock(slot)) else { return }
        if notes.madeAgain.insert(slot).inserted {
            RuntimeFailure.warnMadeAgain(template.slotKeys[slot], in: template)
        }
        notes.retiredWeakSlots.append(cell)
        Unmanaged.passUnretained(cell).release()
    }

    var wasRetainedDuringConstruction: Bool {
        storage.lock()
        defer { storage.unlock() }
        return retainedDuringConstruction
    }

    /// The cell a ``WeakProvider`` watches for the object shared in `slot`, filled now if
    /// the object exists and whenever it is made.
    func weakCell(for slot: Int) -> WeakCell {
        let owner = self.owner
        storage.lock()
        defer { storage.unlock() }
        if let cell = owner.bookkeeping?.weakCells[slot] {
            return cell
        }
        // Before the slot is read, so that a publisher without the mutex fills the cell
        // or this reads its value.
        storage.markWeakCells()
        let cell = WeakCell()
        let bits = storage.loadSequentially(slot)
        if let weak = WeakSlot.of(bits) {
            cell.object = weak.object
        } else if bits != 0, bits & ScopedStorage.tagBits == 0, let pointer = UnsafeRawPointer(bitPattern: bits) {
            cell.object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        }
        owner.notes.weakCells[slot] = cell
        return cell
    }

    /// The keys this thread is building in this instance and its ancestors, for the
    /// re-entrance report.
    func keysUnderConstruction(by thread: UInt) -> [BindingKey] {
        var keys: [BindingKey] = []
        var instance: ComponentInstance? = self
        while let current = instance {
            current.storage.lock()
            for slot in 0..<current.template.scopedSlotCount where current.storage.loadHoldingLock(slot) == thread {
                keys.append(current.template.slotKeys[slot])
            }
            current.storage.unlock()
            instance = current.parent?.owner
        }
        return keys
    }
}

/// A number that tells the running thread from every other live thread, with bit 0 set so
/// that it can stand in a scoped word as "under construction by this thread".
enum ThreadIdentity {
    static var current: UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self()) | ScopedStorage.constructionBit
        #else
        return UInt(pthread_self()) | ScopedStorage.constructionBit
        #endif
    }
}

/// The rarely used state of a component instance (see `ComponentInstance.bookkeeping`).
final class Bookkeeping {
    /// The cells of slots that ``WeakProvider``s watch, by slot.
    var weakCells: [Int: WeakCell] = [:]
    /// The tasks waiting for shared asynchronous bindings being made, by slot; an entry
    /// exists only while a second request waits for the first one's construction.
    var asyncConstructions: [Int: AsyncWaiters] = [:]
    /// Weak slots whose object died and was made again in a new slot. A published weak
    /// slot never changes (readers take no lock), so a replaced one is kept until the
    /// instance goes.
    var retiredWeakSlots: [WeakSlot] = []
    /// The slots whose object was made again, each said once (see `retireWeakSlot`).
    var madeAgain: Set<Int> = []
}
