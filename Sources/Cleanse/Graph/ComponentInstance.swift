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
/// alive, not the other way round.
@usableFromInline
final class ComponentInstance: @unchecked Sendable {
    // Safe to share: scoped words are published with release/acquire ordering and changed
    // only under the storage's mutex (see `ScopedStorage`); `retainedDuringConstruction`
    // and `weakCells` are only touched under that mutex; everything else is immutable.
    let template: ComponentTemplate
    let parent: ComponentInstance?
    private let seed: AnyObject
    @usableFromInline
    let storage: ScopedStorage
    /// For a view: the instance whose storage it shares, which it keeps alive.
    private let viewed: ComponentInstance?
    /// For a view: whether the object built through it took a shared object that keeps
    /// the instance alive (so the new object keeps it alive too).
    private var retainedDuringConstruction = false
    /// The cells of slots that ``WeakProvider``s watch, by slot.
    private var weakCells: [Int: WeakCell] = [:]
    /// Shared asynchronous bindings being made, by slot: the task every waiter awaits.
    private var asyncConstructions: [Int: AnyObject] = [:]
    /// Weak slots whose object died and was made again in a new slot. A published weak
    /// slot never changes (readers take no lock), so a replaced one is kept until the
    /// instance goes.
    private var retiredWeakSlots: [WeakSlot] = []

    init<Seed>(template: ComponentTemplate, parent: ComponentInstance?, seed: Seed) {
        self.template = template
        self.parent = parent
        self.seed = Box(seed)
        storage = ScopedStorage(count: template.scopedSlotCount)
        viewed = nil
    }

    /// A view of `instance`, for building one shared object.
    private init(viewing instance: ComponentInstance) {
        template = instance.template
        parent = instance.parent
        seed = instance.seed
        storage = instance.storage
        viewed = instance
    }

    deinit {
        if viewed == nil {
            storage.deallocate()
        }
    }

    /// The instance that owns the storage: this one, or the one this view shares.
    var owner: ComponentInstance { viewed ?? self }

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

    /// The instance shared in `slot` if it exists already and is held strongly; the
    /// lock-free path of every scoped resolver. (A weak slot is read, still without a lock,
    /// at the start of `make`.)
    @inlinable @inline(__always)
    func existing<Value>(_ slot: Int, as _: Value.Type, isReference: Bool) -> Value? {
        let bits = storage.load(slot)
        guard bits & ScopedStorage.tagBits == 0, bits != 0 else { return nil }
        return ScopedValue.decode(bits, isReference: isReference) as Value
    }

    /// The object of a published weak slot, if it is alive; `nil` for any other word, and
    /// on a view (whose construction must note that it takes the object, which `make` does
    /// under the mutex).
    private func existingWeak<Value>(_ slot: Int, as _: Value.Type) -> Value? {
        guard viewed == nil, let object = WeakSlot.of(storage.load(slot))?.object else { return nil }
        return unsafeBitCast(object, to: Value.self)
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
        if let shared = existingWeak(slot, as: Value.self) {
            return shared
        }
        let owner = self.owner
        let me = ThreadIdentity.current
        // The usual case, an empty slot nobody else wants, is claimed without the mutex;
        // otherwise the slot is examined, and waited for, with the mutex held.
        if !storage.claimEmpty(slot, by: me, holdingLock: false) {
            if let existing: Value = claimHoldingLock(slot, key: key, isReference: isReference, owner: owner, me: me) {
                return existing
            }
        }

        let value: Value
        var keptHandle = false
        if mayRetain {
            var view = ComponentInstance(viewing: owner)
            value = make(view)
            keptHandle = !isKnownUniquelyReferenced(&view) || view.wasRetainedDuringConstruction
        } else {
            value = make(self)
        }

        // A strongly held value nobody waits for is published without the mutex.
        if !keptHandle, storage.publishesWithoutLock {
            let (waiters, weakCells) = storage.publishWithoutLock(slot, ScopedValue.encode(value, isReference: isReference))
            if waiters || weakCells {
                storage.lock()
                if let cell = owner.weakCells[slot] {
                    cell.object = isReference ? unsafeBitCast(value, to: AnyObject.self) : nil
                }
                storage.broadcast()
                storage.unlock()
            }
            return value
        }
        storage.lock()
        publish(value, in: slot, isReference: isReference, keptHandle: keptHandle)
        storage.broadcast()
        storage.unlock()
        return value
    }

