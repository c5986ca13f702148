/// A JSON value with object keys kept in the order they were given, rendered compactly.
package enum JSONValue {
    case null
    case number(Int)
    /// A finite number with a fraction, such as a time in microseconds.
    case fraction(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package var rendered: String {
        switch self {
        case .null: return "null"
        case .number(let value): return String(value)
        case .fraction(let value): return value.isFinite ? String(value) : "null"
        case .string(let value): return Self.quote(value)
        case .array(let values): return "[" + values.map(\.rendered).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { Self.quote($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
