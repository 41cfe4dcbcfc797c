import Measurement
import ArrangementModel
import Foundation
import SceneFormat

/// One series of `Results/history.csv`: a scenario × variant × metric over runs.
public struct TrendSeries: Sendable {
    public struct Point: Sendable {
        public var date: String
        public var commit: String
        public var value: Double
    }

    public var scenario: String
    public var variant: String
    public var metric: String
    public var unit: String
    public var points: [Point]
    /// Indices of the points where a new level starts.
    public var changePoints: [Int] = []

    /// A file-name-safe name.
    public var slug: String {
        "\(metric)--\(scenario)--\(variant)".map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.reduce("") {
            $0 + String($1)
        }
    }
}

/// Reads history and finds change points.
public enum Trend {
    /// A history row that could not be read: the line and why.
    public struct Problem: Sendable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses history text; bad rows are reported with their line number and skipped.
    public static func read(_ text: String) -> (series: [TrendSeries], problems: [Problem]) {
        var problems: [Problem] = []
        var series: [TrendSeries] = []
        var index: [String: Int] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let headerLine = lines.first, let header = CSV.parse(headerLine), header == CSV.columns else {
            return ([], [Problem(line: 1, reason: "the header is not \(CSV.columns.joined(separator: ","))")])
        }
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = offset + 1
            guard let fields = CSV.parse(line) else {
                problems.append(Problem(line: number, reason: "malformed quoting"))
                continue
            }
            guard fields.count == CSV.columns.count else {
                problems.append(
                    Problem(line: number, reason: "\(fields.count) fields, expected \(CSV.columns.count) (truncated?)"))
                continue
            }
            guard let value = Double(fields[9]), value.isFinite else {
                problems.append(Problem(line: number, reason: "value '\(fields[9])' is not a number"))
                continue
            }
            let key = "\(fields[4])|\(fields[5])|\(fields[7])"
            let point = TrendSeries.Point(date: fields[0], commit: fields[1], value: value)
            if let existing = index[key] {
                series[existing].points.append(point)
            } else {
                index[key] = series.count
                series.append(
                    TrendSeries(
                        scenario: fields[4], variant: fields[5], metric: fields[7], unit: fields[10], points: [point]))
            }
        }
        for i in series.indices { series[i].changePoints = ChangePoints.detect(series[i].points.map(\.value)) }
        return (series, problems)
    }

    // MARK: Outputs

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

    /// An index page linking every chart, grouped by metric.
    public static func html(_ series: [TrendSeries]) -> String {
        var text =
            "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>FoldBench trends</title></head><body>\n<h1>FoldBench trends</h1>\n"
        for metric in Array(Set(series.map(\.metric))).sorted() {
            text += "<h2>\(metric)</h2>\n<ul>\n"
            for item in series where item.metric == metric {
                let note = item.changePoints.isEmpty ? "" : " — \(item.changePoints.count) change point(s)"
                text += "<li><a href=\"\(item.slug).svg\">\(item.scenario), \(item.variant)</a>\(note)</li>\n"
            }
            text += "</ul>\n"
        }
        return text + "</body></html>\n"
    }

    /// Change points as (series, commit before, commit after, level before, level after).
    public static func changes(_ series: [TrendSeries]) -> [(TrendSeries, Int, Double, Double)] {
        series.flatMap { item -> [(TrendSeries, Int, Double, Double)] in
            let boundaries = [0] + item.changePoints + [item.points.count]
            return item.changePoints.enumerated().map { offset, change in
                let before = item.points[boundaries[offset]..<change].map(\.value)
                let after = item.points[change..<boundaries[offset + 2]].map(\.value)
                return (item, change, Statistics.median(before), Statistics.median(after))
            }
        }
    }

    public static func summaryJSON(_ series: [TrendSeries]) -> String {
        JSONWriter.writePretty(
            .array(
                series.map { item in
                    .object([
                        ("scenario", .string(item.scenario)), ("variant", .string(item.variant)),
                        ("metric", .string(item.metric)),
                        ("unit", .string(item.unit)), ("runs", .number(Double(item.points.count))),
                        ("latest", .number(item.points.last?.value ?? 0)),
                        (
                            "changePoints",
                            .array(
                                item.changePoints.map {
                                    .object([
                                        ("index", .number(Double($0))), ("commit", .string(item.points[$0].commit)),
                                        ("date", .string(item.points[$0].date)),
                                    ])
                                })
                        ),
                        ("chart", .string("\(item.slug).svg")),
                    ])
                }))
    }

    public static func summaryCSV(_ series: [TrendSeries]) -> String {
        var text = CSV.line(["scenario", "variant", "metric", "unit", "commit", "date", "before", "after", "change"])
        for (item, index, before, after) in changes(series) {
            text += CSV.line([
                item.scenario, item.variant, item.metric, item.unit, item.points[index].commit, item.points[index].date,
                formatNumber(before), formatNumber(after), before == 0 ? "" : formatNumber((after - before) / before),
            ])
        }
        return text
    }

    public static func summaryMarkdown(_ series: [TrendSeries]) -> String {
        let found = changes(series)
        var text = "# FoldBench trends\n\n\(series.count) series, \(found.count) change point(s).\n\n"
        guard !found.isEmpty else { return text }
        text +=
            "| scenario | variant | metric | at commit | before | after | change |\n|---|---|---|---|---:|---:|---:|\n"
        for (item, index, before, after) in found {
            let change = before == 0 ? "" : String(format: "%+.1f%%", (after - before) / before * 100)
            text +=
                "| \(item.scenario) | \(item.variant) | \(item.metric) | \(item.points[index].commit) | \(formatNumber(before)) | \(formatNumber(after)) | \(change) |\n"
        }
        return text
    }
}
