import Support

/// Groups of samples side by side: for each, a box from the first to the third
/// quartile with the median across it, whiskers to the 5th and 95th percentiles,
/// and the samples themselves as faint dots spread sideways (at most 300 a group,
/// evenly chosen from the sorted samples). A logarithmic axis when the groups lie
/// more than 20× apart, so that a fast variant is not a line at the bottom.
public struct DistributionChart: Sendable {
    public struct Group: Sendable {
        public var name: String
        public var values: [Double]

        public init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }
    }

    public var title: String
    public var unit: String
    public var groups: [Group]
    public var width = 420.0
    public var height = 300.0
    static let shownPoints = 200

    public init(title: String, unit: String, groups: [Group]) {
        self.title = title
        self.unit = unit
        self.groups = groups
    }

    public var marks: Int { groups.filter { !$0.values.isEmpty }.count }

    /// The value at fraction `q` of sorted `values`, interpolated.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    public func svg() -> String {
        let (right, top, bottom) = (12.0, 34.0, 40.0)
        let all = groups.flatMap(\.values).filter(\.isFinite)
        let positive = all.filter { $0 > 0 }
        let spread = (positive.max() ?? 1) / (positive.min() ?? 1)
        let scale = Scale(
            covering: all, from: height - bottom, to: top,
            logarithmic: positive.count == all.count && spread > 20)
        // Wide enough for the longest tick label (about 6.2 px a character) and the
        // axis title beside it: "1,000,000" would run into the title at 70 px.
        let left = max(70, (Double(scale.ticks().map { NumberText.tick($0).count }.max() ?? 0) * 6.2 + 34).rounded())
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart" data-marks="\(marks)" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="system-ui, sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="18" font-size="13" font-weight="600">\(SVG.escape(title))</text>
            <line x1="\(left)" y1="\(top)" x2="\(left)" y2="\(height - bottom)" stroke="#999"/>

            """
        for tick in scale.ticks() {
            let y = NumberText.coordinate(scale.position(tick))
            svg +=
                "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - right)\" y2=\"\(y)\" stroke=\"#eee\"/><text x=\"\(left - 6)\" y=\"\(y)\" dy=\"4\" text-anchor=\"end\" fill=\"#444\">\(NumberText.tick(tick))</text>\n"
        }
        svg +=
            "<text transform=\"translate(14,\(NumberText.coordinate((top + height - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\" fill=\"#444\">\(SVG.escape(unit))\(scale.logarithmic ? " (log scale)" : "")</text>\n"
        let slot = (width - left - right) / Double(max(groups.count, 1))
        for (index, group) in groups.enumerated() {
            let centre = left + slot * (Double(index) + 0.5)
            let colour = SVG.colour(index)
            svg +=
                "<text x=\"\(NumberText.coordinate(centre))\" y=\"\(NumberText.coordinate(height - bottom + 16))\" text-anchor=\"middle\">\(SVG.escape(group.name))</text>\n"
            let sorted = group.values.filter(\.isFinite).sorted()
            guard !sorted.isEmpty else {
                svg +=
                    "<text x=\"\(NumberText.coordinate(centre))\" y=\"\(NumberText.coordinate((top + height - bottom) / 2))\" text-anchor=\"middle\" fill=\"#888\">no samples</text>\n"
                continue
            }
            let q = [0.05, 0.25, 0.5, 0.75, 0.95].map { Self.quantile(sorted, $0) }
            let half = min(slot * 0.28, 40)
            let step = max(1, (sorted.count + Self.shownPoints - 1) / Self.shownPoints)
            // Every dot one round zero-length stroke of a single path: a suite's page holds
            // a chart a scenario, each of thousands of samples.
            var path = ""
            for (n, value) in stride(from: 0, to: sorted.count, by: step).map({ ($0, sorted[$0]) }) {
                // A fixed spread from the sample's rank: the same data draws the same picture.
                let offset = (Double((n &* 2_654_435_761) % 1000) / 1000 - 0.5) * half * 1.6
                func tenth(_ value: Double) -> String { NumberText.coordinate((value * 10).rounded() / 10) }
                path += "M\(tenth(centre + offset)) \(tenth(scale.position(value)))h0"
            }
            let dots =
                "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-opacity=\"0.35\" stroke-width=\"3.2\" stroke-linecap=\"round\"/>"
            let tooltip =
                "\(group.name): median \(NumberText.forReader(q[2])) \(unit), quartiles \(NumberText.forReader(q[1]))–\(NumberText.forReader(q[3])), 5–95 % \(NumberText.forReader(q[0]))–\(NumberText.forReader(q[4])), \(sorted.count) samples"
            let (y05, y25, y50, y75, y95) = (
                scale.position(q[0]), scale.position(q[1]), scale.position(q[2]), scale.position(q[3]),
                scale.position(q[4])
            )
            svg += "<g><title>\(SVG.escape(tooltip))</title>\(dots)\n"
            svg +=
                "<line x1=\"\(NumberText.coordinate(centre))\" y1=\"\(NumberText.coordinate(y95))\" x2=\"\(NumberText.coordinate(centre))\" y2=\"\(NumberText.coordinate(y75))\" stroke=\"#333\"/><line x1=\"\(NumberText.coordinate(centre))\" y1=\"\(NumberText.coordinate(y25))\" x2=\"\(NumberText.coordinate(centre))\" y2=\"\(NumberText.coordinate(y05))\" stroke=\"#333\"/>"
            svg +=
                "<rect x=\"\(NumberText.coordinate(centre - half))\" y=\"\(NumberText.coordinate(y75))\" width=\"\(NumberText.coordinate(2 * half))\" height=\"\(NumberText.coordinate(max(y25 - y75, 1)))\" fill=\"\(colour)\" fill-opacity=\"0.25\" stroke=\"\(colour)\"/>"
            svg +=
                "<line x1=\"\(NumberText.coordinate(centre - half))\" y1=\"\(NumberText.coordinate(y50))\" x2=\"\(NumberText.coordinate(centre + half))\" y2=\"\(NumberText.coordinate(y50))\" stroke=\"#111\" stroke-width=\"2\"/></g>\n"
        }
        return svg + "</svg>\n"
    }
}
