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

extension JSONWriter {
    /// Indented text for reports people read: one member per line; arrays of plain
    /// values stay on one line.
    public static func writePretty(_ value: JSONValue) -> String {
        var output = ""
        writePretty(value, indent: "", to: &output)
        return output + "\n"
    }

    static func writePretty(_ value: JSONValue, indent: String, to output: inout String) {
        switch value {
        case .object(let entries) where !entries.isEmpty:
            output += "{\n"
            let inner = indent + "  "
            for (offset, entry) in entries.enumerated() {
                output += inner
                writeString(entry.key, to: &output)
                output += ": "
                writePretty(entry.value, indent: inner, to: &output)
                output += offset + 1 < entries.count ? ",\n" : "\n"
            }
            output += indent + "}"
        case .array(let elements)
        where elements.contains(where: {
            if case .object = $0 { true } else if case .array = $0 { true } else { false }
        }):
            output += "[\n"
            let inner = indent + "  "
            for (offset, element) in elements.enumerated() {
                output += inner
                writePretty(element, indent: inner, to: &output)
                output += offset + 1 < elements.count ? ",\n" : "\n"
            }
            output += indent + "]"
        default:
            write(value, to: &output)
        }
    }
}
