import Foundation
import Cleanse

/// Counts calls, safely from any number of threads.
final class CallCounter: @unchecked Sendable {
    // Safe to share: `count` is only touched with `lock` held.
    private var count = 0
    private let lock = NSLock()

    /// Counts one call and returns the new count.
    @discardableResult
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    /// The number of calls so far.
    var value: Int { lock.withLock { count } }
}

