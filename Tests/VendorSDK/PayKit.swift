/// A payments vendor's SDK as apps receive it: a compiled module, without sources. The
/// parity tests give cleansec only its `.swiftmodule`, as a binary framework would be given.

/// Where payments go.
public enum PayEnvironment: Sendable {
    case sandbox, production
}

/// The merchant's settings.
public struct PayConfiguration: Sendable {
    public let merchantID: String
    public let environment: PayEnvironment

    public init(merchantID: String, environment: PayEnvironment) {
        self.merchantID = merchantID
        self.environment = environment
    }
}

/// How amounts are shown.
public struct PayLocale: Sendable {
    public let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
    }
}

/// The SDK's client: one per app.
public final class PayClient: Sendable {
    public let configuration: PayConfiguration

    public init(configuration: PayConfiguration) {
        self.configuration = configuration
    }

    /// The client most apps share, set up from the app's Info.plist.
    public static let shared = PayClient(configuration: PayConfiguration(merchantID: "default", environment: .production))

    /// A client for the sandbox.
    public static func sandbox(merchantID: String) -> PayClient {
        PayClient(configuration: PayConfiguration(merchantID: merchantID, environment: .sandbox))
    }
}

/// One checkout: the SDK's sheet.
public final class PayCheckout {
    public let client: PayClient
    public let locale: PayLocale

    public init(client: PayClient, locale: PayLocale) {
        self.client = client
        self.locale = locale
    }

    /// A receipt the SDK can read back.
    public final class Receipt {
        public init?(bytes: [UInt8]) {
            guard !bytes.isEmpty else { return nil }
        }
    }
}

/// The SDK's payment sheet, shown over the app's screen.
public final class PaySheet {
    /// How much of the screen the sheet takes.
    public enum Style: Sendable {
        case compact, full
    }

    public let style: PaySheet.Style

    public init(client: PayClient, style: PaySheet.Style) {
        self.style = style
    }
}

/// The SDK's base screen, on the main actor as UIKit's screens are.
@MainActor
open class PayViewController {
    public init() {}
}

/// The card entry screen: on the main actor through its superclass alone.
public final class PayCardViewController: PayViewController {
    public init(client: PayClient) {
        super.init()
    }
}
