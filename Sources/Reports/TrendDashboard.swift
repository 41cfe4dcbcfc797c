import Charts
import Measurement
import Support

/// The trend pages: a chart per series (`SLUG.svg`), and `index.html`, a dashboard
/// that shows the charts themselves, grouped by scenario, every variant of a metric
/// on one chart with its intervals, change points marked with their commit, date and
/// the size of the step, and the newest change points listed first.
extension Trend {
    /// Metrics shown open on the dashboard; the others are folded under "more metrics".
    static let mainMetrics: [Metric] = [
        .timePerRelayout, .instructionsPerRelayout, .estimatedCyclesPerRelayout, .allocationsPerRelayout,
        .ratioToReference, .ratioToFloor, .framesOverBudget,
    ]

    /// One series' chart, on its own.
    public static func svg(_ series: TrendSeries) -> String {
        chart(
            [series], title: "\(series.metric) (\(series.unit)): \(series.scenario), \(series.variant)", width: 720
        ).svg()
    }

    /// A chart of `series` (one scenario and metric, several variants) over the runs
    /// any of them has, in order.
    static func chart(_ series: [TrendSeries], title: String, width: Double) -> LineChart {
        // The runs any variant has, each once, by date (ISO 8601 sorts as text), runs
        // of the same second in the order the history has them.
        var seen: [String: (date: String, order: Int)] = [:]
        for item in series {
            for point in item.points where seen["\(point.date)|\(point.commit)"] == nil {
                seen["\(point.date)|\(point.commit)"] = (point.date, seen.count)
            }
        }
        let runs = seen.sorted { ($0.value.date, $0.value.order) < ($1.value.date, $1.value.order) }.map(\.key)
        var runIndex: [String: Int] = [:]
        for (index, run) in runs.enumerated() { runIndex[run] = index }
        let dates = runs.map { seen[$0]!.date }
        let unit = series.first?.unit ?? ""
        var chart = LineChart(
            title: title, xLabel: "run (\(runs.count))", yLabel: unit,
            series: series.map { item in
                LineChart.Series(
                    name: item.variant.rawValue,
                    points: item.points.map { point in
                        let interval =
                            point.interval.map {
                                " [\(NumberText.forReader($0.lower)), \(NumberText.forReader($0.upper))]"
                            } ?? ""
                        return LineChart.Point(
                            x: Double(runIndex["\(point.date)|\(point.commit)"]!), y: point.value,
                            interval: point.interval,
                            tooltip:
                                "\(item.variant) · \(point.commit) · \(point.date): \(NumberText.forReader(point.value)) \(unit)\(interval)"
                        )
                    }, dots: item.points.count <= 120)
            })
        chart.width = width
        chart.height = 280
        // Variants a hundred times apart share a chart only on a logarithmic axis.
        let values = series.flatMap { $0.points.map(\.value) }
        if let low = values.min(), let high = values.max(), low > 0, high / low > 20 {
            chart.logarithmic = true
            chart.yLabel = "\(unit) (log scale)"
        }
        // Days on the axis, or times of day when every run is on one day.
        let oneDay = Set(dates.map { $0.prefix(10) }).count <= 1
        chart.xTickLabel = { x in
            let index = Int(x.rounded())
            guard dates.indices.contains(index) else { return "" }
            let date = dates[index]
            return oneDay ? String(date.dropFirst(11).prefix(5)) : String(date.prefix(10))
        }
        for (item, index, before, after) in changes(series) {
            let point = item.points[index]
            let size = NumberText.signedPercent(after - before, of: before)
            chart.markers.append(
                .init(
                    x: Double(runIndex["\(point.date)|\(point.commit)"]!) - 0.5, label: "\(item.variant) \(size)",
                    tooltip:
                        "\(item.variant): change at \(point.commit) (\(point.date)): \(NumberText.forReader(before)) → \(NumberText.forReader(after)) \(unit) (\(size), \(direction(item.metric, before, after)))"
                ))
        }
        return chart
    }

