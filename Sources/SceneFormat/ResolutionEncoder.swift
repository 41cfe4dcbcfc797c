import ArrangementModel
import Support

/// Prints a resolution exactly as contract §4 shows it: one object per pane in
/// depth-first order, `null` for a hidden pane's frame and size class.
///
/// The text goes out in chunks of bytes, so a scene of a million arrangements never
/// holds its half-gigabyte answer in memory at once.
public enum ResolutionEncoder {
    /// Bytes gathered before each write.
    public static let chunkSize = 1 << 16

    /// The resolution's JSON text, one pane per three lines, ending with a newline.
    public static func encode(_ resolution: Resolution, ids: [String]) -> String {
        var text: [UInt8] = []
        encode(resolution, ids: ids) { chunk in text += chunk }
        return String(decoding: text, as: UTF8.self)
    }

    /// The same text, handed to `write` a chunk at a time (the last one may be short).
    public static func encode<Failure: Error>(
        _ resolution: Resolution, ids: [String], write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var out = ByteText()
        out.bytes.reserveCapacity(chunkSize + 1024)
        out.append("{\"panes\": [\n")
        for (offset, (id, pane)) in zip(ids, resolution.panes).enumerated() {
            out.append("  {\"id\": ")
            out.appendString(id)
            out.append(pane.visible ? ", \"visible\": true,\n   \"frame\": " : ", \"visible\": false,\n   \"frame\": ")
            if pane.visible {
                out.append("{\"x\": ")
                out.appendNumber(pane.frame.x)
                out.append(", \"y\": ")
                out.appendNumber(pane.frame.y)
                out.append(", \"width\": ")
                out.appendNumber(pane.frame.width)
                out.append(", \"height\": ")
                out.appendNumber(pane.frame.height)
                out.append("},\n   \"sizeClass\": {\"horizontal\": ")
                out.append(pane.sizeClass.horizontal == .compact ? "\"compact\"" : "\"regular\"")
                out.append(", \"vertical\": ")
                out.append(pane.sizeClass.vertical == .compact ? "\"compact\"}" : "\"regular\"}")
            } else {
                out.append("null,\n   \"sizeClass\": null")
            }
            out.append(",\n   \"splitAxis\": ")
            switch pane.splitAxis {
            case .horizontal: out.append("\"horizontal\"")
            case .vertical: out.append("\"vertical\"")
            case nil: out.append("null")
            }
            out.append(", \"zIndex\": ")
            out.appendNumber(Double(pane.zIndex))
            out.append(offset + 1 < ids.count ? "},\n" : "}\n")
            if out.bytes.count >= chunkSize {
                try write(out.bytes)
                out.bytes.removeAll(keepingCapacity: true)
            }
        }
        out.append("]}\n")
        try write(out.bytes)
    }

    static func frameJSON(_ frame: Rect) -> JSONValue {
        .object([
            ("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
            ("height", .number(frame.height)),
        ])
    }

    static func sizeClassJSON(_ sizeClass: SizeClass) -> JSONValue {
        .object([
            ("horizontal", .string(sizeClass.horizontal == .compact ? "compact" : "regular")),
            ("vertical", .string(sizeClass.vertical == .compact ? "compact" : "regular")),
        ])
    }

    /// The contract's name of an axis.
    public static func axisName(_ axis: Axis) -> String { axis == .horizontal ? "horizontal" : "vertical" }
}

/// JSON text as UTF-8 bytes, spelled as ``JSONWriter`` spells it.
struct ByteText {
    var bytes: [UInt8] = []

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A string literal; text that needs no escape is copied as it is.
    mutating func appendString(_ text: String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            var escaped = ""
            JSONWriter.writeString(text, to: &escaped)
            bytes.append(contentsOf: escaped.utf8)
        }
    }

    /// A number as `formatNumber` shows it, whole numbers without a string on the way.
    mutating func appendNumber(_ value: Double) {
        guard value.isFinite else { return append("null") }
        guard abs(value) < 1e15, var whole = Int64(exactly: value) else {
            return bytes.append(contentsOf: formatNumber(value).utf8)
        }
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
