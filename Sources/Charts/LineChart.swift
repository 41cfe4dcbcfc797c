import Support

/// Series of points over a shared x axis, each point with an optional interval, with
/// shaded bands behind (phases of a timeline), horizontal rules (a budget) and
/// vertical markers (change points). Every point's tooltip is its `<title>`.
public struct LineChart {
    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        public var interval: Interval?
        public var tooltip: String

        public init(x: Double, y: Double, interval: Interval? = nil, tooltip: String) {
            self.x = x
            self.y = y
            self.interval = interval
            self.tooltip = tooltip
        }
    }

    public struct Series: Sendable {
        public var name: String
        public var points: [Point]
        /// Dots at the points (a few points); a line alone reads better for hundreds.
        public var dots: Bool

        public init(name: String, points: [Point], dots: Bool = true) {
            self.name = name
            self.points = points
            self.dots = dots
        }
    }

    /// An x range shaded behind the data, with its meaning in the legend.
    public struct Band: Sendable {
        public var from: Double
        public var to: Double
        public var fill: String
        public var label: String

        public init(from: Double, to: Double, fill: String, label: String) {
            self.from = from
            self.to = to
            self.fill = fill
            self.label = label
        }
    }

    /// A vertical dashed line at `x` with a short label and a longer tooltip.
    public struct Marker: Sendable {
        public var x: Double
        public var label: String
        public var tooltip: String

        public init(x: Double, label: String, tooltip: String) {
            self.x = x
            self.label = label
            self.tooltip = tooltip
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series]
    public var bands: [Band] = []
    /// Horizontal lines: a value and its label.
    public var rules: [(y: Double, label: String)] = []
    /// A line under the title (what a rule left off the chart would have said).
    public var note: String?
    public var markers: [Marker] = []
    public var logarithmic = false
    /// Labels of x ticks, when the x values stand for something else (run numbers for dates).
    public var xTickLabel: ((Double) -> String)?
    public var width = 760.0
    public var height = 300.0
    /// Values below this are under what the measurement resolves: the region is shaded
    /// grey with its label, and the caller puts such points on its edge.
    public var unresolvedBelow: (y: Double, label: String)?
    /// Hover targets by column instead of one per point of each series: each column spans
    /// consecutive x values over at least ``hoverColumnWidth`` pixels, and its tooltip is
    /// this text for its first and last x, then each series' name and its points' tooltips.
    /// For lines of hundreds of points in several series, where targets per point would
    /// make a page of megabytes.
    public var hoverByColumn: ((Double, Double) -> String)?
    public var hoverColumnWidth = 6.0
    /// The title, note and legends left to ``caption()`` (HTML that wraps on a narrow
    /// screen) instead of drawn in the SVG: for wide charts that scroll in their own box.
    public var captionOutside = false

    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    /// The points drawn: what a page checks to know that a chart is not empty.
    public var marks: Int { series.reduce(0) { $0 + $1.points.count } }

    public func svg() -> String {
        let (left, right) = (70.0, 16.0)
        let (top, bottom) = captionOutside ? (16.0, 46.0) : (46.0, bands.isEmpty ? 46.0 : 66.0)
        let points = series.flatMap(\.points)
        let ys = points.flatMap { [$0.y] + ($0.interval.map { [$0.lower, $0.upper] } ?? []) }
        let xScale = Scale(
            covering: points.map(\.x) + bands.flatMap { [$0.from, $0.to] } + markers.map(\.x), from: left,
            to: width - right, exact: true)
        let yScale = Scale(
            covering: ys, including: rules.map(\.y) + (unresolvedBelow.map { [$0.y] } ?? []), from: height - bottom,
            to: top, logarithmic: logarithmic)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart" data-marks="\(marks)" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="system-ui, sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>

            """
        if !captionOutside {
            svg += "<text x=\"\(left)\" y=\"18\" font-size=\"13\" font-weight=\"600\">\(SVG.escape(title))</text>\n"
        }
        if let note, !captionOutside {
            svg += "<text class=\"note\" x=\"\(left)\" y=\"34\" fill=\"#555\">\(SVG.escape(note))</text>\n"
        }
        // Bands first, so the data is drawn over them.
        for band in bands {
            let x0 = xScale.position(band.from)
            let x1 = xScale.position(band.to)
            svg +=
                "<rect x=\"\(NumberText.coordinate(x0))\" y=\"\(NumberText.coordinate(top))\" width=\"\(NumberText.coordinate(max(x1 - x0, 0.5)))\" height=\"\(NumberText.coordinate(height - top - bottom))\" fill=\"\(band.fill)\"><title>\(SVG.escape(band.label))</title></rect>\n"
        }
        if let (limit, label) = unresolvedBelow {
            let y = min(max(yScale.position(limit), top), height - bottom)
            svg +=
                "<rect class=\"unresolved\" x=\"\(NumberText.coordinate(left))\" y=\"\(NumberText.coordinate(y))\" width=\"\(NumberText.coordinate(width - left - right))\" height=\"\(NumberText.coordinate(height - bottom - y))\" fill=\"#000\" fill-opacity=\"0.08\"><title>\(SVG.escape(label))</title></rect>"
            svg +=
                "<text x=\"\(NumberText.coordinate(left + 4))\" y=\"\(NumberText.coordinate(y + 12))\" fill=\"#555\">\(SVG.escape(label))</text>\n"
        }
        svg += axes(xScale, yScale, left: left, right: right, top: top, bottom: bottom)
        for rule in rules {
            let y = yScale.position(rule.y)
            svg +=
                "<line x1=\"\(NumberText.coordinate(left))\" y1=\"\(NumberText.coordinate(y))\" x2=\"\(NumberText.coordinate(width - right))\" y2=\"\(NumberText.coordinate(y))\" stroke=\"#c00\" stroke-dasharray=\"6,3\"/>"
            svg +=
                "<text x=\"\(NumberText.coordinate(width - right - 4))\" y=\"\(NumberText.coordinate(y - 4))\" text-anchor=\"end\" fill=\"#c00\">\(SVG.escape(rule.label))</text>\n"
        }
        var placed: [Double] = []
        for marker in markers {
            let x = xScale.position(marker.x)
            // Labels of markers close together stack downwards instead of overprinting.
            let row = Double(placed.filter { abs($0 - x) < 90 }.count)
            placed.append(x)
            svg +=
                "<g><title>\(SVG.escape(marker.tooltip))</title><line x1=\"\(NumberText.coordinate(x))\" y1=\"\(NumberText.coordinate(top))\" x2=\"\(NumberText.coordinate(x))\" y2=\"\(NumberText.coordinate(height - bottom))\" stroke=\"#b00\" stroke-width=\"1.5\" stroke-dasharray=\"4,3\"/>"
            svg +=
                "<text x=\"\(NumberText.coordinate(x + 3))\" y=\"\(NumberText.coordinate(top + 11 + 12 * row))\" fill=\"#b00\">\(SVG.escape(marker.label))</text></g>\n"
        }
        for (index, line) in series.enumerated() {
            svg += seriesElements(
                line, colour: SVG.colour(index), xScale, yScale, columns: width - left - right,
                targets: hoverByColumn == nil)
        }
        if let hoverByColumn { svg += columnTargets(hoverByColumn, xScale, top: top, bottom: bottom) }
        if points.isEmpty {
            svg +=
                "<text x=\"\(NumberText.coordinate((left + width - right) / 2))\" y=\"\(NumberText.coordinate((top + height - bottom) / 2))\" text-anchor=\"middle\" fill=\"#888\">no data</text>\n"
        }
        if !captionOutside { svg += legend(left: left, right: right, bottom: bottom) }
        return svg + "</svg>\n"
    }

    /// The title, the note and both legends (series, then bands) as HTML, for a chart
    /// drawn with ``captionOutside``: the text wraps on a phone, where the SVG scrolls.
    public func caption() -> String {
        var html = "<figcaption><strong>\(SVG.escape(title))</strong>"
        if let note { html += "<br><span class=\"note\">\(SVG.escape(note))</span>" }
        html += "<br>"
        for (index, line) in series.enumerated() {
            html +=
                "<span class=\"key\"><i style=\"background:\(SVG.colour(index))\"></i>\(SVG.escape(line.name))</span> "
        }
        var seen = Set<String>()
        for band in bands where seen.insert(band.label).inserted {
            html +=
                "<span class=\"key\"><i style=\"background:\(band.fill);border:1px solid #ccc\"></i>\(SVG.escape(band.label))</span> "
        }
        return html + "</figcaption>"
    }

    /// The chart as a figure: its caption, then the SVG in a box that scrolls on its own.
    public func figure() -> String {
        "<figure class=\"framechart\">\(caption())<div class=\"wide\">\(svg())</div></figure>\n"
    }

    /// One series: its interval as a band around the line, then the line, then the dots
    /// (or invisible targets that name each point on hover).
    func seriesElements(
        _ line: Series, colour: String, _ xScale: Scale, _ yScale: Scale, columns: Double, targets: Bool = true
    ) -> String {
        var svg = ""
        let sorted = Self.thinned(line.points.sorted { $0.x < $1.x }, columns: columns, xScale)
        // The interval as a band around the line, then the line, then the dots.
        let withInterval = sorted.filter { $0.interval != nil }
        if withInterval.count > 1 {
            let upper = withInterval.map {
                "\(NumberText.coordinate(xScale.position($0.x))),\(NumberText.coordinate(yScale.position($0.interval!.upper)))"
            }
            let lower = withInterval.reversed().map {
                "\(NumberText.coordinate(xScale.position($0.x))),\(NumberText.coordinate(yScale.position($0.interval!.lower)))"
            }
            svg +=
                "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.15\" stroke=\"none\"/>\n"
        }
        if sorted.count > 1 {
            // A tenth of a pixel is finer than any screen draws a line.
            func tenth(_ value: Double) -> String { NumberText.coordinate((value * 10).rounded() / 10) }
            let path = sorted.map { "\(tenth(xScale.position($0.x))),\(tenth(yScale.position($0.y)))" }
            svg +=
                "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.6\" points=\"\(path.joined(separator: " "))\"/>\n"
        }
        for point in sorted {
            let x = NumberText.coordinate(xScale.position(point.x))
            let y = NumberText.coordinate(yScale.position(point.y))
            if line.dots || sorted.count == 1 {
                svg += "<g><title>\(SVG.escape(point.tooltip))</title>"
                if let interval = point.interval {
                    svg +=
                        "<line x1=\"\(x)\" y1=\"\(NumberText.coordinate(yScale.position(interval.lower)))\" x2=\"\(x)\" y2=\"\(NumberText.coordinate(yScale.position(interval.upper)))\" stroke=\"\(colour)\"/>"
                }
                svg += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"3\" fill=\"\(colour)\"/></g>\n"
            } else if targets {
                // An invisible target per point, so a hover still names it.
                svg +=
                    "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"3\" fill=\"\(colour)\" fill-opacity=\"0\"><title>\(SVG.escape(point.tooltip))</title></circle>\n"
            }
        }
        return svg
    }

    /// Invisible columns (``hoverByColumn``), each over a run of x values at least
    /// ``hoverColumnWidth`` wide, naming every series' points there.
    func columnTargets(_ text: (Double, Double) -> String, _ xScale: Scale, top: Double, bottom: Double) -> String {
        var byX: [Double: [(Int, Point)]] = [:]
        for (index, line) in series.enumerated() {
            for point in line.points { byX[point.x, default: []].append((index, point)) }
        }
        let xs = byX.keys.sorted()
        func edge(_ position: Int) -> Double {  // halfway between xs[position - 1] and xs[position]
            if position <= 0 { return xScale.position(xs[0]) }
            if position >= xs.count { return xScale.position(xs[xs.count - 1]) }
            return (xScale.position(xs[position - 1]) + xScale.position(xs[position])) / 2
        }
        var svg = "<g class=\"hover\" fill-opacity=\"0\">"
        var start = 0
        while start < xs.count {
            var end = start + 1
            while end < xs.count, edge(end) - edge(start) < hoverColumnWidth { end += 1 }
            let (left, right) = (edge(start), max(edge(end), edge(start) + 1))
            var values: [Int: [Point]] = [:]
            for x in xs[start..<end] {
                for (index, point) in byX[x]! { values[index, default: []].append(point) }
            }
            // Each series' lowest and highest point of the column: a page of a suite
            // holds dozens of these charts, and the JSON has every frame's value.
            let lines = values.keys.sorted().map { index -> String in
                let points = values[index]!
                let low = points.min { $0.y < $1.y }!.tooltip
                let high = points.max { $0.y < $1.y }!.tooltip
                return "\n\(series[index].name): \(low == high ? low : "\(low) to \(high)")"
            }
            svg +=
                "<rect x=\"\(NumberText.coordinate(left))\" y=\"\(NumberText.coordinate(top))\" width=\"\(NumberText.coordinate(right - left))\" height=\"\(NumberText.coordinate(height - top - bottom))\"><title>\(SVG.escape(text(xs[start], xs[end - 1]) + lines.joined()))</title></rect>"
            start = end
        }
        return svg + "</g>\n"
    }

    /// At most the lowest and the highest point of each pixel column, in order: the
    /// line looks the same (spikes kept) and a history of a million runs makes a
    /// chart of a few thousand points, not of a hundred megabytes.
    static func thinned(_ sorted: [Point], columns: Double, _ xScale: Scale) -> [Point] {
        guard Double(sorted.count) > 2 * columns else { return sorted }
        var kept: [Point] = []
        var start = 0
        while start < sorted.count {
            let column = xScale.position(sorted[start].x).rounded(.down)
            // Each column takes at least its first point, so a position that is not a
            // number (a domain beyond the Double's range) cannot stall the loop.
            var end = start + 1
            var low = start
            var high = start
            while end < sorted.count, xScale.position(sorted[end].x).rounded(.down) == column {
                if sorted[end].y < sorted[low].y { low = end }
                if sorted[end].y > sorted[high].y { high = end }
                end += 1
            }
            kept.append(sorted[min(low, high)])
            if low != high { kept.append(sorted[max(low, high)]) }
            start = end
        }
        return kept
    }

    func axes(_ x: Scale, _ y: Scale, left: Double, right: Double, top: Double, bottom: Double) -> String {
        var svg =
            "<g stroke=\"#999\"><line x1=\"\(NumberText.coordinate(left))\" y1=\"\(NumberText.coordinate(height - bottom))\" x2=\"\(NumberText.coordinate(width - right))\" y2=\"\(NumberText.coordinate(height - bottom))\"/><line x1=\"\(NumberText.coordinate(left))\" y1=\"\(NumberText.coordinate(top))\" x2=\"\(NumberText.coordinate(left))\" y2=\"\(NumberText.coordinate(height - bottom))\"/></g>\n"
        for tick in y.ticks() {
            let position = NumberText.coordinate(y.position(tick))
            svg +=
                "<line x1=\"\(NumberText.coordinate(left))\" y1=\"\(position)\" x2=\"\(NumberText.coordinate(width - right))\" y2=\"\(position)\" stroke=\"#eee\"/>"
            svg +=
                "<text x=\"\(NumberText.coordinate(left - 6))\" y=\"\(position)\" dy=\"4\" text-anchor=\"end\" fill=\"#444\">\(NumberText.tick(tick))</text>\n"
        }
        for tick in x.ticks(count: 8) {
            let position = NumberText.coordinate(x.position(tick))
            svg +=
                "<text x=\"\(position)\" y=\"\(NumberText.coordinate(height - bottom + 15))\" text-anchor=\"middle\" fill=\"#444\">\(SVG.escape(xTickLabel?(tick) ?? NumberText.tick(tick)))</text>\n"
        }
        svg +=
            "<text x=\"\(NumberText.coordinate((left + width - right) / 2))\" y=\"\(NumberText.coordinate(height - bottom + 30))\" text-anchor=\"middle\" fill=\"#444\">\(SVG.escape(xLabel))</text>\n"
        svg +=
            "<text transform=\"translate(14,\(NumberText.coordinate((top + height - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\" fill=\"#444\">\(SVG.escape(yLabel))</text>\n"
        return svg
    }

    func legend(left: Double, right: Double, bottom: Double) -> String {
        var svg = ""
        var x = width - right
        for (index, line) in series.enumerated().reversed() {
            let label = SVG.escape(line.name)
            x -= Double(line.name.count) * 6.2 + 26
            svg +=
                "<rect x=\"\(NumberText.coordinate(x))\" y=\"26\" width=\"12\" height=\"8\" fill=\"\(SVG.colour(index))\"/><text x=\"\(NumberText.coordinate(x + 16))\" y=\"34\">\(label)</text>\n"
        }
        var seen = Set<String>()
        var bandX = left
        for band in bands where seen.insert(band.label).inserted {
            svg +=
                "<rect x=\"\(NumberText.coordinate(bandX))\" y=\"\(NumberText.coordinate(height - 16))\" width=\"12\" height=\"10\" fill=\"\(band.fill)\" stroke=\"#ccc\"/><text x=\"\(NumberText.coordinate(bandX + 16))\" y=\"\(NumberText.coordinate(height - 7))\" fill=\"#444\">\(SVG.escape(band.label))</text>\n"
            bandX += Double(band.label.count) * 6.2 + 30
        }
        return svg
    }
}