    /// The dashboard.
    public static func html(_ series: [TrendSeries]) -> String {
        let found = changes(series).sorted {
            ($0.0.points[$0.1].date, $0.0.metric) > ($1.0.points[$1.1].date, $1.0.metric)
        }
        let runs = Set(series.flatMap { $0.points.map { "\($0.date)|\($0.commit)" } }).count
        let machines = Set(series.map(\.machine))
        let minor = series.reduce(0) { $0 + $1.belowThreshold.count }
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>FoldBench trends</title>
            <style>
            body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1300px; color: #222; padding: 0 16px; }
            table { border-collapse: collapse; font-size: 13px; }
            th, td { padding: 3px 9px; text-align: left; white-space: nowrap; }
            th { border-bottom: 1px solid #999; }
            td.num { text-align: right; }
            td.scenario { white-space: normal; overflow-wrap: anywhere; min-width: 9em; max-width: 14em; }
            tr.worse td { background: #fff0e0; }
            .charts { display: flex; flex-wrap: wrap; gap: 12px; overflow-x: auto; }
            .wide { overflow-x: auto; }
            h1, h2, p, li { overflow-wrap: anywhere; }
            h2 { margin-top: 36px; border-bottom: 1px solid #ddd; }
            .meta { color: #555; }
            </style></head><body>
            <h1>FoldBench trends</h1>
            <p class="meta">\(series.count) series over \(runs) runs; \(found.count) change point(s)\(minor == 0 ? "" : " (and \(minor) below their metric's threshold, not listed)"). Change points: E-divisive means with a permutation test (p &lt; 0.05); hover a point for its commit and date.</p>

            """
        html += changeTable(found, machines: machines)
        // One group per scenario and machine kind: numbers from different CPU models
        // never share a chart.
        var groups: [(scenario: ScenarioName, machine: String)] = []
        for item in series where !groups.contains(where: { $0.scenario == item.scenario && $0.machine == item.machine })
        {
            groups.append((item.scenario, item.machine))
        }
        for (scenario, machine) in groups {
            let own = series.filter { $0.scenario == scenario && $0.machine == machine }
            let heading = machines.count > 1 ? "\(scenario) — \(machine)" : scenario.rawValue
            html += "<h2>\(SVG.escape(heading))</h2>\n<div class=\"charts\">\n"
            let metrics = own.map(\.metric).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let main = mainMetrics.map(\.name).filter(metrics.contains)
            let others = metrics.filter { !main.contains($0) }
            for metric in main {
                let group = own.filter { $0.metric == metric }
                html += chart(group, title: "\(metric) (\(group.first?.unit ?? ""))", width: 630).svg()
            }
            html += "</div>\n"
            if !others.isEmpty {
                html +=
                    "<details><summary>more metrics: \(SVG.escape(others.joined(separator: ", ")))</summary><div class=\"charts\">\n"
                for metric in others {
                    let group = own.filter { $0.metric == metric }
                    html += chart(group, title: "\(metric) (\(group.first?.unit ?? ""))", width: 630).svg()
                }
                html += "</div></details>\n"
            }
        }
        return html + "</body></html>\n"
    }

    /// The newest change points (30 at most), newest first, as a table.
    static func changeTable(
        _ found: [(TrendSeries, Int, Double, Double)], machines: Set<String>
    ) -> String {
        guard !found.isEmpty else { return "<p>No change point in any series.</p>\n" }
        var html = "<h2>Newest change points</h2>\n<div class=\"wide\"><table class=\"changes\"><tr>"
        // What changed and by how much first, so a phone's width shows it; where and when after.
        let columns =
            ["scenario", "variant", "metric", "change", "", "before", "after", "commit", "date"]
            + (machines.count > 1 ? ["machine"] : [])
        html += columns.map {
            "<th>\($0)</th>"
        }.joined()
        html += "</tr>\n"
        for (item, index, before, after) in found.prefix(30) {
            let point = item.points[index]
            let verdict = direction(item.metric, before, after)
            html +=
                "<tr class=\"\(verdict)\"><td class=\"scenario\">\(SVG.escape(item.scenario.rawValue))</td><td>\(SVG.escape(item.variant.rawValue))</td><td>\(SVG.escape(item.metric))</td>"
            html +=
                "<td class=\"num\">\(NumberText.signedPercent(after - before, of: before))</td><td>\(verdict)</td>"
            html +=
                "<td class=\"num\">\(NumberText.forReader(before))</td><td class=\"num\">\(NumberText.forReader(after))</td>"
            html +=
                "<td>\(SVG.escape(point.commit))</td><td>\(SVG.escape(point.date))</td>"
                + (machines.count > 1 ? "<td>\(SVG.escape(item.machine))</td>" : "") + "</tr>\n"
        }
        html += "</table></div>\n"
        return html
    }
}
