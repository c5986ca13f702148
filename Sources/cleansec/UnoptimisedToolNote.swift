/// What cleansec says when it ran unoptimised and slowly: SwiftPM builds a build plugin's
/// tools in the build's own configuration, and swift-syntax's parser in a debug build is
/// about twenty times slower than in a release one. A debug build given
/// `--prefer-release-build` by the plugins runs a current release build in its place
/// (`ReleaseBuildHandOff`).
enum UnoptimisedToolNote {
    /// Seconds of analysis after which an unoptimised cleansec says how to be faster.
    static let threshold: Duration = .seconds(5)

    /// The note for a run that took `elapsed`, or `nil` when cleansec is optimised or was
    /// quick enough. Run by a plugin (`byPlugin`: given `--prefer-release-build`), it says
    /// how to make the release build the plugins hand off to; run by hand, that a release
    /// build of cleansec is faster.
    static func text(elapsed: Duration, byPlugin: Bool, optimised: Bool = !_isDebugAssertConfiguration()) -> String? {
        guard !optimised, elapsed >= threshold else { return nil }
        let seconds = Int((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18).rounded())
        guard byPlugin else {
            return "cleansec: note: this cleansec is a debug build and took \(seconds) s; a release build (swift build -c release) parses about twenty times faster."
        }
        return """
            cleansec: note: this cleansec is a debug build and took \(seconds) s. \
            `swift build -c release --target Cleanse` builds it optimised beside the library (its \
            parser runs about twenty times faster); the build plugin and `swift package cleansec` \
            then run that build for as long as it is newer than cleansec's sources.
            """
    }
}
