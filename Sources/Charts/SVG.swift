import Foundation
import Support

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

    public static func rgb(_ red: Double, _ green: Double, _ blue: Double) -> String {
        "rgb(\(Int(red.rounded())),\(Int(green.rounded())),\(Int(blue.rounded())))"
    }

    /// Colours told apart by most readers, colour-blind ones too (Okabe and Ito's set),
    /// for series in the order they are listed.
    public static let seriesColours = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442"]

    public static func colour(_ index: Int) -> String { seriesColours[index % seriesColours.count] }
}
