package import SwiftSyntax

/// The module `@FeatureDependencies` writes beside a protocol, written once for the macro
/// (which adds it to the program) and for cleansec (which reads it as the compiler would).
///
/// Each instance property the protocol requires is bound to the seed's value, requested as
/// `any P`, at the property's own `file:line:column`:
///
/// ```swift
/// @FeatureDependencies
/// public protocol ProfileDependencies: Sendable {
///     var session: Session { get }
/// }
/// // writes:
/// public enum ProfileDependenciesModule: Cleanse.Module {
///     public static func configure(binder: Cleanse.UnscopedBinder) {
///         binder.bind(Session.self).to(file: "Feature/ProfileDependencies.swift", line: 3, column: 5) {
///             (dependencies: any ProfileDependencies) in dependencies.session
///         }
///     }
/// }
/// ```
///
/// Methods, static properties and initializers are left to the protocol: a binding that
/// needs them requests `any P` itself.
package struct FeatureDependenciesModule {
    /// A mistake the macro reports at `node`; the property is not bound.
    package struct Problem {
        package let node: Syntax
        package let message: String
    }

    /// Where a property is declared, as `#fileID`, `#line` and `#column` say it.
    package struct Place {
        package let fileID: String
        package let line: Int
        package let column: Int

        package init(fileID: String, line: Int, column: Int) {
            self.fileID = fileID
            self.line = line
            self.column = column
        }
    }

    /// The module's declaration, as Swift source.
    package let declaration: String
    /// The properties that cannot be bound, and why.
    package let problems: [Problem]

    /// The module for `protocolDeclaration`, each property placed by `place`.
    package init(_ protocolDeclaration: ProtocolDeclSyntax, place: (Syntax) -> Place) {
        let protocolName = protocolDeclaration.name.text
        // The name the macro's declaration promises: `@attached(peer, names: suffixed(Module))`.
        let name = protocolName + "Module"
        var problems: [Problem] = []
        var bindings: [String] = []
        var boundTypes: [String: String] = [:]
        let associatedTypes = Set(protocolDeclaration.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self)?.name.text })
        for member in protocolDeclaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) })
            else { continue }
            for binding in variable.bindings {
                guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let type = binding.typeAnnotation?.type
                else { continue }
                if let reason = Self.unboundReason(type: type, accessors: binding.accessorBlock, associatedTypes: associatedTypes) {
                    problems.append(Problem(node: Syntax(binding), message: "'\(property)' cannot be bound from the seed: \(reason)"))
                    continue
                }
                let spelled = type.trimmedDescription
                if let earlier = boundTypes[spelled] {
                    problems.append(Problem(
                        node: Syntax(binding),
                        message: "'\(property)' has the type '\(spelled)' of '\(earlier)': a graph binds a type once; give one of them a type of its own, or leave it out of the protocol"
                    ))
                    continue
                }
                boundTypes[spelled] = property
                let at = place(Syntax(binding.pattern))
                let metatype = type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) ? "\(spelled).self" : "(\(spelled)).self"
                bindings.append(
                    "        binder.bind(\(metatype)).to(file: \"\(at.fileID)\", line: \(at.line), column: \(at.column)) { (dependencies: any \(protocolName)) in dependencies.\(property) }"
                )
            }
        }
        self.problems = problems
        let access = GeneratedAccessLevel.keyword(for: protocolDeclaration.modifiers)
        declaration = """
            /// Binds each property of `\(protocolName)` to the seed's: include it in a component whose seed is `any \(protocolName)`.
            \(access)enum \(name): Cleanse.Module {
                \(access)static func configure(binder: Cleanse.UnscopedBinder) {
            \(bindings.joined(separator: "\n"))
                }
            }
            """
    }

    /// Why a property of type `type` cannot be read from the seed by a factory, or `nil`.
    private static func unboundReason(type: TypeSyntax, accessors: AccessorBlockSyntax?, associatedTypes: Set<String>) -> String? {
        if case .accessors(let list) = accessors?.accessors,
           list.contains(where: { $0.effectSpecifiers?.asyncSpecifier != nil || $0.effectSpecifiers?.throwsClause != nil }) {
            return "its getter is async or throws, and a factory reads it synchronously"
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "a graph cannot bind the implicitly unwrapped '\(type.trimmedDescription)'; declare it '\(unwrapped.wrappedType.trimmedDescription)?' and request that, or '\(unwrapped.wrappedType.trimmedDescription)' if the seed always has one"
        }
        let mentioned = type.tokens(viewMode: .sourceAccurate).map(\.text)
        if mentioned.contains("Self") || mentioned.contains(where: associatedTypes.contains) {
            return "its type depends on the conforming type, which the graph does not know"
        }
        return nil
    }
}
