import Foundation

/// Finds the Swift files under the paths given to cleansec and names their modules.
public enum SourceCollection {
    /// Every `.swift` file at or under `paths` (build folders skipped), sorted, parsed as
    /// files of `moduleName`, or of the module their path names (`Sources/<Module>/…`).
    public static func files(at paths: [String], moduleName: String? = nil) throws -> [SourceFile] {
        let paths = try swiftFiles(at: paths)
        return parse(paths: paths, texts: try read(paths), moduleName: moduleName)
    }

    /// The paths of every `.swift` file at or under `paths`, build folders skipped, each once
    /// (however it was spelled: `dir` and `dir/./File.swift` name one file), sorted.
    ///
    /// - Throws: ``SourceCollectionError`` naming a path that does not exist, or a folder
    ///   that cannot be listed (never skipped in silence).
    static func swiftFiles(at paths: [String]) throws -> [String] {
        var walk = Walk()
        let manager = FileManager.default
        for given in paths {
            let path = normalized(given)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceCollectionError(message: "no such file or folder: \(given)")
            }
            if isDirectory.boolValue {
                try collect(folder: path, into: &walk)
            } else {
                walk.add(file: path)
            }
        }
        return walk.files.values.sorted()
    }

    /// What a walk has met, by real path (links resolved): every folder is listed once and
    /// every file kept once, under the first spelling met, so a link back up the tree
    /// (`self -> .`, `sub/up -> ..`) ends instead of going round for ever.
    private struct Walk {
        var folders: Set<String> = []
        var files: [String: String] = [:]

        static func realPath(_ path: String) -> String {
            URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }

        /// Whether `folder` is met for the first time.
        mutating func enter(folder: String) -> Bool {
            folders.insert(Self.realPath(folder)).inserted
        }

        mutating func add(file: String) {
            let real = Self.realPath(file)
            if let known = files[real], known <= file { return }
            files[real] = file
        }
    }

    /// `path` with `.` and empty components dropped and `..` applied to what precedes it:
    /// `./Sources/Shop/` and `Sources/Shop/./Shop.swift` name `Sources/Shop` and its file.
    static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".":
                continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
            default:
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The `.swift` files under `folder`, recursively; a folder whose name ends in `.swift`
    /// is a folder like any other.
    private static func collect(folder: String, into walk: inout Walk) throws {
        guard walk.enter(folder: folder) else { return }
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder)
        } catch {
            throw SourceCollectionError(message: "cannot read the folder \(folder)")
        }
        for name in names.sorted() where !name.hasPrefix(".build") && name != ".git" {
            let path = folder == "/" ? "/" + name : folder == "." ? name : folder + "/" + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A link to nothing: a Swift file that cannot be read is an error, not a gap.
                if name.hasSuffix(".swift") {
                    throw SourceCollectionError(message: "cannot read \(path): it links to nothing")
                }
                continue
            }
            if isDirectory.boolValue {
                try collect(folder: path, into: &walk)
            } else if name.hasSuffix(".swift") {
                walk.add(file: path)
            }
        }
    }

    /// The text of each file at `paths`.
    static func read(_ paths: [String]) throws -> [String] {
        try paths.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SourceCollectionError(message: "cannot read \(path)")
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Parses the files on every core (each parse is independent), on threads with stacks
    /// deep enough for any nesting the parser accepts: what `cleansec` does with the files
    /// it reads, for texts read elsewhere (an editor's buffers, generated sources). The
    /// module is `moduleName`, or each path's (see `module(of:)`).
    public static func parse(paths: [String], texts: [String], moduleName: String?) -> [SourceFile] {
        let parsed = ParsedFiles(count: paths.count)
        LargeStack.concurrentPerform(iterations: paths.count) { index in
            parsed.store(SourceFile(path: paths[index], moduleName: moduleName ?? module(of: paths[index]), text: texts[index]), at: index)
        }
        return parsed.files
    }

    /// `Shop` for `…/Sources/Shop/Menu.swift`; else the name of the file's folder.
    static func module(of path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        for marker in ["Sources", "Tests"] {
            if let index = components.lastIndex(of: marker), index + 2 < components.count {
                return components[index + 1]
            }
        }
        return components.count > 1 ? components[components.count - 2] : "main"
    }
}

/// A path cleansec was given that it cannot read.
public struct SourceCollectionError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// The results of parallel parsing, one slot per file.
private final class ParsedFiles: @unchecked Sendable {
    // Safe to share: each index is written by exactly one worker of `concurrentPerform`,
    // under the lock, and `files` is read only after all iterations have returned.
    private var slots: [SourceFile?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ file: SourceFile, at index: Int) {
        lock.lock()
        slots[index] = file
        lock.unlock()
    }

    var files: [SourceFile] { slots.compactMap { $0 } }
}
