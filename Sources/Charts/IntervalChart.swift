import Support

/// Ratios with their intervals, one row each, on a logarithmic axis with a rule at
/// 1 (no difference): a dot at the value and a bar across the interval.
public struct IntervalChart: Sendable {
    public struct Row: Sendable {
        public var label: String
        public var value: Double
        public var interval: Interval

        public init(label: String, value: Double, interval: Interval) {
            self.label = label
            self.value = value
            self.interval = interval
        }
    }

    public var title: String
    public var rows: [Row]
    public var width = 400.0

    public init(title: String, rows: [Row]) {
        self.title = title
        self.rows = rows
    }

    public var marks: Int { rows.count }

    public func svg() -> String {
        let labelWidth = min(Double(rows.map(\.label.count).max() ?? 0) * 6.4 + 12, 200)
        let (left, right, top) = (labelWidth, 16.0, 34.0)
        let rowHeight = 26.0
        let height = top + Double(max(rows.count, 1)) * rowHeight + 30
        let values = rows.flatMap { [$0.value, $0.interval.lower, $0.interval.upper] }.filter { $0 > 0 && $0.isFinite }
        let scale = Scale(covering: values, including: [1], from: left, to: width - right, logarithmic: true)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart" data-marks="\(marks)" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="system-ui, sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="8" y="18" font-size="13" font-weight="600">\(SVG.escape(title))</text>

            """
        let bottom = height - 30
        for tick in scale.ticks() {
            let position = scale.position(tick)
            let x = NumberText.coordinate(position)
            // A label centred on a tick at the edge would be cut ("1,000×" at the right):
            // kept inside the chart, about 6.2 px a character.
            let label = "\(NumberText.tick(tick))×"
            let half = Double(label.count) * 3.1
            let labelX = NumberText.coordinate(min(max(position, half + 2), width - 2 - half))
            svg +=
                "<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(NumberText.coordinate(bottom))\" stroke=\"\(tick == 1 ? "#888" : "#eee")\"/><text x=\"\(labelX)\" y=\"\(NumberText.coordinate(bottom + 14))\" text-anchor=\"middle\" fill=\"#444\">\(label)</text>\n"
        }
        if rows.isEmpty {
            svg +=
                "<text x=\"\(NumberText.coordinate(width / 2))\" y=\"\(top + 16)\" text-anchor=\"middle\" fill=\"#888\">no data</text>\n"
        }
        for (index, row) in rows.enumerated() {
            let y = top + (Double(index) + 0.5) * rowHeight
            let tooltip =
                "\(row.label): \(NumberText.forReader(row.value))× [\(NumberText.forReader(row.interval.lower)), \(NumberText.forReader(row.interval.upper))]"
            svg +=
                "<g><title>\(SVG.escape(tooltip))</title><text x=\"\(NumberText.coordinate(left - 8))\" y=\"\(NumberText.coordinate(y + 4))\" text-anchor=\"end\">\(SVG.escape(row.label))</text>"
            svg +=
                "<line x1=\"\(NumberText.coordinate(scale.position(row.interval.lower)))\" y1=\"\(NumberText.coordinate(y))\" x2=\"\(NumberText.coordinate(scale.position(row.interval.upper)))\" y2=\"\(NumberText.coordinate(y))\" stroke=\"\(SVG.colour(index))\" stroke-width=\"3\"/>"
            svg +=
                "<circle cx=\"\(NumberText.coordinate(scale.position(row.value)))\" cy=\"\(NumberText.coordinate(y))\" r=\"4\" fill=\"\(SVG.colour(index))\"/>"
            svg +=
                "<text x=\"\(NumberText.coordinate(min(scale.position(row.interval.upper) + 6, width - right - 40)))\" y=\"\(NumberText.coordinate(y - 6))\" fill=\"#444\">\(NumberText.forReader(row.value))×</text></g>\n"
        }
        return svg + "</svg>\n"
    }
}
