package import SwiftSyntax

/// The access level the macros write a generated declaration with, so that it is as visible
/// as the declaration it belongs to: for `@Injectable`, the members that satisfy Cleanse's
/// public protocols; for `@FeatureDependencies`, the module beside a protocol.
package enum GeneratedAccessLevel {
    /// The keyword, with its trailing space, for a declaration that belongs to one declared
    /// with `modifiers`: `public `, `package `, `open ` (an open class's, when `overridable`),
    /// or nothing (internal, and `private` or `fileprivate`, whose file sees an internal
    /// declaration anyway).
    package static func keyword(for modifiers: DeclModifierListSyntax, overridable: Bool = false) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.open): return overridable ? "open " : "public "
            case .keyword(.public): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
