import Foundation
import Measurement

extension Trend {
    /// A self-contained SVG line chart with the change points marked.
    public static func svg(_ series: TrendSeries) -> String {
        let (width, height, left, right, top, bottom) = (720.0, 300.0, 80.0, 20.0, 40.0, 50.0)
        let values = series.points.map(\.value)
        let low = values.min() ?? 0
        let high = values.max() ?? 1
        let span = high > low ? high - low : max(abs(high), 1)
        func x(_ i: Int) -> Double {
            values.count > 1
                ? left + Double(i) / Double(values.count - 1) * (width - left - right) : (left + width - right) / 2
        }
        func y(_ v: Double) -> Double { top + (1 - (v - low) / span) * (height - top - bottom) }
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        func label(_ v: Double) -> String { String(format: abs(v) >= 100 ? "%.0f" : "%.3g", v) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="20" font-size="14" font-weight="bold">\(escape(series.metric)) (\(escape(series.unit))): \(escape(series.scenario)), \(escape(series.variant))</text>
            <line x1="\(left)" y1="\(top)" x2="\(left)" y2="\(height - bottom)" stroke="#444"/>
            <line x1="\(left)" y1="\(height - bottom)" x2="\(width - right)" y2="\(height - bottom)" stroke="#444"/>
            <text x="\(left - 6)" y="\(y(high) + 4)" text-anchor="end">\(label(high))</text>
            <text x="\(left - 6)" y="\(y(low) + 4)" text-anchor="end">\(label(low))</text>

            """
        for change in series.changePoints {
            let position = (x(change - 1) + x(change)) / 2
            svg +=
                "<line x1=\"\(position)\" y1=\"\(top)\" x2=\"\(position)\" y2=\"\(height - bottom)\" stroke=\"#d33\" stroke-dasharray=\"5,4\"/>\n"
            svg +=
                "<text x=\"\(position + 3)\" y=\"\(height - bottom - 6)\" fill=\"#d33\">change at \(escape(series.points[change].commit))</text>\n"
        }
        // Each segment's median level, so a reader sees the size of a change.
        let boundaries = [0] + series.changePoints + [values.count]
        for (start, end) in zip(boundaries, boundaries.dropFirst()) where end > start {
            let level = y(Statistics.median(Array(values[start..<end])))
            svg +=
                "<line x1=\"\(x(start))\" y1=\"\(level)\" x2=\"\(x(end - 1))\" y2=\"\(level)\" stroke=\"#999\" stroke-dasharray=\"2,3\"/>\n"
        }
        let path = values.indices.map { "\(x($0)),\(y(values[$0]))" }.joined(separator: " ")
        svg += "<polyline fill=\"none\" stroke=\"#2a6fdb\" stroke-width=\"2\" points=\"\(path)\"/>\n"
        for (i, point) in series.points.enumerated() {
            svg +=
                "<circle cx=\"\(x(i))\" cy=\"\(y(point.value))\" r=\"3\" fill=\"#2a6fdb\"><title>\(escape(point.commit)) \(escape(point.date)): \(label(point.value))</title></circle>\n"
        }
        if let first = series.points.first, let last = series.points.last {
            svg += "<text x=\"\(left)\" y=\"\(height - bottom + 20)\">\(escape(first.commit))</text>\n"
            svg +=
                "<text x=\"\(width - right)\" y=\"\(height - bottom + 20)\" text-anchor=\"end\">\(escape(last.commit)) (\(series.points.count) runs)</text>\n"
        }
        return svg + "</svg>\n"
    }
}
