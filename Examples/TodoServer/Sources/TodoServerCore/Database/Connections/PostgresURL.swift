import Foundation

/// A `postgres://user:password@host:port/database?sslmode=…` URL, read as libpq reads it,
/// so that what the URL says is what the server does.
///
/// `sslmode` is honoured: `disable` (also when absent: this example's servers run on
/// loopback), `allow` and `prefer` (TLS when the server offers it), `require` (TLS, the
/// certificate not checked, as libpq does), `verify-ca` (a certificate the system trusts)
/// and `verify-full` (that, for this host name). Anything else is refused with a message.
///
/// `options` is sent as libpq sends it, one startup parameter the server reads as command-line
/// settings for the connection: `?options=-c%20search_path%3Dtenant_a`, so that replicas or
/// tenants can share a database in schemas of their own. The server refuses what it cannot
/// read, and the start-up check says so.
///
/// Reading the URL needs no TLS library, so a server built without the `PostgreSQL` trait
/// still checks it; `PostgresURL+TLS.swift` turns the mode into NIOSSL's configuration.
struct PostgresURL {
    let host: String
    let port: Int
    let user: String
    let password: String?
    let database: String?
    let sslmode: String
    /// TLS as the mode says: none, when offered, or always; with how certificates are checked.
    let tls: TLSMode
    /// libpq's `options`: settings the server applies to each connection (`-c name=value`).
    let options: String?

    /// Whether a connection uses TLS.
    enum TLSMode: Equatable {
        case disable
        /// TLS when the server offers it, its certificate not checked (`allow`, `prefer`).
        case prefer
        /// TLS or no connection, the certificate checked as said.
        case require(CertificateCheck)
    }

    /// How much of the server's certificate is checked.
    enum CertificateCheck: Equatable {
        /// Nothing (`require`).
        case unchecked
        /// Signed by an authority the system trusts (`verify-ca`).
        case trustedAuthority
        /// That, and issued for the URL's host (`verify-full`).
        case trustedAuthorityAndHostName
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
        if let unknown = options.keys.sorted().first(where: { !["sslmode", "options"].contains($0) }) {
            throw DatabaseUnavailable(description: "DATABASE_URL has the option '\(unknown)', which this server does not use (only sslmode and options)")
        }
        self.options = options["options"].flatMap { $0.isEmpty ? nil : $0 }
        sslmode = options["sslmode"] ?? "disable"
        switch sslmode {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer
        case "require": tls = .require(.unchecked)
        case "verify-ca": tls = .require(.trustedAuthority)
        case "verify-full": tls = .require(.trustedAuthorityAndHostName)
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
}
