import CleanseGraph
import SwiftSyntax

extension ConfigureReader {
    /// The warnings a binding may silence, by the name `DiagnosticID` gives each.
    static let silenceableWarnings: [String: DiagnosticID] = ["unrequestedPropertyInjector": .unrequestedPropertyInjector]

    /// A binding that cannot be read: the note standing for it.
    struct UnreadBinding: Error {
        let step: ConfigureStep
    }

    /// A binding being read: what the calls before the terminating `to` said.
    struct BindingDraft {
        var type: SpelledType?
        var tag: SpelledType?
        var isShared = false
        var kind: BindingKind = .factory
        var collection: Collection = .none
        var assistedSeed: SpelledType?
        var injectionTarget: SpelledType?
        /// The root a `configureRoot` binds, which may be a wrapper (`Provider<Window>`): the
        /// runtime records it as the root, never as a binding that requests would reach.
        var isComponentRoot = false
        /// The warnings `.silencing(…)` silences.
        var silenced: [DiagnosticID] = []

        enum Collection {
            case none, array, set, dictionary(ExprSyntax)

            /// The name the runtime gives the collection a contribution joins.
            var typeName: String? {
                switch self {
                case .none: nil
                case .array: "Array"
                case .set: "Set"
                case .dictionary: "Dictionary"
                }
            }
        }
    }
}

extension ConfigureReader.BindingDraft {
    /// This draft with the steps `calls` take before the terminating one (`tagged`,
    /// `sharedInScope`, `intoCollection`, `silencing`…), read by `reader`; a note at `node`
    /// for a step it does not model.
    func applying(_ calls: ArraySlice<CallChain.Call>, reader: ConfigureReader, node: Syntax) -> Result<Self, ConfigureReader.UnreadBinding> {
        var draft = self
        func unread(_ reason: String, kind: OpaqueKind) -> Result<Self, ConfigureReader.UnreadBinding> {
            .failure(ConfigureReader.UnreadBinding(step: reader.opaque(node, reason, unknownKeys: true, kind: kind)))
        }
        for call in calls {
            switch call.name {
            case "tagged":
                guard let argument = call.arguments.first?.expression, let tag = reader.metatype(argument) else {
                    return unread("a tag the analyzer cannot name", kind: .typeName)
                }
                draft.tag = tag
                // `bind().tagged(with: Width.self)`: the compiler takes the bound type from the
                // tag (`tagged(with:)` requires `Tag.Element == Element`); after
                // `.intoCollection()` it requires `Tag.Element == [Element]` (`Set<Element>`,
                // `[Key: Element]`), so the element is the collection's.
                if draft.type == nil, let path = tag.path, let tagElement = reader.resolver.associatedType("Element", of: path) {
                    switch draft.collection {
                    case .none:
                        draft.type = tagElement
                    case .array, .set, .dictionary:
                        // A tag whose `Element` is not the collection the chain makes does
                        // not compile; its element is left unnamed rather than guessed.
                        if case .named(let collection, let arguments) = tagElement,
                           collection == draft.collection.typeName, let element = arguments.last {
                            draft.type = element
                        }
                    }
                }
            case "sharedInScope":
                draft.isShared = true
            case "asSingleton":
                break
            case "silencing":
                // `.silencing(.unrequestedPropertyInjector)`: Cleanse's own warnings by name.
                if let name = call.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                   let id = ConfigureReader.silenceableWarnings[name] {
                    draft.silenced.append(id)
                }
            case "intoCollection": draft.collection = .array
            case "intoSet": draft.collection = .set
            case "intoDictionary":
                guard let key = call.arguments.first?.expression else { return unread("intoDictionary without a key", kind: .dslForm) }
                draft.collection = .dictionary(key)
            default:
                return unread("the step .\(call.name)(…), which the analyzer does not model", kind: .dslForm)
            }
        }
        return .success(draft)
    }
}
