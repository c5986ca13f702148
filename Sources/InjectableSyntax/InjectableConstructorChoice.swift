package import SwiftSyntax

/// Which initializer the graph calls to construct a type marked `@Injectable`, decided from
/// the type's declaration once, for the macro that writes the constructor and for cleansec
/// that reads it:
/// - the initializer marked `@Inject`;
/// - else the only initializer the type's body declares;
/// - else the one Swift writes: a struct's memberwise initializer (its stored properties
///   without a value, optional `var`s left out), or `init()` of a class whose stored
///   properties all have values (`@Injected` ones included) and whose inheritance clause is
///   absent or names only ``InitializerFreeConformances``: from its name alone, any
///   other entry could be a superclass whose initializers replace `init()`.
///
/// Parameters with a default value (`retries: Int = 3`) keep it: the graph leaves them out of
/// the call, as it leaves out a memberwise initializer's properties that have a value.
///
/// The type is not constructed when it declares several unmarked initializers, or its
/// initializer cannot be called by the graph (failable, `async`, throwing, generic, or with
/// `inout`, variadic or `@autoclosure` parameters). A type isolated to the main actor is
/// constructed there (``isMainActor(_:)``).
package enum InjectableConstructorChoice {
    /// One parameter of the initializer called: its argument label and its type, as written.
    package struct Parameter {
        package let label: String?
        package let type: TypeSyntax
    }

    /// A mistake the macro reports at `node`.
    package enum Problem {
        case severalMarkedInitializers(InitializerDeclSyntax)
        case uncallableMarkedInitializer(InitializerDeclSyntax)
        /// Several initializers, none marked `@Inject`: the graph cannot pick one. The macro
        /// warns unless the class has `@Injected` properties (then the graph may only fill
        /// them, in an object made elsewhere).
        case severalUnmarkedInitializers
    }

    /// The initializer called, with its parameters.
    case initializer([Parameter])
    /// Why the type is not constructed.
    case unconstructed(reason: String)

    /// The choice for a struct, and the mistakes to report.
    package static func of(_ type: StructDeclSyntax) -> (choice: Self, problems: [Problem]) {
        let memberwise = storedProperties(type.memberBlock).map { $0.map { Parameter(label: $0.name, type: $0.type) } }
        return choice(type.memberBlock, implicit: memberwise)
    }

    /// The choice for a class marked `@Injectable` with `attribute`, and the mistakes to
    /// report.
    package static func of(_ type: ClassDeclSyntax, attribute: AttributeSyntax) -> (choice: Self, problems: [Problem]) {
        // `init()` only where no superclass can hide it: no inheritance clause, or one that
        // names only the standard protocols a class adopts keeping its `init()`
        // (`final class Clock: Sendable {}`). The compiler checks the call the macro writes,
        // so a module's own class named like one of them cannot make a build pass wrongly.
        let stored = storedProperties(type.memberBlock)
        let noSuperclass = type.inheritanceClause?.inheritedTypes.allSatisfy { inherited in
            InitializerFreeConformances.contains(written: inherited.type.trimmedDescription)
        } ?? true
        let implicit: [Parameter]? = noSuperclass && stored?.isEmpty == true ? [] : nil
        return choice(type.memberBlock, implicit: implicit)
    }

    /// Whether the struct's initializer is called on the main actor: it is marked
    /// `@MainActor`.
    package static func isMainActor(_ type: StructDeclSyntax) -> Bool {
        MainActorIsolation.isMarked(type.attributes)
    }

    /// Whether the class's initializer is called on the main actor: `@Injectable(mainActor:
    /// true)`, which the macro asks of every class it sees isolated there.
    package static func isMainActor(_ type: ClassDeclSyntax, attribute: AttributeSyntax) -> Bool {
        MainActorIsolation.isRequested(by: attribute)
    }

    /// The initializer to call among those `members` declares.
    private static func choice(_ members: MemberBlockSyntax, implicit: [Parameter]?) -> (choice: Self, problems: [Problem]) {
        let initializers = members.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let marked = initializers.filter { initializer in
            initializer.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Inject" }
        }
        if marked.count > 1 {
            return (.unconstructed(reason: "several initializers are marked @Inject"), marked.dropFirst().map { .severalMarkedInitializers($0) })
        }
        guard let chosen = marked.first ?? (initializers.count == 1 ? initializers.first : nil) else {
            if initializers.count > 1 {
                return (.unconstructed(reason: "it declares several initializers: mark the one to call @Inject"), [.severalUnmarkedInitializers])
            }
            let none = "it declares no initializer, and the one Swift writes for it is not in sight (it may inherit a superclass's, or a stored property has no value): declare one"
            return (implicit.map { .initializer($0) } ?? .unconstructed(reason: none), [])
        }
        guard let parameters = callableParameters(of: chosen) else {
            let reason = "its initializer is failable, async, throwing or generic, or takes an inout, variadic or @autoclosure parameter"
            return (.unconstructed(reason: reason), marked.isEmpty ? [] : [.uncallableMarkedInitializer(chosen)])
        }
        return (.initializer(parameters), [])
    }

    /// The parameters of `initializer`, or `nil` when the graph cannot call it.
    private static func callableParameters(of initializer: InitializerDeclSyntax) -> [Parameter]? {
        let effects = initializer.signature.effectSpecifiers
        guard initializer.optionalMark == nil, initializer.genericParameterClause == nil,
              effects?.asyncSpecifier == nil, effects?.throwsClause == nil
        else { return nil }
        var parameters: [Parameter] = []
        let declared = Array(initializer.signature.parameterClause.parameters)
        for (index, parameter) in declared.enumerated() {
            let written = parameter.type.trimmedDescription
            guard parameter.ellipsis == nil, !written.contains("inout "), !written.contains("@autoclosure") else { return nil }
            let label = parameter.firstName.text
            // A parameter with a default value keeps it, as a memberwise initializer's
            // property with a value does: left out of the call (unless it is unlabelled and
            // an unlabelled parameter after it would then take its place in the call).
            let shifts = label == "_" && declared[(index + 1)...].contains { $0.firstName.text == "_" && $0.defaultValue == nil }
            if parameter.defaultValue != nil, !shifts {
                continue
            }
            parameters.append(Parameter(label: label == "_" ? nil : label, type: parameter.type.trimmed))
        }
        return parameters
    }

    /// The stored properties without a value, in order, with their types; `nil` when one
    /// has no written type or a property wrapper other than `@Injected` (whose initializer
    /// parameter differs).
    private static func storedProperties(_ members: MemberBlockSyntax) -> [(name: String, type: TypeSyntax)]? {
        var found: [(name: String, type: TypeSyntax)] = []
        let excluded: Set<TokenKind> = [.keyword(.static), .keyword(.class), .keyword(.lazy)]
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { excluded.contains($0.name.tokenKind) })
            else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let isInjected = variable.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Injected" }
            for binding in variable.bindings {
                // A computed property is no parameter; an observed one is.
                if let accessors = binding.accessorBlock, !isObserverOnly(accessors) { continue }
                if binding.initializer != nil || isInjected { continue }
                guard variable.attributes.isEmpty,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let type = binding.typeAnnotation?.type
                else { return nil }
                // An optional `var` defaults to nil.
                if !isLet, type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { continue }
                found.append((name, type.trimmed))
            }
        }
        return found
    }

    private static func isObserverOnly(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet) }
    }
}
