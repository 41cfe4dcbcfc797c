#if canImport(Glibc)
    import Glibc
#endif

/// Formats a number the way scene files, reports and messages show it (`600`, not
/// `600.0`; every digit a reader of the file needs to read it back exactly).
public func formatNumber(_ value: Double) -> String {
    if abs(value) < 1e15, let integral = Int64(exactly: value) {
        return String(integral)
    }
    return String(describing: value)
}

/// The one family of number formats, for people: coordinates in drawings, counts with
/// thousands separators, measured values to three significant digits, tick labels,
/// fixed decimals, percentages, and the terminal tables' plain significant digits.
/// Files other programs read use ``formatNumber(_:)`` (no grouping anywhere).
public enum NumberText {
    /// A coordinate: two decimals at most, no trailing zeros; 0 for what is not finite.
    public static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    /// A count with thousands separators: 1,234,567.
    public static func grouped(_ value: Double) -> String {
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
    public static func forReader(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        if value == 0 { return "0" }
        if abs(value) >= 1000 { return grouped(value) }
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
        if abs(value) >= 1000 || value == value.rounded() { return grouped(value) }
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

    /// A number for the terminal's tables: `digits` significant digits at least, no
    /// exponent for everyday sizes, no separators (44402; 983; 3.86; 0.0201).
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        if value == 0 { return "0" }
        guard value.isFinite else { return String(describing: value) }
        if abs(value) >= 1000 { return fixed(value, decimals: 0) }
        let decimals = max(0, digits - 1 - Int((log10(abs(value))).rounded(.down)))
        return fixed(value, decimals: decimals)
    }
}
