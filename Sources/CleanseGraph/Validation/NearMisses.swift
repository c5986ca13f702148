/// The bound keys that were probably meant where a key nothing binds was asked for or
/// overridden: one rule for a missing binding's and an unused override's "did you mean".
enum NearMisses {
    /// In order of confidence, the first kind that finds any: the same type under another tag
    /// (or none); another type of the same name; its optional (what a failable initializer
    /// binds); then up to three types whose names are a small edit away or contain one
    /// another (`ElectricHeater` for `Heater`, `Network` for `FakeNetwork`). `excluded` are
    /// never suggested: the requesters, which cannot be what they ask for.
    static func keys(for key: BindingKey, among all: [BindingKey], excluding excluded: Set<BindingKey> = []) -> [BindingKey] {
        let candidates = excluded.isEmpty ? all : all.filter { !excluded.contains($0) }
        let sameType = candidates.filter { $0.type == key.type }
        if !sameType.isEmpty {
            return sameType.sorted { $0.description < $1.description }
        }
        // Another type of the same name, nested elsewhere or from another module.
        let sameName = candidates.filter { $0.type.shortName == key.type.shortName && $0.tag == key.tag }
        if !sameName.isEmpty {
            return sameName.sorted { $0.type.qualifiedName < $1.type.qualifiedName }
        }
        // Its optional, which a factory returning an optional binds: a failable initializer
        // an untyped `bind()` names (`init?(coder:)` where it has fewer parameters than the rest).
        let optional = candidates.filter { MissingProvider.isOptional($0, of: key) }
        if !optional.isEmpty {
            return optional
        }
        let wanted = key.type.name
        let budget = max(2, wanted.count / 4)
        return candidates
            .compactMap { candidate -> (BindingKey, Int)? in
                let name = candidate.type.name
                let distance = EditDistance.between(name, wanted)
                if distance <= budget { return (candidate, distance) }
                return candidate.tag == key.tag && namesContainOneAnother(name, wanted) ? (candidate, distance) : nil
            }
            .sorted { ($0.1, $0.0.description) < ($1.1, $1.0.description) }
            .prefix(3)
            .map(\.0)
    }

    /// Whether one plain type name is the other with words added before it (`ElectricHeater`
    /// and `Heater`, `FakeNetwork` and `Network`), or with a word that names an
    /// implementation or a double after it (`NetworkImpl`, `AnalyticsMock`): how an
    /// implementation or a test double is usually named after its protocol. Names under four
    /// characters, and generic ones, are left out: too many names contain them.
    static func namesContainOneAnother(_ a: String, _ b: String) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard short.count >= 4, short != long, !long.contains("<"), short.allSatisfy({ $0.isLetter || $0.isNumber }) else { return false }
        // The added words start a word: `Heater` in `ElectricHeater`, not in `Preheater`.
        if long.hasSuffix(short) {
            return short.first?.isUppercase == true
        }
        return long.hasPrefix(short) && implementationWords.contains(String(long.dropFirst(short.count)))
    }

    /// The words after a protocol's name that make an implementation's or a double's name.
    static let implementationWords: Set<String> = [
        "Impl", "Implementation", "Live", "Default", "Real", "Mock", "Fake", "Stub", "Spy", "Dummy",
    ]
}
