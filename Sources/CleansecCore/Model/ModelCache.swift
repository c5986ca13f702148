import Foundation

/// Reads and writes partial models, and keeps one per dependency target in a folder so that
/// a target whose sources did not change is not parsed again.
///
/// A cached model is used when its fingerprint, a digest of the target's file paths and
/// texts, the models it was made with, the format version and the cleansec that made it
/// (``toolIdentity``), matches; otherwise it is made
/// from the sources and written back. Files are rewritten only when their bytes change, so a
/// build system that watches them sees no change when there is none.
public enum ModelCache {
    /// The model written at `path`.
    public static func read(_ path: String) throws -> PartialModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceCollectionError(message: "cannot read the model \(path)")
        }
        struct Header: Decodable { let format: Int }
        do {
            let format = try JSONDecoder().decode(Header.self, from: data).format
            guard format == PartialModel.currentFormat else {
                throw SourceCollectionError(message: "the model \(path) is in format \(format); this cleansec reads format \(PartialModel.currentFormat): make it again with --emit-model")
            }
            return try JSONDecoder().decode(PartialModel.self, from: data)
        } catch let error as SourceCollectionError {
            throw error
        } catch {
            throw SourceCollectionError(message: "the model \(path) cannot be read: \(error)")
        }
    }

    /// Writes `model` to `path` as JSON, unless the file already holds the same bytes.
    /// Returns whether it wrote.
    @discardableResult
    public static func write(_ model: PartialModel, to path: String) throws -> Bool {
        let data = try encoded(model)
        if FileManager.default.contents(atPath: path) == data { return false }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        return true
    }

    /// The running cleansec, as its executable's size and modification date: a cleansec built
    /// again reads sources its own way, so models an older one made are made again even
    /// when the format did not change (an upgrade of Cleanse, a fix under development).
    static let toolIdentity: String = {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        // The binary a link (an installed `cleansec`) points to, not the link.
        let path = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "unknown" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)@\(date)"
    }()

    /// The model's JSON: keys sorted, so the same model always gives the same bytes.
    static func encoded(_ model: PartialModel) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(model) + Data("\n".utf8)
    }

    /// The model of target `moduleName`, whose sources are at `paths` and whose own
    /// dependencies `dependencies` describe: from `folder` when it is current there, else
    /// made from the sources (and stored in `folder`, when given), reading `#if` clauses by
    /// `conditions`.
    public static func model(ofTarget moduleName: String, at paths: [String], dependencies: [PartialModel], folder: String?, conditions: BuildConditions = .unknown) throws -> PartialModel {
        let files = try SourceCollection.swiftFiles(at: paths)
        let texts = try SourceCollection.read(files)
        var digest = Digest()
        digest.add("cleansec model \(PartialModel.currentFormat) \(toolIdentity) \(moduleName) \(conditions.cacheKey)")
        for (path, text) in zip(files, texts) {
            digest.add(path)
            digest.add(text)
        }
        for dependency in dependencies { digest.add(dependency.fingerprint) }
        let fingerprint = digest.hex

        let cached = folder.map { ($0 as NSString).appendingPathComponent("\(moduleName).json") }
        if let cached, let model = try? read(cached), model.fingerprint == fingerprint {
            return model
        }
        let parsed = SourceCollection.parse(paths: files, texts: texts, moduleName: moduleName)
        let model = PartialModel(files: parsed, models: dependencies, moduleName: moduleName, fingerprint: fingerprint, conditions: conditions)
        if let cached { try write(model, to: cached) }
        return model
    }
}

/// A 64-bit FNV-1a digest: stable across runs and machines, unlike `Hasher`.
struct Digest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        mix(0xff)
    }

    private mutating func mix(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let text = String(state, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