    /// With the slot not claimable at once: returns its value if it is there (waiting while
    /// another thread makes it), or claims it for this thread and returns `nil`.
    private func claimHoldingLock<Value>(_ slot: Int, key: BindingKey, isReference: Bool, owner: ComponentInstance, me: UInt) -> Value? {
        storage.lock()
        while true {
            let bits = storage.loadHoldingLock(slot)
            if bits == 0 {
                // Claimed with the same compare-and-swap as the lock-free path, so that a
                // thread claiming without the mutex and this one never both win.
                if storage.claimEmpty(slot, by: me, holdingLock: true) {
                    storage.unlock()
                    return nil
                }
                continue
            }
            if bits & ScopedStorage.constructionBit == 0 {
                if let value: Value = takePublished(bits, isReference: isReference) {
                    storage.unlock()
                    return value
                }
                // Everything that held the object let it go: make it again, in a new slot.
                // (The word is not 0, so no lock-free claim can race this store.)
                owner.retireWeakSlot(slot)
                storage.store(slot, me)
                storage.unlock()
                return nil
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
            if viewed != nil {
                retainedDuringConstruction = true
            }
        } else {
            storage.store(slot, ScopedValue.encode(value, isReference: isReference))
        }
        if let cell = owner.weakCells[slot] {
            cell.object = isReference ? unsafeBitCast(value, to: AnyObject.self) : nil
        }
    }

    /// The asynchronous binding shared in `slot`, made with `make` if nobody has made it
    /// yet: exactly once, however many tasks await it together.
    ///
    /// The first request makes it in its own task; later ones wait for that construction.
    /// If the construction fails because its task was cancelled, the waiters do not inherit
    /// that: the next one in line makes it again, so cancelling one waiter never fails the
    /// others. Any other error reaches every waiter, the slot stays empty, and the next
    /// request tries again.
    @usableFromInline
    func makeAsync<Value>(
        _ slot: Int,
        key: BindingKey,
        isReference: Bool,
        mayRetain: Bool,
        with make: (ComponentInstance) async throws -> Value
    ) async throws -> Value {
        let owner = self.owner
        let currentTask = withUnsafeCurrentTask { $0?.hashValue }
        while true {
            storage.lock()
            if let value: Value = takePublished(storage.loadHoldingLock(slot), isReference: isReference) {
                storage.unlock()
                return value
            }
            if let running = owner.asyncConstructions[slot] {
                let waiters = unsafeDowncast(running, to: AsyncWaiters<Value>.self)
                // The task making it awaits it again: waiting would never end.
                if currentTask != nil, waiters.maker == currentTask {
                    storage.unlock()
                    throw ReentrantConstruction(key: key, chain: [key])
                }
                let outcome = await withCheckedContinuation { continuation in
                    waiters.continuations.append(continuation)
                    storage.unlock()
                }
                switch outcome {
                case .made(let value, let isWeak):
                    if isWeak { noteTakenWeakObject() }
                    return value.value
                case .failed(let error): throw error
                case .retry: continue
                }
            }
            let waiters = AsyncWaiters<Value>(maker: currentTask)
            owner.asyncConstructions[slot] = waiters
            storage.unlock()
            do {
                let (value, isWeak) = try await owner.constructAsync(slot, isReference: isReference, mayRetain: mayRetain, make: make)
                owner.finishAsyncConstruction(slot, waiters, .made(Handoff(value: value), isWeak: isWeak))
                if isWeak { noteTakenWeakObject() }
                return value
            } catch {
                // A construction cut short by this task's cancellation is not the waiters'
                // failure: one of them makes the value again.
                let cancelled = Task.isCancelled || error is CancellationError
                owner.finishAsyncConstruction(slot, waiters, cancelled ? .retry : .failed(error))
                throw error
            }
        }
    }

    /// The value a published word holds, with the storage's mutex held: a strong one, or
    /// the live object of a weak slot, which whatever this instance (a view) is building
    /// takes too, so that keeps the component alive as well. `nil` for any other word.
    private func takePublished<Value>(_ bits: UInt, isReference: Bool) -> Value? {
        if bits != 0, bits & ScopedStorage.tagBits == 0 {
            return ScopedValue.decode(bits, isReference: isReference)
        }
        guard let object = WeakSlot.of(bits)?.object else { return nil }
        if viewed != nil {
            retainedDuringConstruction = true
        }
        return unsafeBitCast(object, to: Value.self)
    }

    /// `takePublished` for a weak object that reached this instance without the mutex.
    private func noteTakenWeakObject() {
        guard viewed != nil else { return }
        storage.lock()
        retainedDuringConstruction = true
        storage.unlock()
    }

    /// Keeps the weak slot of `slot`, whose object died, until this instance goes (readers
    /// may still hold its address), and drops the word's retain on it. Mutex held.
    private func retireWeakSlot(_ slot: Int) {
        guard let cell = WeakSlot.of(storage.loadHoldingLock(slot)) else { return }
        retiredWeakSlots.append(cell)
        Unmanaged.passUnretained(cell).release()
    }

    /// Makes the value of `slot` (through a view when it may keep a handle on this
    /// component) and publishes it; tells whether it went into a weak slot.
    private func constructAsync<Value>(
        _ slot: Int,
        isReference: Bool,
        mayRetain: Bool,
        make: (ComponentInstance) async throws -> Value
    ) async throws -> (Value, isWeak: Bool) {
        let value: Value
        var keptHandle = false
        if mayRetain {
            var view = ComponentInstance(viewing: self)
            value = try await make(view)
            keptHandle = !isKnownUniquelyReferenced(&view) || view.wasRetainedDuringConstruction
        } else {
            value = try await make(self)
        }
        storage.lock()
        retireWeakSlot(slot)
        publish(value, in: slot, isReference: isReference, keptHandle: keptHandle)
        storage.unlock()
        return (value, keptHandle && isReference)
    }

    /// Ends the construction of `slot` and tells its waiters how it went.
    private func finishAsyncConstruction<Value>(_ slot: Int, _ waiters: AsyncWaiters<Value>, _ outcome: AsyncWaiters<Value>.Outcome) {
        storage.lock()
        asyncConstructions[slot] = nil
        let continuations = waiters.continuations
        waiters.continuations = []
        storage.unlock()
        for continuation in continuations {
            continuation.resume(returning: outcome)
        }
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
        if let cell = owner.weakCells[slot] {
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
        owner.weakCells[slot] = cell
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

/// The tasks waiting for one shared asynchronous value, as the instance keeps them while
/// it is made. Touched only with the storage's mutex held.
private final class AsyncWaiters<Value> {
    enum Outcome: Sendable {
        case made(Handoff<Value>, isWeak: Bool)
        case failed(any Error)
        /// The construction was cancelled with its task: wait no more, make it again.
        case retry
    }

    var continuations: [CheckedContinuation<Outcome, Never>] = []
    /// The task making the value (its hash), to tell a re-entrant await from a waiter.
    let maker: Int?

    init(maker: Int?) {
        self.maker = maker
    }
}
