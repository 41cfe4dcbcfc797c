import ArrangementModel

/// Writes JSON text: compact, keys in the given order, numbers as scene files show
/// them (`600`, `0.5`), non-finite numbers as `null` (JSON has no spelling for them).
public enum JSONWriter {
    /// The compact text of `value`.
    public static func write(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    /// Appends the compact text of `value` to `output`.
    public static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.isFinite ? formatNumber(number) : "null"
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += ", " }
                write(element, to: &output)
            }
            output += "]"
        case .object(let entries):
            output += "{"
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { output += ", " }
                writeString(entry.key, to: &output)
                output += ": "
                write(entry.value, to: &output)
            }
            output += "}"
        }
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
