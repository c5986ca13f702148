#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server could not listen on its address: in use by another process, not an address of
/// this machine, or a port below 1024 without the right to it. Names the address, which
/// NIO's own error (`bind(descriptor:ptr:bytes:)`) does not.
public struct CannotListen: Error, CustomStringConvertible {
    /// The host the server was to listen on.
    public let host: String
    /// The port it was to listen on.
    public let port: Int
    /// The system's error number.
    public let errno: Int32

    /// Whether `errno`, from binding the server's socket, is one of the reasons above.
    static func explains(_ errno: Int32) -> Bool {
        errno == EADDRINUSE || errno == EADDRNOTAVAIL || errno == EACCES
    }

    public var description: String {
        let why = switch errno {
        case EADDRINUSE: "the address is already in use (another server, or this one still running?)"
        case EADDRNOTAVAIL: "the address is not one of this machine's"
        case EACCES: "the port needs privileges this process does not have"
        default: String(cString: strerror(errno))
        }
        return "cannot listen on \(host):\(port): \(why); choose another with --host/--port (HTTP_HOST/HTTP_PORT)"
    }
}
