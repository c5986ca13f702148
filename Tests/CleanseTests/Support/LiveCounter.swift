import Foundation

/// Counts live objects of a test's classes: `up()` in each initializer, `down()` in each
/// deinitializer. Thread-safe.
final class LiveCounter: @unchecked Sendable {
    // Safe to share: `value` is only touched with `lock` held.
    private var value = 0
    private let lock = NSLock()

    func up() { lock.withLock { value += 1 } }
    func down() { lock.withLock { value -= 1 } }

    /// The objects alive now.
    var count: Int { lock.withLock { value } }
}
