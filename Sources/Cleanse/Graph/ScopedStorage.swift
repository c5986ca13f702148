public import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a component instance keeps its scoped instances: one word per scoped binding,
/// followed by the recursive mutex that makes construction exactly-once, in one allocation.
///
/// A word is `0` while its instance has not been made, `1` while it is being made, and
/// otherwise the address of the retained instance (or of its ``Box``). Once set, a word
/// never changes, so reads of an existing instance take no lock: an acquiring load pairs
/// with the releasing store that published it. Older Apple systems without the
/// Synchronization atomics read the word under the mutex instead.
@usableFromInline
struct ScopedStorage {
    /// The words, then the mutex; `nil` when the component has no scoped bindings.
    @usableFromInline
    let base: UnsafeMutableRawPointer?
    let count: Int

    /// The word of a slot whose instance is being made.
    @usableFromInline
    static let underConstruction: UInt = 1

    init(count: Int) {
        self.count = count
        guard count > 0 else {
            base = nil
            return
        }
        let wordBytes = count * MemoryLayout<UInt>.stride
        let base = UnsafeMutableRawPointer.allocate(
            byteCount: wordBytes + MemoryLayout<pthread_mutex_t>.stride,
            alignment: max(MemoryLayout<UInt>.alignment, MemoryLayout<pthread_mutex_t>.alignment)
        )
        base.initializeMemory(as: UInt.self, repeating: 0, count: count)
        RecursiveMutex.initialize((base + wordBytes).bindMemory(to: pthread_mutex_t.self, capacity: 1))
        self.base = base
    }

    /// Releases every instance made and frees the storage. Called once, by the owner's deinit.
    func deallocate() {
        guard let base else { return }
        for slot in 0..<count {
            let bits = base.load(fromByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self)
            if bits > Self.underConstruction, let pointer = UnsafeRawPointer(bitPattern: bits) {
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            }
        }
        RecursiveMutex.destroy(mutex)
        base.deallocate()
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

    /// Publishes `bits` as the word of `slot`. Only called with the mutex held.
    func store(_ slot: Int, _ bits: UInt) {
        let word = base.unsafelyUnwrapped + slot * MemoryLayout<UInt>.stride
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            word.assumingMemoryBound(to: Atomic<UInt>.self).pointee.store(bits, ordering: .releasing)
        } else {
            word.storeBytes(of: bits, as: UInt.self)
        }
    }

    @usableFromInline
    func lockedLoad(_ slot: Int) -> UInt {
        lock()
        defer { unlock() }
        return base.unsafelyUnwrapped.load(fromByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self)
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        (base.unsafelyUnwrapped + count * MemoryLayout<UInt>.stride).assumingMemoryBound(to: pthread_mutex_t.self)
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

    @usableFromInline
    static func encode<Value>(_ value: Value, isReference: Bool) -> UInt {
        let object: AnyObject = isReference ? unsafeBitCast(value, to: AnyObject.self) : Box(value)
        return UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }

    @inlinable @inline(__always)
    static func decode<Value>(_ bits: UInt, isReference: Bool) -> Value {
        let pointer = UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
        if isReference {
            return unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), to: Value.self)
        }
        return Unmanaged<Box<Value>>.fromOpaque(pointer).takeUnretainedValue().value
    }
}

/// A heap cell for a value of any type, so that values can sit in object slots.
@usableFromInline
final class Box<Value> {
    @usableFromInline
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
