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
    private var bookkeeping: Bookkeeping?
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
    private func constructionView(for slot: Int) -> ComponentInstance {
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
    private func publish<Value>(_ value: Value, in slot: Int, isReference: Bool, keptHandle: Bool) {
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

    /// The value shared in `slot`: the one published there, or `makeAsync`'s. The body of
    /// every shared asynchronous resolver, inlined where the binding is written.
    @inlinable @inline(__always)
    func sharedAsync<Value>(
        _ slot: Int,
        key: BindingKey,
        isReference: Bool,
        mayRetain: Bool,
        with make: (ComponentInstance) async throws -> Value
    ) async throws -> Value {
        // No optional of `Value`: unspecialised, it costs a metadata look-up per read.
        let bits = storage.loadStrong(slot)
        if bits != 0 {
            return ScopedValue.decode(bits, isReference: isReference)
        }
        return try await makeAsync(slot, key: key, isReference: isReference, mayRetain: mayRetain, with: make)
    }

    /// The asynchronous binding shared in `slot`, made with `make` if nobody has made it
    /// yet: exactly once, however many tasks await it together.
    ///
    /// The first request makes it in its own task; later ones wait for that construction.
    /// If the construction fails because its task was cancelled, the waiters do not inherit
    /// that: the next one in line makes it again, so cancelling one waiter never fails the
    /// others. Any other error reaches every waiter, the slot stays empty, and the next
    /// request tries again.
    ///
    /// Inlined where the binding is written, so that the value is made and published in
    /// code specialised for `Value`; waiting and bookkeeping are not generic
    /// (`claimAsync`, `wait(for:in:)`, `abandonAsyncConstruction`), so they cost no
    /// metadata look-ups.
    @inlinable @inline(__always)
    func makeAsync<Value>(
        _ slot: Int,
        key: BindingKey,
        isReference: Bool,
        mayRetain: Bool,
        with make: (ComponentInstance) async throws -> Value
    ) async throws -> Value {
        while true {
            switch try claimAsync(slot, key: key) {
            case .value(let bits): return ScopedValue.decode(bits, isReference: isReference)
            case .object(let object): return unsafeBitCast(object, to: Value.self)
            case .wait(let running):
                try await wait(for: running, in: slot)
                continue
            case .make: break
            }
            let owner = self.owner
            do {
                // Traced, so that work the factory starts and awaits (`async let`, a task
                // group, `Task {}`) is told apart when it asks for this value.
                var made: Value?
                try await owner.traceConstruction(of: slot, key: key) {
                    if mayRetain {
                        let (value, isWeak) = try await owner.constructAsync(slot, isReference: isReference, make: make)
                        if isWeak { self.noteTakenWeakObject() }
                        made = value
                        return
                    }
                    // Made in the instance that owns the slot, not in a view being built, and
                    // published like a synchronous value (without the mutex when nobody waits).
                    let value = try await make(owner)
                    owner.publishClaimed(slot, ScopedValue.encode(value, isReference: isReference), isReference: isReference)
                    made = value
                }
                return made.unsafelyUnwrapped
            } catch {
                owner.abandonAsyncConstruction(slot, failure: error)
                throw error
            }
        }
    }

    /// What an asynchronous request of a shared slot found: its value (a strong word or a
    /// live weak object), a construction in flight to wait for, or the go-ahead to make it.
    @usableFromInline
    enum AsyncClaim {
        case value(UInt)
        case object(AnyObject)
        case wait(AsyncWaiters)
        case make
    }

    /// Claims `slot` for an asynchronous construction by the current task, or says what is
    /// there. The usual cases take no mutex: a published strong word is read, and an empty
    /// slot is claimed by compare-and-swap with the task's mark (``AsyncConstructionMark``).
    /// Not `async`: the usual request suspends nowhere, and pays no asynchronous call for
    /// it. Throws `ReentrantConstruction` when the task making the value asks again.
    @usableFromInline
    func claimAsync(_ slot: Int, key: BindingKey) throws -> AsyncClaim {
        let mark = AsyncConstructionMark.current
        let bits = storage.load(slot)
        if bits == 0, storage.claimEmpty(slot, by: mark, holdingLock: false) {
            return .make
        }
        if bits != 0, bits & ScopedStorage.tagBits == 0 {
            return .value(bits)
        }
        return try claimAsyncHoldingLock(slot, key: key, mark: mark)
    }

    /// `claimAsync` for a slot that is being made, is weak, or was claimed meanwhile.
    private func claimAsyncHoldingLock(_ slot: Int, key: BindingKey, mark: UInt) throws -> AsyncClaim {
        let owner = self.owner
        storage.lock()
        defer { storage.unlock() }
        // Counted before the slot is read again, so that a publisher that does not take the
        // mutex sees this waiter, or this read sees its value (see `ScopedStorage`). The
        // count stays raised while the request waits (`wait(for:in:)` lowers it).
        storage.addWaiter(1)
        var waits = false
        defer { if !waits { storage.addWaiter(-1) } }
        while true {
            let bits = storage.loadSequentially(slot)
            if bits & ScopedStorage.constructionBit == 0 {
                switch takePublished(bits) {
                case .value(let value): return .value(value)
                case .object(let object): return .object(object)
                case .claimed: break
                }
                if bits == 0 {
                    // Same compare-and-swap as the lock-free claim, which may race this one.
                    if storage.claimEmpty(slot, by: mark, holdingLock: true) { return .make }
                    continue
                }
                // Everything that held the object let it go: make it again, in a new slot.
                // (The word is not 0, so no lock-free claim can race this store.)
                owner.retireWeakSlot(slot)
                storage.store(slot, mark)
                return .make
            }
            if bits == mark {
                // The task making it awaits it again: waiting would never end.
                throw ReentrantConstruction(key: key, chain: [key])
            }
            if let chain = AsyncConstructionFrame.chain(from: ObjectIdentifier(owner), slot: slot, markedBy: bits) {
                // Work started while making it (and inheriting its trace) asks for it.
                throw ReentrantConstruction(key: key, chain: chain, fromStartedWork: true)
            }
            waits = true
            if let running = owner.bookkeeping?.asyncConstructions[slot] {
                return .wait(running)
            }
            let running = AsyncWaiters()
            owner.notes.asyncConstructions[slot] = running
            return .wait(running)
        }
    }

    /// Waits until the construction `running` of `slot` ends, unless it has ended already;
    /// throws its error. Then the slot is looked at again: published, it is read like any
    /// later request (a weak object may have gone since, and is then made again);
    /// cancelled, one of the waiters makes it.
    @usableFromInline
    func wait(for running: AsyncWaiters, in slot: Int) async throws {
        let owner = self.owner
        // Raised by `claimAsyncHoldingLock`, for as long as this request waits.
        defer { storage.addWaiter(-1) }
        storage.lock()
        guard owner.bookkeeping?.asyncConstructions[slot] === running else {
            storage.unlock()
            return
        }
        let outcome = await withCheckedContinuation { continuation in
            running.continuations.append(continuation)
            storage.unlock()
        }
        if case .failed(let error) = outcome {
            throw error
        }
    }

    /// What a slot holds for a requester, without a generic optional (see
    /// `existingWeakObject`): nothing (the requester claimed it, or must make it), the word
    /// of a strongly held value, or the live object of a weak slot.
    private enum Published {
        case claimed
        case value(UInt)
        case object(AnyObject)
    }

    /// The value a published word holds, with the storage's mutex held: a strong one, or
    /// the live object of a weak slot, which whatever this instance (a view) is building
    /// takes too, so that keeps the component alive as well. `.claimed` for any other word.
    private func takePublished(_ bits: UInt) -> Published {
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
    private var notes: Bookkeeping {
        if let bookkeeping { return bookkeeping }
        let made = Bookkeeping()
        bookkeeping = made
        return made
    }

    /// Keeps the weak slot of `slot`, whose object died, until this instance goes (readers
    /// may still hold its address), and drops the word's retain on it; warns that the object
    /// is made again. Mutex held.
    private func retireWeakSlot(_ slot: Int) {
        guard let cell = WeakSlot.of(storage.loadHoldingLock(slot)) else { return }
        if notes.madeAgain.insert(slot).inserted {
            RuntimeFailure.warnMadeAgain(template.slotKeys[slot], in: template.componentType)
        }
        notes.retiredWeakSlots.append(cell)
        Unmanaged.passUnretained(cell).release()
    }

    /// Makes the value of `slot` through a view, for a binding that may keep a handle on
    /// this component, and publishes it; tells whether it went into a weak slot.
    @usableFromInline
    func constructAsync<Value>(
        _ slot: Int,
        isReference: Bool,
        make: (ComponentInstance) async throws -> Value
    ) async throws -> (Value, isWeak: Bool) {
        let (value, keptHandle) = try await constructThroughView(slot, make: make)
        storage.lock()
        publish(value, in: slot, isReference: isReference, keptHandle: keptHandle)
        let waiting = bookkeeping?.asyncConstructions.removeValue(forKey: slot)
        storage.unlock()
        waiting?.resumeAll(.published)
        return (value, keptHandle && isReference)
    }

    /// `construct` for an asynchronous factory: the view is released before this returns.
    private func constructThroughView<Value>(
        _ slot: Int,
        make: (ComponentInstance) async throws -> Value
    ) async throws -> (Value, keptHandle: Bool) {
        var view = constructionView(for: slot)
        let value = try await make(view)
        let keptHandle = !isKnownUniquelyReferenced(&view) || view.wasRetainedDuringConstruction
        return (value, keptHandle)
    }

    /// Gives up the construction of `slot` that threw `error`: the slot is empty again and
    /// its waiters are told. One cut short by its task's cancellation is not the waiters'
    /// failure: one of them makes the value again.
    @usableFromInline
    func abandonAsyncConstruction(_ slot: Int, failure error: any Error) {
        let cancelled = Task.isCancelled || error is CancellationError
        storage.lock()
        // Claimed by this task, so no lock-free claim or publication races this store.
        storage.store(slot, 0)
        let waiting = bookkeeping?.asyncConstructions.removeValue(forKey: slot)
        storage.unlock()
        waiting?.resumeAll(cancelled ? .retry : .failed(error))
    }

    private var wasRetainedDuringConstruction: Bool {
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

/// The tasks waiting for one shared asynchronous value while another task makes it; made
/// only when a second request finds the construction in flight.
@usableFromInline
final class AsyncWaiters {
    @usableFromInline
    enum Outcome: Sendable {
        /// The value is in its slot.
        case published
        case failed(any Error)
        /// The construction was cancelled with its task: wait no more, make it again.
        case retry
    }

    /// Touched only with the storage's mutex held, until the construction ends and the
    /// waiters are taken out of the instance; then only by `resumeAll`.
    var continuations: [CheckedContinuation<Outcome, Never>] = []

    /// Tells every waiter how the construction ended. Called once, after the waiters were
    /// removed from the instance under the mutex, so that no waiter can join any more.
    func resumeAll(_ outcome: Outcome) {
        for continuation in continuations {
            continuation.resume(returning: outcome)
        }
        continuations = []
    }
}

/// One asynchronous construction of a shared value in progress, as the tasks it starts see
/// it: a task-local trace, inherited by `async let`, task groups and `Task {}` (not by
/// `Task.detached`), of the constructions they were started in.
final class AsyncConstructionFrame: Sendable {
    /// The constructions the current task was started in, innermost first.
    @TaskLocal static var innermost: AsyncConstructionFrame?

    let owner: ObjectIdentifier
    let slot: Int
    let key: BindingKey
    /// The mark the constructing task claimed the slot with.
    let mark: UInt
    let parent: AsyncConstructionFrame?

    init(owner: ObjectIdentifier, slot: Int, key: BindingKey, mark: UInt, parent: AsyncConstructionFrame?) {
        self.owner = owner
        self.slot = slot
        self.key = key
        self.mark = mark
        self.parent = parent
    }

    /// When the current task was started while `slot` of `owner` was being made by the
    /// task that marked it `mark` (so that construction may be awaiting it): the keys being
    /// made from that one to the innermost, outermost first. `nil` otherwise.
    static func chain(from owner: ObjectIdentifier, slot: Int, markedBy mark: UInt) -> [BindingKey]? {
        var keys: [BindingKey] = []
        var frame = innermost
        while let current = frame {
            keys.append(current.key)
            if current.owner == owner, current.slot == slot, current.mark == mark {
                return keys.reversed()
            }
            frame = current.parent
        }
        return nil
    }
}

extension ComponentInstance {
    /// Runs `body`, the construction of `slot`, with a frame for it on the task's trace.
    @usableFromInline
    func traceConstruction(of slot: Int, key: BindingKey, _ body: () async throws -> Void) async throws {
        let frame = AsyncConstructionFrame(
            owner: ObjectIdentifier(self),
            slot: slot,
            key: key,
            mark: AsyncConstructionMark.current,
            parent: AsyncConstructionFrame.innermost
        )
        try await AsyncConstructionFrame.$innermost.withValue(frame, operation: body)
    }
}

/// The word an asynchronous construction claims its slot with: the constructing task's
/// identity with bit 0 set, so that the slot reads as "under construction" and a request
/// from the same task is told from another task's.
enum AsyncConstructionMark {
    static var current: UInt {
        withUnsafeCurrentTask { task in
            guard let task else { return ScopedStorage.constructionBit }
            // The task's address: unique among running tasks and threads (a hash value could
            // collide with another's), and read without hashing. `UnsafeCurrentTask` is that
            // one reference; the hash is the fallback should its layout ever change.
            guard MemoryLayout<UnsafeCurrentTask>.size == MemoryLayout<UInt>.size else {
                return UInt(bitPattern: task.hashValue) | ScopedStorage.constructionBit
            }
            return unsafeBitCast(task, to: UInt.self) | ScopedStorage.constructionBit
        }
    }
}

/// The rarely used state of a component instance (see `ComponentInstance.bookkeeping`).
private final class Bookkeeping {
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
