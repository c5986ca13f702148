import CleanseGraph

/// The asynchronous construction protocol of shared values: the first task to ask claims the
/// slot with its mark (``AsyncConstructionMark``) and makes the value in its own frame;
/// later tasks park on the slot's ``AsyncWaiters`` and are resumed with the outcome; a
/// cancelled maker hands the construction over. Each construction pushes a task-local
/// ``AsyncConstructionFrame``, so a task that awaits what it is making is told, not hung.
extension ComponentInstance {
    /// How many requests are parked, waiting for another task's construction of one of this
    /// instance's shared values: what a test of the hand-over waits for before it cancels.
    var parkedAsyncRequests: Int {
        let owner = self.owner
        storage.lock()
        defer { storage.unlock() }
        return owner.bookkeeping?.asyncConstructions.values.reduce(0) { $0 + $1.continuations.count } ?? 0
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

