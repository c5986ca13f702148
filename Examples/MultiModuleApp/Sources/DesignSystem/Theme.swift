/// The app's colours and type, shared by every feature. A plain target: it does not use
/// Cleanse, and cleansec reads it as the package's own (a partial model of its sources).
public struct Theme: Sendable {
    public let accent: String
    public let titleFont: String

    public init(accent: String, titleFont: String) {
        self.accent = accent
        self.titleFont = titleFont
    }

    /// The theme the app ships with.
    public static func standard() -> Theme {
        Theme(accent: "indigo", titleFont: "SF Pro Rounded")
    }
}
