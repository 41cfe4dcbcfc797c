import Charts
import Foundation
import Support
import TestSupport
import Testing

/// Every chart kind drawn from fixed data and compared, byte for byte, with a drawing
/// checked in under `Golden/`: the positions, sizes, ticks and labels are values, and a
/// change to any of them shows in review as a changed file. After an intended change,
/// `FOLDBENCH_WRITE_GOLDEN=1 swift test --filter ChartGoldenTests` writes the files
/// again (look at them: `scripts/check-pages.sh` screenshots them too).
@Suite("Charts drawn as checked-in drawings")
struct ChartGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    static func expect(_ svg: String, equals name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent("\(name).svg")
        if ProcessInfo.processInfo.environment["FOLDBENCH_WRITE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard svg != expected else { return }
        let got = svg.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
        Issue.record(
            """
            \(name).svg differs from the drawing at line \(line + 1):
              drawn:    \(line < got.count ? String(got[line]) : "(ends)")
              expected: \(line < want.count ? String(want[line]) : "(ends)")
            """, sourceLocation: sourceLocation)
    }

    @Test("a line chart: two series, intervals, a band, a rule, a change point, labelled x ticks")
    func lineChart() throws {
        var chart = LineChart(
            title: "time per relayout", xLabel: "frame", yLabel: "ns",
            series: [
                .init(
                    name: "reference",
                    points: (0..<12).map {
                        .init(
                            x: Double($0), y: 1_000 + Double($0 % 3) * 40, interval: Interval(960, 1_100),
                            tooltip: "reference \($0)")
                    }),
                .init(
                    name: "fast",
                    points: (0..<12).map { .init(x: Double($0), y: $0 < 6 ? 120 : 180, tooltip: "fast \($0)") },
                    dots: false),
            ])
        chart.bands = [
            .init(from: 2, to: 5, fill: "#eef", label: "half-open"), .init(from: 7, to: 9, fill: "#efe", label: "flat"),
            .init(from: 10, to: 11, fill: "#eef", label: "half-open"),
        ]
        chart.rules = [(1_050, "budget")]
        chart.markers = [.init(x: 5.5, label: "+50 %", tooltip: "fast: 120 → 180")]
        chart.xTickLabel = { "f\(Int($0))" }
        try Self.expect(chart.svg(), equals: "line")

        var logarithmic = LineChart(
            title: "log", xLabel: "run", yLabel: "ns",
            series: [.init(name: "a", points: [.init(x: 1, y: 3, tooltip: "3"), .init(x: 4, y: 4_000, tooltip: "4k")])]
        )
        logarithmic.logarithmic = true
        try Self.expect(logarithmic.svg(), equals: "line-log")
    }

    @Test("distribution charts: one group on a linear axis, groups far apart on a log axis")
    func distributionChart() throws {
        let near = DistributionChart(
            title: "near", unit: "ns",
            groups: [.init(name: "fast", values: [10, 11, 12, 13, 14, 15, 30]), .init(name: "floor", values: [8, 9])]
        )
        try Self.expect(near.svg(), equals: "distribution")
        let far = DistributionChart(
            title: "far", unit: "ns",
            groups: [
                .init(name: "reference", values: [60_000, 61_000, 64_000]),
                .init(name: "fast", values: [500, 520, 0.5]),
            ])
        try Self.expect(far.svg(), equals: "distribution-log")
    }

    @Test("an interval chart: ratios below, at and above 1")
    func intervalChart() throws {
        let chart = IntervalChart(
            title: "fast / reference",
            rows: [
                .init(label: "fold-cycle/balanced-d8", value: 0.02, interval: Interval(0.018, 0.021)),
                .init(label: "a", value: 1, interval: Interval(0.97, 1.04)),
                .init(label: "slowed", value: 1.5, interval: Interval(1.4, 1.7)),
            ])
        try Self.expect(chart.svg(), equals: "intervals")
    }

    @Test("flame graphs: a profile and a differential one, with a stack that went away")
    func flameGraphs() throws {
        var before = FoldedStacks()
        before.add(["main", "run", "resolve", "split"], 600)
        before.add(["main", "run", "resolve"], 200)
        before.add(["main", "run", "copy"], 150)
        before.add(["main", "gone"], 50)
        var after = FoldedStacks()
        after.add(["main", "run", "resolve", "split"], 400)
        after.add(["main", "run", "resolve"], 220)
        after.add(["main", "run", "copy"], 300)
        after.add(["main", "run", "tiny"], 0.1)
        try Self.expect(FlameGraph.svg(after, title: "fast", unit: "instructions"), equals: "flame")
        try Self.expect(
            FlameGraph.differentialSVG(before: before, after: after, title: "fast: A → B", unit: "instructions"),
            equals: "flame-diff")
    }
}
