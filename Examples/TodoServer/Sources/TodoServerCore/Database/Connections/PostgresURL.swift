import Foundation
import NIOSSL
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=…` URL, read as libpq reads it,
/// so that what the URL says is what the server does.
///
/// `sslmode` is honoured: `disable` (also when absent: this example's servers run on
/// loopback), `allow` and `prefer` (TLS when the server offers it), `require` (TLS, the
/// certificate not checked, as libpq does), `verify-ca` (a certificate the system trusts)
/// and `verify-full` (that, for this host name). Anything else is refused with a message.
struct PostgresURL {
    let host: String
    let port: Int
    let user: String
    let password: String?
    let database: String?
    let sslmode: String
    /// TLS as the mode says: none, when offered, or always; with how certificates are checked.
    let tls: TLS

    enum TLS {
        case disable
        case prefer(TLSConfiguration)
        case require(TLSConfiguration)
    }

    /// The ports a PostgreSQL server may listen on.
    static let ports = 1...65_535

    /// The modes `sslmode` may name.
    static let modes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    init(_ url: String) throws(DatabaseUnavailable) {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""),
              let host = parts.host, !host.isEmpty, let user = parts.user
        else {
            throw DatabaseUnavailable(description: "DATABASE_URL is not a postgres://user:password@host:port/database URL")
        }
        self.host = host
        self.user = user
        // The port as written: `URLComponents` takes 120968 whole (a connection would wrap
        // it to another port), drops one too long for an `Int` and an empty one (both would
        // mean 5432).
        if Self.authority(of: url).hasSuffix(":") {
            throw DatabaseUnavailable(description: "DATABASE_URL's port is empty: write one from 1 to 65535, or leave out the ':' for 5432")
        }
        if let written = parts.rangeOfPort.map({ String(url[$0]) }) {
            guard let port = Int(written), Self.ports.contains(port) else {
                throw DatabaseUnavailable(description: "DATABASE_URL's port must be from 1 to 65535, not '\(written)'")
            }
            self.port = port
        } else {
            port = 5432
        }
        password = parts.password
        database = parts.path.split(separator: "/").first.map(String.init)
        let options = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { _, last in last }
        if let unknown = options.keys.sorted().first(where: { $0 != "sslmode" }) {
            throw DatabaseUnavailable(description: "DATABASE_URL has the option '\(unknown)', which this server does not use (only sslmode)")
        }
        sslmode = options["sslmode"] ?? "disable"
        var client = TLSConfiguration.makeClientConfiguration()
        switch sslmode {
        case "disable":
            tls = .disable
        case "allow", "prefer":
            client.certificateVerification = .none
            tls = .prefer(client)
        case "require":
            client.certificateVerification = .none
            tls = .require(client)
        case "verify-ca":
            client.certificateVerification = .noHostnameVerification
            tls = .require(client)
        case "verify-full":
            client.certificateVerification = .fullVerification
            tls = .require(client)
        default:
            throw DatabaseUnavailable(description: "DATABASE_URL's sslmode '\(sslmode)' is not one of \(Self.modes.joined(separator: ", "))")
        }
    }

    /// The URL's authority (`user:password@host:port`) as written.
    private static func authority(of url: String) -> Substring {
        guard let start = url.range(of: "://")?.upperBound else { return "" }
        let rest = url[start...]
        return rest.prefix { !"/?#".contains($0) }
    }

    /// The TLS of a single connection (the start-up check).
    func connectionTLS() throws(DatabaseUnavailable) -> PostgresConnection.Configuration.TLS {
        do {
            switch tls {
            case .disable: return .disable
            case .prefer(let configuration): return .prefer(try NIOSSLContext(configuration: configuration))
            case .require(let configuration): return .require(try NIOSSLContext(configuration: configuration))
            }
        } catch {
            throw DatabaseUnavailable(description: "cannot set up TLS for PostgreSQL: \(error)")
        }
    }

    /// The TLS of the connection pool.
    var clientTLS: PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer(let configuration): .prefer(configuration)
        case .require(let configuration): .require(configuration)
        }
    }
}
