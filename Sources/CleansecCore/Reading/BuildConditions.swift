import SwiftIfConfig
import SwiftSyntax

/// What cleansec knows of the build's `#if` conditions.
///
/// The target's operating system, architecture, pointer width and endianness are the
/// machine's own (cleansec runs where the build runs). Custom conditions (`DEBUG`, or any
/// `-D` of the target) are known only when the caller says: `defined` are set,
/// `undefined` are not, and the rest are unknown unless `othersUndefined` is true. So are
/// `canImport`, `hasFeature` and `hasAttribute`.
///
/// An `#if` whose condition is known is read as the compiler reads it: only its active
/// clause. One whose condition is unknown is read as *alternatives*: every clause, where a
/// key bound by several clauses is bound once (by the first that binds it), so a
/// `#if DEBUG` fake beside the real binding is neither a duplicate nor a gap.
public struct BuildConditions: Sendable, Equatable, Hashable {
    /// Custom conditions that are set.
    public var defined: Set<String>
    /// Custom conditions that are not set.
    public var undefined: Set<String>
    /// Whether every custom condition not in `defined` is unset (the list is complete).
    public var othersUndefined: Bool

    /// Conditions with `defined` set, `undefined` unset and the rest unknown (or unset, with
    /// `othersUndefined`).
    public init(defined: Set<String> = [], undefined: Set<String> = [], othersUndefined: Bool = false) {
        self.defined = defined
        self.undefined = undefined
        self.othersUndefined = othersUndefined
    }

    /// Nothing known of the custom conditions: every `#if` on one is read as alternatives.
    public static let unknown = BuildConditions()

    /// The clauses of `group` to read, and whether they are alternatives (the condition
    /// could not be evaluated) rather than the one active clause.
    func clauses(of group: IfConfigDeclSyntax) -> (clauses: [IfConfigClauseSyntax], areAlternatives: Bool) {
        let (active, diagnostics) = group.activeClause(in: Configuration(conditions: self))
        if diagnostics.isEmpty {
            return (active.map { [$0] } ?? [], false)
        }
        return (Array(group.clauses), true)
    }

    /// The conditions as a key for cached models.
    var cacheKey: String {
        "defined=\(defined.sorted().joined(separator: ","));undefined=\(undefined.sorted().joined(separator: ","));others=\(othersUndefined ? "unset" : "unknown")"
    }
}

/// The conditions as SwiftIfConfig asks for them; what is unknown throws, which makes the
/// evaluation report a diagnostic instead of choosing.
private struct Configuration: BuildConfiguration {
    let conditions: BuildConditions

    struct Unknown: Error, CustomStringConvertible {
        let what: String
        var description: String { "cleansec does not know \(what)" }
    }

    func isCustomConditionSet(name: String) throws -> Bool {
        if conditions.defined.contains(name) { return true }
        if conditions.undefined.contains(name) || conditions.othersUndefined { return false }
        throw Unknown(what: "whether '\(name)' is set")
    }

    func hasFeature(name: String) throws -> Bool { throw Unknown(what: "feature '\(name)'") }
    func hasAttribute(name: String) throws -> Bool { throw Unknown(what: "attribute '\(name)'") }

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        throw Unknown(what: "whether '\(importPath.map(\.1).joined(separator: "."))' can be imported")
    }

    func isActiveTargetOS(name: String) throws -> Bool {
        #if os(Linux)
        return name == "Linux"
        #elseif os(macOS)
        return name == "macOS"
        #elseif os(Windows)
        return name == "Windows"
        #else
        throw Unknown(what: "the target's operating system")
        #endif
    }

    func isActiveTargetArchitecture(name: String) throws -> Bool {
        #if arch(x86_64)
        return name == "x86_64"
        #elseif arch(arm64)
        return name == "arm64"
        #else
        throw Unknown(what: "the target's architecture")
        #endif
    }

    func isActiveTargetEnvironment(name: String) throws -> Bool {
        // Simulators and Mac Catalyst are Apple-platform builds cleansec does not run in.
        false
    }

    func isActiveTargetRuntime(name: String) throws -> Bool {
        #if canImport(ObjectiveC)
        return name == "_ObjC"
        #else
        return name == "_Native"
        #endif
    }

    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }

    func isActiveTargetObjectFormat(name: String) throws -> Bool {
        #if os(Linux)
        return name == "ELF"
        #elseif canImport(Darwin)
        return name == "MachO"
        #else
        throw Unknown(what: "the target's object format")
        #endif
    }

    var targetPointerBitWidth: Int { MemoryLayout<Int>.size * 8 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { 1.littleEndian == 1 ? .little : .big }

    /// The language mode is not known; version checks evaluate against 6 (every build
    /// cleansec serves is Swift 6 or later).
    var languageVersion: VersionTuple { VersionTuple(6) }

    var compilerVersion: VersionTuple {
        #if compiler(>=6.3)
        return VersionTuple(6, 3)
        #elseif compiler(>=6.2)
        return VersionTuple(6, 2)
        #else
        return VersionTuple(6, 1)
        #endif
    }
}
