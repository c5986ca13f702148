#if PostgreSQL
import NIOSSL
import PostgresNIO

/// The URL's TLS mode as PostgresNIO takes it: built only with the `PostgreSQL` trait, the
/// one part of the server that needs a TLS library.
extension PostgresURL {
    /// The TLS of a single connection (the start-up check).
    func connectionTLS() throws(DatabaseUnavailable) -> PostgresConnection.Configuration.TLS {
        do {
            switch tls {
            case .disable: return .disable
            case .prefer: return .prefer(try NIOSSLContext(configuration: clientConfiguration))
            case .require: return .require(try NIOSSLContext(configuration: clientConfiguration))
            }
        } catch {
            throw DatabaseUnavailable(description: "cannot set up TLS for PostgreSQL: \(error)")
        }
    }

    /// The TLS of the connection pool.
    var clientTLS: PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(clientConfiguration)
        case .require: .require(clientConfiguration)
        }
    }

    /// A client configuration that checks the certificate as the mode says.
    private var clientConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification =
            switch tls {
            case .disable, .prefer, .require(.unchecked): .none
            case .require(.trustedAuthority): .noHostnameVerification
            case .require(.trustedAuthorityAndHostName): .fullVerification
            }
        return configuration
    }
}
#endif
