/// A diagnostic's message as data: its lines, each with the places in the user's code it
/// names, so that a tool can place every line without reading locations back out of text.
///
/// The text of an error (`description`) is rendered from it. `cleansec` shows the first
/// place as the error's position and every other line as a note at its own place:
///
/// ```swift
/// let message = error.diagnosticMessage
/// if let place = message.primaryPlace {
///     print("\(place.location): error: \(message.headline)")
/// }
/// ```
public struct DiagnosticMessage: Hashable, Sendable, CustomStringConvertible {
    /// What a place is to the diagnostic.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// Where a binding was written (`bind(…)…to(…)`, a seed, a root).
        case binding
        /// Where a dependency was requested: the binding whose factory asks for it.
        case request
        /// Where a module was included (`include(module:)`).
        case inclusion
        /// Where a component was installed, or where `ComponentFactory.of` brings it in.
        case installation
        /// Where an override module's binding was written.
        case override
        /// Where a component is built (`build(_:)`), as cleansec finds it.
        case build
    }

    /// One place a line names.
    public struct Place: Hashable, Sendable {
        /// The file and line.
        public let location: SourceLocation
        /// What it is to the diagnostic.
        public let role: Role

        /// A place with its role.
        public init(_ location: SourceLocation, _ role: Role) {
            self.location = location
            self.role = role
        }

        /// Where a binding was written.
        public static func binding(_ location: SourceLocation) -> Place { Place(location, .binding) }
        /// Where a dependency was requested.
        public static func request(_ location: SourceLocation) -> Place { Place(location, .request) }
        /// Where a module was included.
        public static func inclusion(_ location: SourceLocation) -> Place { Place(location, .inclusion) }
        /// Where a component was installed or brought in.
        public static func installation(_ location: SourceLocation) -> Place { Place(location, .installation) }
        /// Where an override was written.
        public static func override(_ location: SourceLocation) -> Place { Place(location, .override) }
        /// Where a component is built.
        public static func build(_ location: SourceLocation) -> Place { Place(location, .build) }
    }

    /// One line of the message.
    public struct Line: Hashable, Sendable {
        /// The line as printed, indentation included.
        public let text: String
        /// The places the line names, in the order it names them.
        public let places: [Place]

        /// A line naming `places`.
        public init(_ text: String, places: [Place] = []) {
            self.text = text
            self.places = places
        }
    }

    /// The lines; the first is the headline, opening with the diagnostic's ID.
    public let lines: [Line]

    /// A message of `lines`. Type names marked by the front ends are written here, each as
    /// the shortest name no other type of the message shares.
    public init(lines: [Line]) {
        self.lines = ShortestNames.resolved(lines)
    }

    /// A message that names no places: each line of `text` as it is. What an error that does
    /// not describe its places (a plugin's own) reports.
    public init(text: String) {
        lines = ShortestNames.resolved(text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(String($0)) })
    }

    /// The whole message, one line after another.
    public var description: String { lines.map(\.text).joined(separator: "\n") }

    /// The first place the message names, headline first: where a tool shows the error.
    public var primaryPlace: Place? {
        lines.lazy.compactMap(\.places.first).first
    }
}
