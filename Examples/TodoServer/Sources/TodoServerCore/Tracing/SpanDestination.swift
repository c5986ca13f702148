import Foundation

/// Where the server writes the spans of its requests, one JSON object per line, when an
/// operator asks for them (`--trace-spans`, `TRACE_SPANS`): standard output, standard
/// error, or a file that is appended to. A log shipper or an OpenTelemetry collector's file
/// receiver takes it from there.
public enum SpanDestination: Sendable, Equatable {
    /// Standard output (`--trace-spans -`), where the server writes nothing else (its log
    /// goes to standard error), so the stream is JSON lines only.
    case standardOutput
    /// Standard error, between the log lines (`--trace-spans stderr`), when asked by name.
    case standardError
    /// A file, created when missing and appended to.
    case file(path: String)

    /// The destination a setting's text names: `-` or `stdout` for standard output,
    /// `stderr` for standard error, any other text for a file.
    public init(setting text: String) {
        switch text {
        case "-", "stdout": self = .standardOutput
        case "stderr": self = .standardError
        default: self = .file(path: text)
        }
    }
}
