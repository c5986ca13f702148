/// The identity of a Swift type in the graph model.
///
/// At run time it wraps the metatype itself (compared by `ObjectIdentifier`, so building a
/// model never has to render type names); a build-time tool that only sees source code makes
/// one from the type's spelling instead. The two kinds never compare equal.
public struct TypeIdentity: Hashable, Sendable, CustomStringConvertible {
    /// Trivially copyable, so that keys and models copy without reference counting: a
    /// spelling is kept as its number in ``SpelledTypes``.
    private enum Storage: @unchecked Sendable {
        // `any Any.Type` is an immutable metatype reference; sharing it across threads is safe.
        case metatype(any Any.Type)
        /// A spelling's number shifted left by one, its low bit set when the tool knows the
        /// spelling names a protocol. The bit does not take part in identity: it only changes
        /// how the type is written in a fix. (One word keeps keys as small as before.)
        case spelled(Int)
    }

    private let storage: Storage

    /// The identity of a type known at run time.
    public init(_ type: any Any.Type) {
        storage = .metatype(type)
    }

    /// The identity of a type known only by its spelling, as a source-level tool sees it;
    /// `isExistential` when the tool knows the spelling names a protocol (`Heater` for
    /// `any Heater`).
    package init(spelling: String, isExistential: Bool) {
        storage = .spelled(SpelledTypes.number(of: spelling) << 1 | (isExistential ? 1 : 0))
    }

    /// The identity of a type known only by its spelling, not known to name a protocol.
    package init(spelling: String) {
        self.init(spelling: spelling, isExistential: false)
    }

    /// The spelling, exactly as a source-level tool gave it (`Feed::Env` included); `nil`
    /// for an identity made at run time.
    package var spelling: String? {
        if case .spelled(let word) = storage { return SpelledTypes.spelling(word >> 1) }
        return nil
    }

    /// The spelling a source-level tool gave (qualifiers included), or else the name: what
    /// cleansec's index knows a type by.
    package var spellingOrName: String { spelling ?? name }

    /// The metatype, when the identity was made at run time.
    public var metatype: (any Any.Type)? {
        if case .metatype(let type) = storage { return type }
        return nil
    }

    /// The type's name as it would be written in source, without its module but with the
    /// types it is nested in (`Provider<Heater>`, `CustomerDetail.AssistedFactory`).
    public var name: String {
        switch storage {
        case .metatype(let type): return TypeNames.withoutModules(String(reflecting: type))
        case .spelled(let word): return SpelledTypes.display(word >> 1)
        }
    }

    /// Whether the type is a protocol's existential (`any Heater`): what the runtime's
    /// metatype says, or what the source-level tool knew. `Any` and `AnyObject` are written
    /// as they are.
    package var isExistential: Bool {
        switch storage {
        case .metatype(let type):
            // The metatype of an existential is its protocol's: `Heater.Protocol`.
            guard String(describing: Swift.type(of: type)).hasSuffix(".Protocol") else { return false }
            return !["Any", "AnyObject"].contains(name)
        case .spelled(let word):
            return word & 1 == 1
        }
    }

    /// The name as code writes it beside `import Cleanse`: ``name``, except that a type of
    /// another module named like one of Cleanse's (``BuiltInNames/rivalledTypeNames``) keeps
    /// its module (`Metrics.Provider<Clock>`), since `Provider<Clock>` would be ambiguous or
    /// Cleanse's there.
    package var codeName: String {
        switch storage {
        case .metatype(let type):
            return TypeNames.withoutModules(String(reflecting: type), keepingModulesOf: BuiltInNames.rivalledTypeNames)
        case .spelled(let word):
            return SpelledTypes.withoutModuleQualifiers(SpelledTypes.spelling(word >> 1), keepingModulesOf: BuiltInNames.rivalledTypeNames)
        }
    }

    /// The type as code writes it where the compiler asks for `any` (`any Heater`): for
    /// fixes and notes that show code.
    package var writtenInCode: String {
        isExistential ? "any \(codeName)" : codeName
    }

    /// The metatype expression code writes for the type: `(any Heater).self`,
    /// `ElectricHeater.self`, and a function type in parentheses, `((String) -> ()).self`
    /// (`(String) -> ().self` does not parse).
    package var metatypeExpression: String {
        let name = codeName
        if isExistential { return "(any \(name)).self" }
        return TypeNames.isFunctionType(name) ? "(\(name)).self" : "\(name).self"
    }

    /// The type's own name, without the types it is nested in (`AssistedFactory`), as
    /// Cleanse 4 named tags in dynamic look-ups.
    public var shortName: String {
        switch storage {
        case .metatype(let type): return String(describing: type)
        case .spelled(let word):
            return TypeNames.lastComponents(SpelledTypes.display(word >> 1))
        }
    }

    /// The type's fully qualified name (`CoffeeShop.Heater`), for telling apart types that
    /// share a short name.
    public var qualifiedName: String {
        switch storage {
        case .metatype(let type): return String(reflecting: type)
        case .spelled(let word): return SpelledTypes.qualified(word >> 1)
        }
    }

    public var description: String { name }

