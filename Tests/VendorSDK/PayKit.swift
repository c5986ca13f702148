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
