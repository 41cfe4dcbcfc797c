import Foundation

/// What every chart shares: escaping for XML, numbers written for attributes and for
/// readers, and the colours of series.
public enum SVG {
    /// Text and attribute values escaped for XML (non-ASCII characters stay as they
    /// are: the pages are UTF-8).
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A coordinate: two decimals at most, no trailing zeros; 0 for what is not finite.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    /// A count with thousands separators: 1,234,567.
    public static func count(_ value: Double) -> String {
        // Beyond 10^15 a Double has no units digit to group (and beyond 2^63 no Int64).
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        let integer = Int64(value.rounded())
        let digits = String(integer.magnitude)
        var grouped = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (integer < 0 ? "-" : "") + grouped
    }

    /// A measured value for a reader: three significant digits, thousands separated
    /// from 1,000 on (12,345; 526; 2.06; 0.0174).
    public static func value(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        if value == 0 { return "0" }
        if abs(value) >= 1000 { return count(value) }
        var digits = 2
        var magnitude = abs(value)
        while magnitude < 1, digits < 12 {
            magnitude *= 10
            digits += 1
        }
        if magnitude >= 100 { digits -= 2 } else if magnitude >= 10 { digits -= 1 }
        return fixed(value, decimals: max(0, digits))
    }

    /// A tick label: the shortest form of a round number (0.05, 2, 1,000, 20,000).
    public static func tick(_ value: Double) -> String {
        if abs(value) >= 1000 || value == value.rounded() { return count(value) }
        var text = value.magnitude < 1e-12 ? "0" : fixed(value, decimals: 12)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `value` with exactly `decimals` decimals.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let integer = Int64(scaled)
        var text = String(integer)
        if decimals > 0 {
            if text.count <= decimals { text = String(repeating: "0", count: decimals - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
        }
        return (value < 0 && integer != 0 ? "-" : "") + text
    }

    public static func percent(_ value: Double, of total: Double) -> String {
        total > 0 ? "\(fixed(100 * value / total, decimals: 1)) %" : "–"
    }

    public static func signedPercent(_ change: Double, of base: Double) -> String {
        if base == 0 { return change == 0 ? "±0" : "new" }
        let value = 100 * change / base
        // A change too small for one decimal keeps two significant digits (+0.046 %).
        let decimals = value != 0 && abs(value) < 0.05 ? Swift.max(2, 1 - Int((log10(abs(value))).rounded(.down))) : 1
        return (value > 0 ? "+" : "") + fixed(value, decimals: decimals) + " %"
    }

    public static func rgb(_ red: Double, _ green: Double, _ blue: Double) -> String {
        "rgb(\(Int(red.rounded())),\(Int(green.rounded())),\(Int(blue.rounded())))"
    }

    /// Colours told apart by most readers, colour-blind ones too (Okabe and Ito's set),
    /// for series in the order they are listed.
    public static let seriesColours = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442"]

    public static func colour(_ index: Int) -> String { seriesColours[index % seriesColours.count] }
}
