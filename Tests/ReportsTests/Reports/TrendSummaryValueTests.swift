import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import TestSupport
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

/// A series of three levels with a repeating wobble whose medians are exact: 100, 120, 90.
@Suite("Trend summaries on a series with two steps")
struct TrendSummaryValueTests {
    static let wobble: [Double] = [0, 1, -1, 0, 1, -1, 0, 1, -1, 0]
    static let values = wobble.map { 100 + $0 } + wobble.map { 120 + $0 } + wobble.map { 90 + $0 }

    func series() -> TrendSeries {
        var series = TrendSeries(
            scenario: "s", variant: "fast", metric: "timePerRelayout", unit: "ns",
            points: Self.values.enumerated().map {
                TrendSeries.Point(date: "d\($0.offset)", commit: "c\($0.offset)", value: $0.element)
            })
        series.changePoints = [10, 20]
        return series
    }

    @Test("E-divisive finds the two steps where they are")
    func detection() {
        #expect(ChangePoints.detect(Self.values) == [10, 20])
    }

    @Test("each change's level before and after is the median of its own segments")
    func levels() {
        let changes = Trend.changes([series()])
        #expect(changes.map(\.1) == [10, 20])
        #expect(changes.map(\.2) == [100, 120])
        #expect(changes.map(\.3) == [120, 90])
        let csv = Trend.summaryCSV([series()]).split(separator: "\n").map(String.init)
        #expect(csv.count == 3)
        #expect(csv[1] == "s,fast,timePerRelayout,ns,c10,d10,100,120,0.2")
        #expect(csv[2] == "s,fast,timePerRelayout,ns,c20,d20,120,90,-0.25")
        let markdown = Trend.summaryMarkdown([series()])
        #expect(markdown.contains("| s | fast | timePerRelayout | c10 | 100 | 120 | +20.0% | worse |"))
        #expect(markdown.contains("| s | fast | timePerRelayout | c20 | 120 | 90 | -25.0% | better |"))
    }

    /// Found by reading `trend`'s dashboard: E-divisive finds a step of any size in a
    /// series that is otherwise constant, and listed +0.0012 % in instructions as worse.
    @Test("a count moving by one instruction is below threshold, not a change point; 2 % is one")
    func minimumChange() {
        func history(_ metric: String, unit: String, _ values: [Double]) -> String {
            CSV.columns.joined(separator: ",") + "\n"
                + values.enumerated().map { index, value in
                    "2026-11-\(String(format: "%02d", index % 28 + 1))T00:00:\(String(format: "%02d", index % 60))Z,"
                        + "c\(index),false,h,s,fast,1,\(metric),value,\(formatNumber(value)),\(unit),cpu,2,swift\n"
                }.joined()
        }
        let constant = [Double](repeating: 50_000, count: 15)
        let (one, _) = Trend.read(history("instructionsPerRelayout", unit: "count", constant + constant.map { $0 + 1 }))
        #expect(
            one.count == 1 && one[0].changePoints.isEmpty && one[0].belowThreshold == [15],
            "\(one.map(\.belowThreshold))")
        let (two, _) = Trend.read(
            history("instructionsPerRelayout", unit: "count", constant + constant.map { $0 * 1.02 }))
        #expect(two[0].changePoints == [15] && two[0].belowThreshold.isEmpty)
        let (allocations, _) = Trend.read(
            history("allocationsPerRelayout", unit: "count", [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]))
        #expect(allocations[0].changePoints == [8], "an exact count: any step")
        // Times: the step must exceed the series' own run-to-run noise (here jumps of 20 ns).
        let noisy = (0..<30).map { 1_000 + ($0 % 2 == 0 ? 10.0 : -10) + ($0 >= 15 ? 5 : 0) }
        #expect(Trend.isSignificant(before: 1_000, after: 1_005, metric: "timePerRelayout", values: noisy) == false)
        #expect(Trend.isSignificant(before: 1_000, after: 1_050, metric: "timePerRelayout", values: noisy))
        let html = Trend.html(one)
        #expect(html.contains("0 change point(s) (and 1 below their metric's threshold, not listed)"))
        #expect(html.contains("No change point in any series."))
    }

    @Test("a trend chart goes logarithmic, and says so, only past a spread of 20")
    func logarithmicTrend() {
        var item = series()
        #expect(!Trend.svg(item).contains("log scale"), "90 to 121 is linear")
        item.points[0].value = 6
        #expect(Trend.svg(item).contains("ns (log scale)"), "6 to 121 is more than 20 apart")
        item.points[0].value = 6.1
        #expect(!Trend.svg(item).contains("log scale"), "6.1 to 121 is not")
    }

    @Test("the dashboard lists the 30 newest change points of 32, and says there are 32")
    func dashboardRows() {
        // 16 series with the two steps each: 32 change points, at runs 10 and 20.
        let all = (0..<16).map { index -> TrendSeries in
            var item = series()
            item.scenario = ScenarioName("s\(index)")
            return item
        }
        let html = Trend.html(all)
        #expect(html.contains("16 series over 30 runs; 32 change point(s)."))
        let table = html.components(separatedBy: "<h2>Newest change points</h2>")[1]
            .components(separatedBy: "</table>")[0]
        #expect(table.components(separatedBy: "<tr class=").count - 1 == 30)
        // Two charts a row on the page: each 630 px wide.
        #expect(html.components(separatedBy: "width=\"630\" height=\"280\"").count - 1 == 16)
        // A metric that is not one of the main ones is drawn, folded away, at the same width.
        var other = series()
        other.metric = "prepareTime"
        let folded = Trend.html([other])
        #expect(folded.contains("<details><summary>more metrics: prepareTime</summary>"))
        #expect(folded.components(separatedBy: "width=\"630\" height=\"280\"").count - 1 == 1)
    }

    @Test("markdown rounds levels for people; CSV keeps every digit")
    func rounding() {
        var item = series()
        item.points = item.points.map { point in
            var point = point
            point.value = point.value * 10 + 49.6954999999998 - 1000 + 1000
            return point
        }
        let before = Trend.changes([item])[0].2
        #expect(before == 1049.6954999999998)
        let markdown = Trend.summaryMarkdown([item])
        #expect(!markdown.contains("1049.69"), "\(markdown)")
        #expect(markdown.contains("| 1,050 |"), "\(markdown)")
        #expect(Trend.summaryCSV([item]).contains(",1049.6954999999998,"))
    }
}
