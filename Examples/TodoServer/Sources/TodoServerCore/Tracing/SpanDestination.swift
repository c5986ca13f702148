import Foundation

/// Where the server writes the spans of its requests, one JSON object per line, when an
/// operator asks for them (`--trace-spans`, `TRACE_SPANS`): standard error, or a file that
/// is appended to. A log shipper or an OpenTelemetry collector's file receiver takes it
/// from there.
public enum SpanDestination: Sendable, Equatable {
    /// Standard error, between the log lines (`--trace-spans -`).
    case standardError
    /// A file, created when missing and appended to.
    case file(path: String)

    /// The destination a setting's text names: `-` or `stderr` for standard error, any
    /// other text for a file.
    public init(setting text: String) {
        self = ["-", "stderr"].contains(text) ? .standardError : .file(path: text)
    }
}
