#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The spellings of types known only from source, numbered once each, so that a
/// `TypeIdentity` holds a number instead of a string and copies without reference counting.
enum SpelledTypes {
    // Safe to share: both tables are only touched with `mutex` held.
    nonisolated(unsafe) private static var numbers: [String: Int] = [:]
    nonisolated(unsafe) private static var spellings: [String] = []
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// The number of `spelling`, given the first time it is asked for.
    static func number(of spelling: String) -> Int {
        locked {
            if let number = numbers[spelling] { return number }
            spellings.append(spelling)
            numbers[spelling] = spellings.count - 1
            return spellings.count - 1
        }
    }

    /// The spelling numbered `number`.
    static func spelling(_ number: Int) -> String {
        locked { spellings[number] }
    }

    private static func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
