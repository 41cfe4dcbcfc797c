import ArrangementModel
import Charts
import Foundation
import Measurement
import Support

extension Trend {
    /// Each change point as (series, index of the first point after it, median level
    /// before, median level after).
    public static func changes(_ series: [TrendSeries]) -> [(TrendSeries, Int, Double, Double)] {
        series.flatMap { item -> [(TrendSeries, Int, Double, Double)] in
            let boundaries = [item.searchedFrom] + item.changePoints + [item.points.count]
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
                        ("scenario", .string(item.scenario.rawValue)), ("variant", .string(item.variant.rawValue)),
                        ("metric", .string(item.metric)), ("machine", .string(item.machine)),
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
                        (
                            "belowThreshold",
                            .array(
                                item.belowThreshold.map {
                                    .object([
                                        ("index", .number(Double($0))), ("commit", .string(item.points[$0].commit)),
                                    ])
                                })
                        ),
                        ("chart", .string("\(item.slug).svg")),
                    ])
                }))
    }

    /// Levels at full precision (the shortest text that reads back as the same double),
    /// for programs; the markdown summary rounds them for people.
    public static func summaryCSV(_ series: [TrendSeries]) -> String {
        var text = CSV.line(["scenario", "variant", "metric", "unit", "commit", "date", "before", "after", "change"])
        for (item, index, before, after) in changes(series) {
            text += CSV.line([
                item.scenario.rawValue, item.variant.rawValue, item.metric, item.unit, item.points[index].commit, item.points[index].date,
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
            "| scenario | variant | metric | at commit | before | after | change | direction |\n|---|---|---|---|---:|---:|---:|---|\n"
        for (item, index, before, after) in found {
            let change = before == 0 ? "" : String(format: "%+.1f%%", (after - before) / before * 100)
            text +=
                "| \(item.scenario) | \(item.variant) | \(item.metric) | \(item.points[index].commit) | \(level(before)) | \(level(after)) | \(change) | \(direction(item.metric, before, after)) |\n"
        }
        return text
    }

    /// A level for people: a whole number grouped, anything else to a few significant digits.
    static func level(_ value: Double) -> String {
        value == value.rounded() ? NumberText.grouped(value) : NumberText.forReader(value)
    }

    /// "worse" or "better" by the metric's polarity; empty for a metric this version does not know.
    public static func direction(_ metric: String, _ before: Double, _ after: Double) -> String {
        guard let metric = Metric(rawValue: metric), after != before else { return "" }
        return (after < before) == metric.smallerIsBetter ? "better" : "worse"
    }
}
