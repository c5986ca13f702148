/// The standard protocols, and `NSObject`, a type's inheritance clause may name without
/// taking away the initializer Swift writes for it or adding one an app calls as `X(…)`: a
/// class naming only these keeps its implicit `init()` (checked with `swiftc -typecheck`:
/// `final class A: Codable { var a = 1 }` and `final class C: NSObject { var a = 1 }` are made
/// with `A()` and `C()`). Any other name may be a superclass whose initializers replace
/// `init()`. One table, read by the `@Injectable` macro and by cleansec.
package enum InitializerFreeConformances {
    /// The names, without their module.
    package static let names: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Comparable", "Identifiable", "CaseIterable", "Error", "AnyObject",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Encodable", "Decodable", "Codable", "RawRepresentable",
        "NSObject", "SendableMetatype", "ObservableObject", "Sequence", "AsyncSequence", "IteratorProtocol",
        "AsyncIteratorProtocol", "CustomReflectable", "LocalizedError", "CustomNSError",
    ]

    /// Whether `written`, an inheritance clause's entry as written (`@unchecked Sendable`,
    /// `Swift.Hashable`), names one of them.
    package static func contains(written: String) -> Bool {
        var name = Substring(written)
        if name.hasPrefix("@unchecked ") { name = name.dropFirst("@unchecked ".count) }
        for module in ["Swift.", "Foundation.", "Combine."] where name.hasPrefix(module) {
            name = name.dropFirst(module.count)
        }
        return names.contains(String(name))
    }
}
