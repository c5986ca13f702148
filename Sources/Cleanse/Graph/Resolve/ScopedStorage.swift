public import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a component instance keeps its scoped instances and its seed: one word per scoped
/// binding, followed by a mutex, a condition variable, the pin area (if any) and the seed,
/// in one allocation. (A component with no scoped bindings allocates its seed alone; one
/// with neither allocates nothing.)
///
/// A word is
/// - `0` while its instance has not been made;
/// - the constructing thread's identity with bit 0 set while it is being made;
/// - otherwise the address of the retained instance (or of its ``Box``), with bit 1 set
///   when it is a ``WeakSlot`` (an object that keeps its own component alive, held weakly).
///
/// Reads of an existing strong instance take no lock: an acquiring load pairs with the
/// releasing store that published it, and such a word never changes again. An empty slot
/// is claimed by compare-and-swap, without the mutex. The mutex guards publishing and
/// waiting: nobody holds it while a factory runs, so unrelated bindings never wait for each
/// other, and a thread that finds a slot under construction by another thread waits on the
/// condition variable for that slot alone to be published (publishing takes the mutex, so
/// no wake-up is lost). Older Apple
/// systems without the Synchronization atomics read the word under the mutex instead.
@usableFromInline
struct ScopedStorage {
    /// The words, then the mutex and the condition; `nil` when the component has neither
    /// scoped bindings nor a seed that takes space.
    @usableFromInline
    let base: UnsafeMutableRawPointer?
    let count: Int
    /// Whether the storage has a pin area (see ``pinCounts``): for a component with shared
    /// objects that keep a handle on it.
    let hasPins: Bool
    /// Where the seed is, from `base`.
    private let seedOffset: Int
    /// The seed's type when it needs destroying (not a plain bit pattern), else `nil`.
    private let seedType: Any.Type?

    /// The words after the slots: how many threads or tasks wait for a slot
    /// (``waitersWord``), then the flags (``flagsWord``: a `WeakProvider` cell watches some
    /// slot, or the storage was ``emptied`` for reuse).
    static let headerWords = 2
    /// The word counting the threads and tasks that wait for a slot.
    var waitersWord: Int { count }
    /// The word of flags: whether some slot has a `WeakProvider` cell, or ``emptied``.
    var flagsWord: Int { count + 1 }

    /// Bit 0 of a word: the slot is being made by the thread whose identity the word holds.
    @usableFromInline
    static let constructionBit: UInt = 1
    /// Bit 1 of a word: the slot holds a ``WeakSlot``.
    @usableFromInline
    static let weakBit: UInt = 2
    /// Both tag bits: a word with neither, and not zero, holds a strong instance.
    @usableFromInline
    static let tagBits: UInt = 3

    /// Storage for `count` scoped slots (with a pin area when `withPins`) holding `seed`.
    ///
    /// The seed lives in the same allocation as the slots, rather than in a box of its own:
    /// one allocation fewer per build, and reading it needs no generic metadata.
    init<Seed>(count: Int, withPins: Bool = false, seed: consuming Seed) {
        self.count = count
        hasPins = withPins && count > 0
        seedType = _isPOD(Seed.self) ? nil : Seed.self
        let seedSize = MemoryLayout<Seed>.size
        guard count > 0 else {
            seedOffset = 0
            guard seedSize > 0 else {
                base = nil
                return
            }
            let base = UnsafeMutableRawPointer.allocate(byteCount: seedSize, alignment: MemoryLayout<Seed>.alignment)
            base.initializeMemory(as: Seed.self, to: seed)
            self.base = base
            return
        }
        let layout = Self.layout(count)
        let pinBytes = hasPins ? 2 * count * MemoryLayout<UInt>.stride : 0
        let seedAlignment = MemoryLayout<Seed>.alignment
        seedOffset = (layout.bytes + pinBytes + seedAlignment - 1) / seedAlignment * seedAlignment
        let base = UnsafeMutableRawPointer.allocate(
            byteCount: seedOffset + seedSize,
            alignment: max(layout.alignment, seedAlignment)
        )
        (base + seedOffset).initializeMemory(as: Seed.self, to: seed)
        if hasPins {
            (base + layout.bytes).initializeMemory(as: UInt.self, repeating: 0, count: 2 * count)
        }
        // The slots, then the count of waiting threads and the flags.
        base.initializeMemory(as: UInt.self, repeating: 0, count: count + Self.headerWords)
        let mutex = (base + layout.mutexOffset).bindMemory(to: pthread_mutex_t.self, capacity: 1)
        pthread_mutex_init(mutex, nil)
        let condition = (base + layout.conditionOffset).bindMemory(to: pthread_cond_t.self, capacity: 1)
        pthread_cond_init(condition, nil)
        self.base = base
    }