    public static func == (lhs: TypeIdentity, rhs: TypeIdentity) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.metatype(let a), .metatype(let b)): return ObjectIdentifier(a) == ObjectIdentifier(b)
        case (.spelled(let a), .spelled(let b)): return a >> 1 == b >> 1
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identityBits)
    }

    /// The hash dictionaries use: ``mixed(_:seed:)`` of ``identityBits``, as ``BindingKey``'s
    /// (the constructors of a graph's types are looked up by type, once per key).
    public func _rawHashValue(seed: Int) -> Int {
        Self.mixed(identityBits, seed: seed)
    }

    /// One multiply-xorshift mix of `bits` and a table's seed: type addresses are not chosen
    /// by an adversary, so this spreads them well enough, at a fraction of SipHash's cost.
    static func mixed(_ bits: UInt, seed: Int) -> Int {
        var mixed = UInt64(truncatingIfNeeded: bits) ^ UInt64(UInt(bitPattern: seed))
        mixed = (mixed ^ (mixed >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        mixed = (mixed ^ (mixed >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 33))
    }

    /// One word that tells identities apart: the metatype's address, or the spelling's
    /// number with the low bit set (addresses are aligned, so the two never meet).
    var identityBits: UInt {
        switch storage {
        case .metatype(let type): UInt(bitPattern: ObjectIdentifier(type))
        case .spelled(let word): UInt(bitPattern: word | 1)
        }
    }
}

/// Turns the fully qualified names the runtime prints into the names people write.
package enum TypeNames {
    /// Whether `written` is a function type (`(String) -> ()`, `@Sendable () async -> Int`):
    /// an arrow outside every bracket. `Array<(Int) -> Int>` is not one.
    package static func isFunctionType(_ written: String) -> Bool {
        var depth = 0
        var previous: Character = " "
        for character in written {
            switch character {
            case "(", "<", "[": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            case ">" where depth == 0: return true
            default: break
            }
            previous = character
        }
        return false
    }

    /// Every dotted path in `spelling` cut to its last component, as `String(describing:)`
    /// names a type: `Shop.Inbox<Shop.Order>` becomes `Inbox<Order>`.
    static func lastComponents(_ spelling: String) -> String {
        var result = ""
        var component = ""
        for character in spelling {
            if character.isLetter || character.isNumber || character == "_" || character == "`" {
                component.append(character)
            } else if character == ".", !component.isEmpty {
                // A path goes on: what came before is an enclosing type or the module.
                component = ""
            } else {
                result += component
                component = ""
                result.append(character)
            }
        }
        return result + component
    }

    /// Whether `text` opens a generic argument list of one argument (`<Clock>`, not
    /// `<A, B>`): Cleanse's names a program may rival are of one argument, and only such a
    /// type of another module is written with its module (``TypeIdentity/codeName``).
    static func hasOneGenericArgument(_ text: Substring) -> Bool {
        guard text.first == "<" else { return false }
        var depth = 0
        var previous: Character = " "
        for character in text {
            defer { previous = character }
            switch character {
            case "<", "(", "[": depth += 1
            case ">" where previous == "-": break
            case ">", ")", "]":
                depth -= 1
                if depth == 0 { return true }
            case "," where depth == 1: return false
            default: break
            }
        }
        return false
    }

    /// `CoffeeShop.Detail.AF` becomes `Detail.AF`, `Swift.Optional<CoffeeShop.Heater>`
    /// becomes `Optional<Heater>`: the first component of every dotted path (the module) is
    /// dropped, and so are the `(unknown context at $…)` components of private types and the
    /// `(extension in M):` before a type declared in an extension of another module's type.
    package static func withoutModules(_ qualified: String) -> String {
        withoutModules(qualified, keepingModulesOf: [])
    }

    /// ``withoutModules(_:)``, but a path whose top-level type is named in `keptNames` keeps
    /// its module, unless the module is Cleanse (``TypeIdentity/codeName``).
    package static func withoutModules(_ qualified: String, keepingModulesOf keptNames: Set<String>) -> String {
        var result = ""
        var path: [Substring] = []
        var index = qualified.startIndex

        func flush() {
            let kept = path.filter { !$0.hasPrefix("(unknown context") }
            // (A private type, named in an unknown context, is written as cleansec writes its
            // file's key: without a module.)
            let keepsModule = kept.count > 1 && kept.count == path.count && !keptNames.isEmpty && keptNames.contains(String(kept[1]))
                && kept[0] != "Cleanse" && hasOneGenericArgument(qualified[index...])
            result += (kept.count > 1 && !keepsModule ? kept.dropFirst() : kept[...]).joined(separator: ".")
            path.removeAll()
        }

        while index < qualified.endIndex {
            let character = qualified[index]
            if character == "(" && qualified[index...].hasPrefix("(unknown context at ") {
                let end = qualified[index...].firstIndex(of: ")") ?? qualified.index(before: qualified.endIndex)
                path.append(qualified[index...end])
                index = qualified.index(after: end)
                if index < qualified.endIndex, qualified[index] == "." {
                    index = qualified.index(after: index)
                }
                continue
            }
            // `(extension in App):Foundation.NSObject.Root`: a type declared in an extension
            // of another module's type is named by that type's path, as code names it.
            if character == "(" && qualified[index...].hasPrefix("(extension in "),
               let close = qualified[index...].firstIndex(of: ")"),
               qualified.index(after: close) < qualified.endIndex, qualified[qualified.index(after: close)] == ":" {
                index = qualified.index(close, offsetBy: 2)
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                let end = qualified[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? qualified.endIndex
                path.append(qualified[index..<end])
                index = end
                if index < qualified.endIndex, qualified[index] == ".",
                   qualified.index(after: index) < qualified.endIndex,
                   qualified[qualified.index(after: index)] != "." {
                    index = qualified.index(after: index)
                    continue
                }
                flush()
                continue
            }
            if !path.isEmpty { flush() }
            result.append(character)
            index = qualified.index(after: index)
        }
        if !path.isEmpty { flush() }
        return result
    }
}

