#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The spellings of types known only from source, numbered once each, so that a
/// `TypeIdentity` holds a number instead of a string and copies without reference counting.
package enum SpelledTypes {
    // Safe to share: both tables are only touched with `mutex` held.
    nonisolated(unsafe) private static var numbers: [String: Int] = [:]
    nonisolated(unsafe) private static var spellings: [String] = []
    /// For spellings that qualify a type by its module (`Feed::Env`, for a name two modules
    /// declare): the spelling without the qualifiers, as the runtime prints it (`Env`).
    /// `nil` for the others (most), so the usual look-up is one array read.
    nonisolated(unsafe) private static var displays: [String?] = []
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
            displays.append(isQualified(spelling) ? withoutModuleQualifiers(spelling) : nil)
            numbers[spelling] = spellings.count - 1
            return spellings.count - 1
        }
    }

    /// The spelling numbered `number`.
    static func spelling(_ number: Int) -> String {
        locked { spellings[number] }
    }

    /// The spelling numbered `number` as the runtime prints the type: without the module
    /// qualifiers a source-level tool adds to tell apart types two modules name alike.
    static func display(_ number: Int) -> String {
        locked { displays[number] ?? spellings[number] }
    }

    /// Whether `spelling` holds a `Module::` qualifier.
    private static func isQualified(_ spelling: String) -> Bool {
        var previousWasColon = false
        for byte in spelling.utf8 {
            let isColon = byte == UInt8(ascii: ":")
            if isColon && previousWasColon { return true }
            previousWasColon = isColon
        }
        return false
    }

    /// The qualifier a source-level tool gives the types a file declares under a name
    /// another file declares too, one of them `private` (`F<path>::Window`): `F` and the
    /// path's letters and digits, the rest `_`.
    package static func fileQualifier(ofPath path: String) -> String {
        "F" + String(path.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Whether `qualifier` is a ``fileQualifier(ofPath:)`` of a Swift file, not a module.
    static func isFileQualifier(_ qualifier: String) -> Bool {
        qualifier.hasPrefix("F") && qualifier.hasSuffix("_swift")
    }

    /// `spelling` without its `Module::` qualifiers (`Array<Feed::Env>` → `Array<Env>`).
    package static func withoutModuleQualifiers(_ spelling: String) -> String {
        withoutModuleQualifiers(spelling, keepingModulesOf: [])
    }

    /// `spelling` without its `Module::` qualifiers, but for a type of one generic argument
    /// named in `keptNames`, whose module is written as a path (`Metrics::Provider<Clock>` →
    /// `Metrics.Provider<Clock>`; not Cleanse's, nor a file's private type's), as
    /// ``TypeNames/withoutModules(_:keepingModulesOf:)`` writes the runtime's.
    package static func withoutModuleQualifiers(_ spelling: String, keepingModulesOf keptNames: Set<String>) -> String {
        var result = ""
        var word = ""
        var module: String?
        var index = spelling.startIndex
        func flush() {
            if let qualifier = module, keptNames.contains(word), qualifier != "Cleanse", !isFileQualifier(qualifier),
               TypeNames.hasOneGenericArgument(spelling[index...]) {
                result += qualifier + "."
            }
            module = nil
            result += word
            word = ""
        }
        while index < spelling.endIndex {
            let character = spelling[index]
            let next = spelling.index(after: index)
            if character == ":", next < spelling.endIndex, spelling[next] == ":" {
                // The word so far was a module: dropped, or kept for the name after it.
                module = word
                word = ""
                index = spelling.index(after: next)
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
            index = next
        }
        flush()
        return result
    }

    /// `spelling` with its `Module::` qualifiers written as paths (`Feed.Env`).
    static func qualified(_ number: Int) -> String {
        let (spelling, display) = locked { (spellings[number], displays[number]) }
        guard display != nil else { return spelling }
        return spelling.split(separator: "::", omittingEmptySubsequences: false).joined(separator: ".")
    }

    private static func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
