import CleanseGraph

/// The JSON form of the steps a partial model stores: each step's case under `step`, with
/// its fields beside it.
extension ConfigureStep: Codable {
    private enum CodingKeys: String, CodingKey {
        case step, position, binding, type, construct, wrapper, wrappedKey, location, dictionary, entryKey, clauses, unfilled
    }

    private enum Case: String, Codable {
        case binding, include, install, inline, boundWrapperType, wholeDictionaryContribution, unfilledInjectedProperties, opaque, alternatives, place
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Case.self, forKey: .step) {
        case .binding:
            self = .binding(try container.decode(EncodedBinding.self, forKey: .binding).model(), at: try container.decode(SourcePosition.self, forKey: .position))
        case .include:
            self = .include(module: try container.decode(SpelledType.self, forKey: .type), at: try container.decode(SourcePosition.self, forKey: .position))
        case .install:
            self = .install(component: try container.decode(SpelledType.self, forKey: .type), at: try container.decode(SourcePosition.self, forKey: .position))
        case .inline:
            self = .inline(module: try container.decode(SpelledType.self, forKey: .type), at: try container.decode(SourcePosition.self, forKey: .position))
        case .boundWrapperType:
            let error = BoundWrapperType(
                wrapper: TypeIdentity(spelling: try container.decode(String.self, forKey: .wrapper)),
                wrappedKey: try container.decode(EncodedKey.self, forKey: .wrappedKey).key,
                location: try container.decode(EncodedLocation.self, forKey: .location).location
            )
            self = .reported(error, at: try container.decode(SourcePosition.self, forKey: .position))
        case .wholeDictionaryContribution:
            let error = WholeDictionaryContribution(
                dictionary: try container.decode(EncodedKey.self, forKey: .dictionary).key,
                entryKey: MultibindingKey(spelling: try container.decode(String.self, forKey: .entryKey)),
                location: try container.decode(EncodedLocation.self, forKey: .location).location
            )
            self = .reported(error, at: try container.decode(SourcePosition.self, forKey: .position))
        case .unfilledInjectedProperties:
            let error = try container.decode(EncodedUnfilledInjectedProperties.self, forKey: .unfilled).error()
            self = .reported(error, at: try container.decode(SourcePosition.self, forKey: .position))
        case .opaque:
            self = .opaque(try container.decode(OpaqueConstruct.self, forKey: .construct))
        case .place:
            self = .place(try container.decode(SourcePosition.self, forKey: .position))
        case .alternatives:
            self = .alternatives(try container.decode([[ConfigureStep]].self, forKey: .clauses))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .binding(let model, let position):
            try container.encode(Case.binding, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(EncodedBinding(model), forKey: .binding)
        case .include(let module, let position):
            try container.encode(Case.include, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(module, forKey: .type)
        case .install(let component, let position):
            try container.encode(Case.install, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(component, forKey: .type)
        case .inline(let module, let position):
            try container.encode(Case.inline, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(module, forKey: .type)
        case .reported(let error as BoundWrapperType, let position):
            try container.encode(Case.boundWrapperType, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(error.wrapper.name, forKey: .wrapper)
            try container.encode(EncodedKey(error.wrappedKey), forKey: .wrappedKey)
            try container.encode(EncodedLocation(error.location), forKey: .location)
        case .reported(let error as UnfilledInjectedProperties, let position):
            try container.encode(Case.unfilledInjectedProperties, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(EncodedUnfilledInjectedProperties(error), forKey: .unfilled)
        case .reported(let error as WholeDictionaryContribution, let position):
            try container.encode(Case.wholeDictionaryContribution, forKey: .step)
            try container.encode(position, forKey: .position)
            try container.encode(EncodedKey(error.dictionary), forKey: .dictionary)
            try container.encode(error.entryKey.description, forKey: .entryKey)
            try container.encode(EncodedLocation(error.location), forKey: .location)
        case .reported(let error, let position):
            // The reader reports no other mistake while it reads; should one be added
            // without a case here, the dependent target sees an unread construct, never a
            // wrong graph.
            try container.encode(Case.opaque, forKey: .step)
            try container.encode(OpaqueConstruct(position: position, reason: "a \(error.diagnosticID) mistake recorded in another target's model", mayBindUnknownKeys: false, kind: .dslForm), forKey: .construct)
        case .opaque(let construct):
            try container.encode(Case.opaque, forKey: .step)
            try container.encode(construct, forKey: .construct)
        case .alternatives(let clauses):
            try container.encode(Case.alternatives, forKey: .step)
            try container.encode(clauses, forKey: .clauses)
        case .place(let position):
            try container.encode(Case.place, forKey: .step)
            try container.encode(position, forKey: .position)
        }
    }
}

/// A `BindingModel` as JSON: spellings for types, names for kinds and effects.
struct EncodedBinding: Codable {
    var key: EncodedKey
    var kind: String
    var scope: String?
    var location: EncodedLocation
    var dependencies: [EncodedRequest]
    var multibindingKey: String?
    var effect: String
    var isAsynchronous: Bool
    var actor: String?
    var makesValues: Bool
    /// The warnings the binding silences (format 8).
    var silenced: [String]?

    init(_ model: BindingModel) {
        key = EncodedKey(model.key)
        kind = model.kind.name
        scope = model.scope?.name
        location = EncodedLocation(model.location)
        dependencies = model.dependencies.map(EncodedRequest.init)
        multibindingKey = model.multibindingKey?.description
        effect = model.effect.name
        isAsynchronous = model.effect.isAsynchronous
        actor = model.effect.actor
        makesValues = model.makesValueTypes
        silenced = model.silenced.isEmpty ? nil : model.silenced.map(\.rawValue)
    }

    /// The binding; throws when a kind or effect is spelled as none of this version's.
    func model() throws -> BindingModel {
        guard let kind = BindingKind(name: kind),
              let effect = BindingEffect(name: effect, isAsynchronous: isAsynchronous, actor: actor)
        else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown binding kind or effect")) }
        var model = try BindingModel(
            key: key.key,
            kind: kind,
            scope: scope.map { TypeIdentity(spelling: $0) },
            location: location.location,
            dependencies: dependencies.map { try $0.request() },
            multibindingKey: multibindingKey.map { MultibindingKey(spelling: $0) },
            effect: effect,
            makesValueTypes: makesValues
        )
        for id in silenced ?? [] {
            model.silence(DiagnosticID(id))
        }
        return model
    }
}

struct EncodedKey: Codable {
    var type: String
    var tag: String?
    /// Whether the type is a protocol (since format 18): a fix spells it `(any P).self`, as
    /// the runtime's does, wherever the key is read.
    var existential: Bool?

    init(_ key: BindingKey) {
        type = key.type.name
        tag = key.tag?.name
        existential = key.type.isExistential ? true : nil
    }

    var key: BindingKey {
        BindingKey(type: TypeIdentity(spelling: type, isExistential: existential ?? false), tag: tag.map { TypeIdentity(spelling: $0) })
    }
}

struct EncodedRequest: Codable {
    var key: EncodedKey
    var kind: String
    var isDeferred: Bool
    var requestedType: String
    /// An `@Injected` property's name and place (format 8).
    var siteName: String?
    var siteLocation: EncodedLocation?

    init(_ request: DependencyRequest) {
        key = EncodedKey(request.key)
        kind = request.kind.name
        isDeferred = request.kind.isDeferred
        requestedType = request.requestedType.name
        siteName = request.site?.name
        siteLocation = request.site.map { EncodedLocation($0.location) }
    }

    /// The request; throws when its kind is spelled as none of this version's.
    func request() throws -> DependencyRequest {
        guard let kind = RequestKind(name: kind, isDeferred: isDeferred) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown request kind \(kind)"))
        }
        let site = siteName.flatMap { name in siteLocation.map { RequestSite(name: name, location: $0.location) } }
        return DependencyRequest(key: key.key, kind: kind, requestedType: TypeIdentity(spelling: requestedType), site: site)
    }
}

struct EncodedLocation: Codable {
    var file: String
    var line: Int
    var column: Int

    init(_ location: SourceLocation) {
        file = location.file
        line = location.line
        column = location.column
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }
}

/// The JSON form of an ``UnfilledInjectedProperties`` a dependency's line reported, so that
/// a target including that module reports it too.
private struct EncodedUnfilledInjectedProperties: Codable {
    let key: EncodedKey
    let location: EncodedLocation
    let objectType: String
    let property: String
    let propertyLocation: EncodedLocation
    let isConstructed: Bool
    let isRoot: Bool
    let collectionStep: String?
    let isShared: Bool
    let effect: String

    init(_ error: UnfilledInjectedProperties) {
        key = EncodedKey(error.key)
        location = EncodedLocation(error.location)
        objectType = error.objectType.name
        property = error.property
        propertyLocation = EncodedLocation(error.propertyLocation)
        isConstructed = error.isConstructed
        isRoot = error.line.isRoot
        collectionStep = error.line.collectionStep
        isShared = error.line.isShared
        effect = error.line.effect.name
    }

    func error() throws -> UnfilledInjectedProperties {
        guard let effect = BindingEffect(name: effect) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "unknown effect '\(self.effect)'"))
        }
        return UnfilledInjectedProperties(
            key: key.key, location: location.location, objectType: TypeIdentity(spelling: objectType),
            property: property, propertyLocation: propertyLocation.location, isConstructed: isConstructed,
            line: .init(isRoot: isRoot, collectionStep: collectionStep, isShared: isShared, effect: effect)
        )
    }
}