    @inline(__always)
    private static func layout(_ count: Int) -> (bytes: Int, alignment: Int, mutexOffset: Int, conditionOffset: Int) {
        func aligned(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) / alignment * alignment }
        let mutexOffset = aligned((count + Self.headerWords) * MemoryLayout<UInt>.stride, MemoryLayout<pthread_mutex_t>.alignment)
        let conditionOffset = aligned(mutexOffset + MemoryLayout<pthread_mutex_t>.stride, MemoryLayout<pthread_cond_t>.alignment)
        let alignment = max(MemoryLayout<UInt>.alignment, MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment)
        return (conditionOffset + MemoryLayout<pthread_cond_t>.stride, alignment, mutexOffset, conditionOffset)
    }

    /// The pin area, in the same allocation as the slots (no allocation of its own): for
    /// each slot, how many anchors pin it, then the object held strongly for them (retained,
    /// or nil). Mutex held. See `ComponentInstance`'s anchors.
    var pinCounts: UnsafeMutablePointer<Int> {
        (base.unsafelyUnwrapped + Self.layout(count).bytes).assumingMemoryBound(to: Int.self)
    }

    var pinnedObjects: UnsafeMutablePointer<Unmanaged<AnyObject>?> {
        (base.unsafelyUnwrapped + Self.layout(count).bytes + count * MemoryLayout<UInt>.stride)
            .assumingMemoryBound(to: Unmanaged<AnyObject>?.self)
    }

    /// The seed, as the type its component declared (the type the storage was made with).
    func seed<Seed>(as _: Seed.Type) -> Seed {
        guard MemoryLayout<Seed>.size > 0 else {
            // Nothing is stored for an empty value; any aligned address reads it.
            return UnsafeRawPointer(bitPattern: MemoryLayout<Seed>.alignment).unsafelyUnwrapped.load(as: Seed.self)
        }
        return (base.unsafelyUnwrapped + seedOffset).assumingMemoryBound(to: Seed.self).pointee
    }

    /// Releases every instance made, destroys the seed and frees the storage. Called once,
    /// by the owner's deinit.
    func deallocate() {
        guard let base else { return }
        if count == 0 || base.load(fromByteOffset: flagsWord * MemoryLayout<UInt>.stride, as: UInt.self) != Self.emptied {
            destroySeed()
        }
        guard count > 0 else {
            base.deallocate()
            return
        }
        if hasPins {
            // Every anchor keeps the owner alive, so none pins anything any more; kept safe.
            for slot in 0..<count {
                pinnedObjects[slot]?.release()
            }
        }
        releaseInstances()
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        base.deallocate()
    }

    /// Destroys the seed and releases every instance made, leaving every word 0: the
    /// storage of an instance that will be reused, as if new (see `ComponentInstance+Reuse`).
    /// Only for storage with words and no pin area, held by one thread alone.
    func emptyForReuse() {
        destroySeed()
        releaseInstances()
        // No thread waits; the flags say the seed is gone (so `deallocate` leaves it).
        base.unsafelyUnwrapped.storeBytes(of: 0, toByteOffset: count * MemoryLayout<UInt>.stride, as: UInt.self)
        base.unsafelyUnwrapped.storeBytes(of: Self.emptied, toByteOffset: flagsWord * MemoryLayout<UInt>.stride, as: UInt.self)
    }

    /// The flags word of storage emptied for reuse, which holds no seed.
    private static let emptied: UInt = 2

    /// Puts `seed` in storage emptied by `emptyForReuse()`; `Seed` is the type the storage
    /// was made with.
    func initializeSeed<Seed>(_ seed: consuming Seed) {
        let base = base.unsafelyUnwrapped
        base.storeBytes(of: 0, toByteOffset: flagsWord * MemoryLayout<UInt>.stride, as: UInt.self)
        guard MemoryLayout<Seed>.size > 0 else { return }
        (base + seedOffset).initializeMemory(as: Seed.self, to: seed)
    }

    private func destroySeed() {
        guard let seedType, let base else { return }
        func destroy<Seed>(_: Seed.Type) {
            (base + seedOffset).assumingMemoryBound(to: Seed.self).deinitialize(count: 1)
        }
        destroy(seedType)
    }

    /// Releases the instance in every word that holds one (a word under construction holds
    /// none) and sets the word to 0.
    private func releaseInstances() {
        guard let base else { return }
        for slot in 0..<count {
            let bits = base.load(fromByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self)
            if bits & Self.constructionBit == 0, let pointer = UnsafeRawPointer(bitPattern: bits & ~Self.tagBits) {
                base.storeBytes(of: 0, toByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self)
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            }
        }
    }

    /// Takes what waits in word `index` (a retained instance's address), leaving 0; `nil`
    /// when nothing does. An acquiring exchange: what was stored before the instance was
    /// left there (see ``offer(_:at:)``) is seen.
    func takeWaiting(_ index: Int) -> UnsafeMutableRawPointer? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        let bits = atomicWord(index).pointee.exchange(0, ordering: .acquiring)
        return UnsafeMutableRawPointer(bitPattern: bits)
    }

    /// Leaves `object` (retained) in word `index` when it is empty, by a releasing
    /// compare-and-swap; otherwise (another build left one first) releases it.
    func offer(_ object: Unmanaged<AnyObject>, at index: Int) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let bits = UInt(bitPattern: object.toOpaque())
            if atomicWord(index).pointee.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged {
                return
            }
        }
        object.release()
    }

    /// The word of `slot`, as last published.
    @inlinable @inline(__always)
    func load(_ slot: Int) -> UInt {
        let word = base.unsafelyUnwrapped + slot &* MemoryLayout<UInt>.stride
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return word.assumingMemoryBound(to: Atomic<UInt>.self).pointee.load(ordering: .acquiring)
        }
        return lockedLoad(slot)
    }

    /// The word of `slot` when it holds a value made already and held strongly; 0 when the
    /// slot is empty, under construction or weak. What every lock-free read checks first.
    @inlinable @inline(__always)
    func loadStrong(_ slot: Int) -> UInt {
        let bits = load(slot)
        return bits & Self.tagBits == 0 ? bits : 0
    }

    /// Publishes `bits` as the word of `slot`. Only called with the mutex held.
    func store(_ slot: Int, _ bits: UInt) {
        let word = base.unsafelyUnwrapped + slot * MemoryLayout<UInt>.stride
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            word.assumingMemoryBound(to: Atomic<UInt>.self).pointee.store(bits, ordering: .releasing)
        } else {
            word.storeBytes(of: bits, as: UInt.self)
        }
    }

    /// The address of the word of `slot`.
    @inlinable @inline(__always)
    func word(_ slot: Int) -> UnsafeMutableRawPointer {
        base.unsafelyUnwrapped + slot &* MemoryLayout<UInt>.stride
    }

    /// Stores `bits` in `slot` during a private build (see ``PrivateBuildPlan``): no other
    /// task or thread can reach the instance, so nobody waits and nothing needs telling.
    /// A releasing store, so that the word reads as any published one does.
    @inlinable @inline(__always)
    func storePrivately(_ slot: Int, _ bits: UInt) {
        let word = word(slot)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            word.assumingMemoryBound(to: Atomic<UInt>.self).pointee.store(bits, ordering: .releasing)
        } else {
            word.storeBytes(of: bits, as: UInt.self)
        }
    }

    /// Whether publishing and waiting can use the sequentially consistent atomics, so that a
    /// value nobody waits for is published without the mutex.
    var publishesWithoutLock: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return true
        }
        return false
    }

    /// Publishes `bits` in `slot` without the mutex, then reports whether anyone may need
    /// telling: a waiting thread, or a `WeakProvider` cell. Paired with `addWaiter` and
    /// `markWeakCells`, which come before the other side's read of the slot: with
    /// sequentially consistent order, either this side sees them or they see `bits`.
    func publishWithoutLock(_ slot: Int, _ bits: UInt) -> (waiters: Bool, weakCells: Bool) {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return (true, true) }
        atomicWord(slot).pointee.store(bits, ordering: .sequentiallyConsistent)
        return (atomicWord(waitersWord).pointee.load(ordering: .sequentiallyConsistent) > 0,
                atomicWord(flagsWord).pointee.load(ordering: .sequentiallyConsistent) != 0)
    }

    /// The word of `slot` in sequentially consistent order, for a waiter's check.
    func loadSequentially(_ slot: Int) -> UInt {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return loadHoldingLock(slot) }
        return atomicWord(slot).pointee.load(ordering: .sequentiallyConsistent)
    }

    /// Counts a thread that starts (`1`) or stops (`-1`) waiting for a slot.
    func addWaiter(_ delta: Int) {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        if delta > 0 {
            atomicWord(waitersWord).pointee.add(1, ordering: .sequentiallyConsistent)
        } else {
            atomicWord(waitersWord).pointee.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Notes that some slot is watched by a `WeakProvider` cell.
    func markWeakCells() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        atomicWord(flagsWord).pointee.store(1, ordering: .sequentiallyConsistent)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func atomicWord(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        (base.unsafelyUnwrapped + index * MemoryLayout<UInt>.stride).assumingMemoryBound(to: Atomic<UInt>.self)
    }

    /// Claims an empty slot for the thread `thread` (its identity with bit 0 set): true when
    /// the word was 0 and now names the thread. A compare-and-swap, so two threads never
    /// both claim a slot, whether or not they hold the mutex; older Apple systems without
    /// the atomics compare and store under the mutex.
    func claimEmpty(_ slot: Int, by thread: UInt, holdingLock: Bool) -> Bool {
        let word = base.unsafelyUnwrapped + slot * MemoryLayout<UInt>.stride
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return word.assumingMemoryBound(to: Atomic<UInt>.self).pointee
                .compareExchange(expected: 0, desired: thread, ordering: .acquiringAndReleasing).exchanged
        }
        if !holdingLock { lock() }
        defer { if !holdingLock { unlock() } }
        guard word.load(as: UInt.self) == 0 else { return false }
        word.storeBytes(of: thread, as: UInt.self)
        return true
    }

    /// The word of `slot` read with the mutex held: the caller already holds it.
    func loadHoldingLock(_ slot: Int) -> UInt {
        base.unsafelyUnwrapped.load(fromByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self)
    }

    @usableFromInline
    func lockedLoad(_ slot: Int) -> UInt {
        lock()
        defer { unlock() }
        return loadHoldingLock(slot)
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every thread waiting for a slot of this storage to be published.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Waits, with the mutex held, until a slot is published or `seconds` pass. Returns
    /// `false` on time-out.
    func wait(seconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        (base.unsafelyUnwrapped + Self.layout(count).mutexOffset).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    private var condition: UnsafeMutablePointer<pthread_cond_t> {
        (base.unsafelyUnwrapped + Self.layout(count).conditionOffset).assumingMemoryBound(to: pthread_cond_t.self)
    }
}

/// How a scoped instance sits in its word: a class instance as itself, any other value in a
/// ``Box``. Either way the word holds one retain, released with the component instance.
@usableFromInline
enum ScopedValue {
    /// Whether values of `Value` are single class references, stored without a box.
    @inlinable
    static func isReference<Value>(_: Value.Type) -> Bool {
        Value.self is AnyObject.Type && MemoryLayout<Value>.size == MemoryLayout<UInt>.size
    }

    @inlinable @inline(__always)
    static func encode<Value>(_ value: Value, isReference: Bool) -> UInt {
        let object: AnyObject = isReference ? unsafeBitCast(value, to: AnyObject.self) : Box(value)
        return UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }

    @inlinable @inline(__always)
    static func decode<Value>(_ bits: UInt, isReference: Bool) -> Value {
        if isReference {
            // The word is the reference: copied as a `Value`, it is retained once, by the
            // value witness. (Going through `AnyObject` added a retain and a release.)
            return unsafeBitCast(bits, to: Value.self)
        }
        let pointer = UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
        return Unmanaged<Box<Value>>.fromOpaque(pointer).takeUnretainedValue().value
    }
}

/// A heap cell for a value of any type, so that values can sit in object slots.
@usableFromInline
final class Box<Value> {
    @usableFromInline
    let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}

/// The word of a slot whose object keeps its own component instance alive (it holds a
/// provider, factory or graph of it): the instance holds it weakly, so the two do not keep
/// each other alive. Filled before it is published and never assigned again, so it is read
/// without a lock (the runtime clears a weak reference atomically when its object dies).
@usableFromInline
final class WeakSlot {
    weak var object: AnyObject?

    /// The slot a word tagged with `ScopedStorage.weakBit` points to, or `nil` for any
    /// other word.
    static func of(_ bits: UInt) -> WeakSlot? {
        guard bits & ScopedStorage.weakBit != 0, bits & ScopedStorage.constructionBit == 0,
              let pointer = UnsafeRawPointer(bitPattern: bits & ~ScopedStorage.tagBits)
        else { return nil }
        return Unmanaged<WeakSlot>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// A weak view of one scoped slot for ``WeakProvider``s: it outlives the component
/// instance, so a weak provider still returns the shared object while anything holds it.
final class WeakCell: @unchecked Sendable {
    // Safe to share: `stored` is only touched with `lock` held.
    private weak var stored: AnyObject?
    private let lock = RecursiveLock()

    var object: AnyObject? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
