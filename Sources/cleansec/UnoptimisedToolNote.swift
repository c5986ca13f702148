/// What cleansec says when it ran unoptimised and slowly: SwiftPM builds a build plugin's
/// tools in the build's own configuration, and swift-syntax's parser in a debug build is
/// about twenty times slower than in a release one. A debug build given
/// `--prefer-release-build` by the plugins runs a current release build in its place
/// (`ReleaseBuildHandOff`).
enum UnoptimisedToolNote {
    /// Seconds of analysis after which an unoptimised cleansec says how to be faster.
    static let threshold: Duration = .seconds(5)

    /// The note for a run that took `elapsed`, or `nil` when cleansec is optimised or was
    /// quick enough.
    static func text(elapsed: Duration, optimised: Bool = !_isDebugAssertConfiguration()) -> String? {
        guard !optimised, elapsed >= threshold else { return nil }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return """
            cleansec: note: this cleansec is a debug build and took \(Int(seconds.rounded())) s. \
            `swift build -c release --target Cleanse` builds it optimised beside the library (its \
            parser runs about twenty times faster); the build plugin and `swift package cleansec` \
            then run that build for as long as it is newer than cleansec's sources.
            """
    }
}
