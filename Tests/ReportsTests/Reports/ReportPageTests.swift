import Foundation
import Support
import TestSupport
import Testing
import Workloads

@testable import Measurement
@testable import Reports

/// The run report page and what it is drawn from: frame times and timelines survive
/// the JSON, and the page puts what needs attention first.
@Suite("The run report page")
struct ReportPageTests {

    static func summary(_ report: Report) throws -> Report {
        try Report.decode(Array(JSONWriter.writePretty(report.json()).utf8))
    }

    @Test("frame times, the timeline's phases and the floor ratio survive the JSON")
    func roundTrip() throws {
        let report = SampleReports.pageReport()
        let summary = try Self.summary(report)
        #expect(summary.results.map(\.frameTimes) == report.results.map(\.frameTimes))
        #expect(summary.phases(of: "fold-cycle/balanced-d8/iphone-duo") == report.results[0].framePhases)
        let fast = try #require(summary.results.last)
        #expect(fast.metrics[.ratioToFloor] == 520.0 / 400)
        #expect(fast.intervals[.ratioToFloor].map { [$0.lower, $0.upper] } == [520.0 / 420, 520.0 / 380])
        // Runs of equal phases, not one entry per frame.
        let json = JSONWriter.writePretty(report.json())
        #expect(json.contains("\"frames\": 3") && json.contains("\"frames\": 2"))
    }

    @Test(
        "a timeline or a frame time that breaks the rules is refused with its path",
        arguments: [
            (
                "\"posture\": \"flat\"", "\"posture\": \"folded\"",
                "timelines.fold-cycle/balanced-d8/iphone-duo[0].posture"
            ),
            ("\"frames\": 3", "\"frames\": 0", "timelines.fold-cycle/balanced-d8/iphone-duo[0].frames"),
            ("\"transition\": false", "\"transition\": 0", "timelines.fold-cycle/balanced-d8/iphone-duo[0].transition"),
            ("\"frameTimes\": [120000", "\"frameTimes\": [-1", "results[0].frameTimes[0]"),
        ])
    func refusesBadTimelines(original: String, broken: String, place: String) throws {
        let json = JSONWriter.writePretty(SampleReports.pageReport().json())
        #expect(json.contains(original), "the fixture has \(original)")
        let bad = json.replacingOccurrences(of: original, with: broken)
        #expect {
            try Report.decode(Array(bad.utf8))
        } throws: { error in
            (error as? InputError)?.place == place
        }
    }

    @Test("the page lists count regressions and frames over budget first, then a section per scenario")
    func attentionFirst() throws {
        let baseline = try Self.summary(SampleReports.pageReport())
        let worse = try Self.summary(SampleReports.pageReport(fastInstructions: 9_500, fastOverBudget: 0.4))
        let page = RunReportPage.html(worse, baseline: baseline)
        let attention = try #require(page.range(of: "Needs attention"))
        let regression = try #require(page.range(of: "instructionsPerRelayout: 8,825 → 9,500 (+7.6 %)"))
        let overBudget = try #require(page.range(of: "fold-cycle/balanced-d8/iphone-duo, fast: 40.0 % of frames"))
        let summary = try #require(page.range(of: "<h2>Summary</h2>"))
        #expect(attention.lowerBound < regression.lowerBound && overBudget.lowerBound < summary.lowerBound)
        // fast (40 % over budget) is listed before the reference (20 %).
        let rows = page.components(separatedBy: "<td class=\"name\">").dropFirst()
        #expect(rows.map { $0.hasPrefix("fast") || $0.hasPrefix("reference") }.contains(true))
        let firstVariant = try #require(rows.dropFirst().first)
        #expect(firstVariant.hasPrefix("fast"))
        // The charts: distribution, both ratios, the timeline with its bands and the budget.
        #expect(page.components(separatedBy: "class=\"chart\"").count - 1 == 4)
        #expect(!page.contains("data-marks=\"0\""))
        #expect(page.contains("flat, landscape") && page.contains("closing: moving to the outer display"))
        #expect(page.contains("frame budget 8.33 ms (1/120 s)"))
        #expect(!page.contains("<script"), "no script, nothing fetched")

        let calm = RunReportPage.html(baseline, baseline: baseline)
        #expect(calm.contains("over budget</b>: fold-cycle/balanced-d8/iphone-duo, reference"))
        #expect(!calm.contains("<b>regression</b>"))
    }

    @Test("against a baseline it cannot judge, the page says so instead of 'no count regression'")
    func cannotJudge() throws {
        let counted = try Self.summary(SampleReports.pageReport())
        var uncounted = counted
        for index in uncounted.results.indices { uncounted.results[index].instructionsPerRelayout = nil }
        let page = RunReportPage.html(uncounted, baseline: counted)
        #expect(page.contains("<b>cannot judge</b>: instructionsPerRelayout is in the baseline, not in this run"))
        #expect(!page.contains("no count regression"))
        var fewer = counted
        fewer.results.removeFirst()
        let missing = RunReportPage.html(fewer, baseline: counted)
        #expect(missing.contains("<b>cannot judge</b>: 1 scenario × variant pair of the baseline is not in this run"))
    }

    @Test("a tree too large for a filmstrip is said to be, in its place")
    func filmstripOmitted() throws {
        var report = try Self.summary(SampleReports.pageReport())
        for index in report.results.indices { report.results[index].scenario = "hold/balanced-d13/iphone-duo" }
        let page = RunReportPage.html(report, baseline: nil)
        #expect(page.contains("No filmstrip: balanced-d13 has more than 4,095 arrangements"))
        #expect(Filmstrip.omission(scenario: "hold/balanced-d12/iphone-duo", frames: 600) == nil)
    }

    @Test("a run without the reference leaves the ratio chart out rather than draw it empty")
    func noEmptyCharts() throws {
        var report = SampleReports.pageReport()
        report.results = [report.results[1]]
        report.results[0].ratioToReference = nil
        let page = RunReportPage.html(try Self.summary(report))
        #expect(!page.contains("data-marks=\"0\""))
        #expect(!page.contains("Time over the reference"))
        #expect(page.contains("Time over the floor"))
    }

    /// The widest the summary table can be drawn, in px: per column the longest line a
    /// cell cannot break (text between `<br>`s, a scenario's parts between `<wbr>`s and
    /// hyphens), at 7.3 px a character of 13 px text (digits and lower case in
    /// system-ui), plus the cell's 18 px of padding.
    static func narrowestWidth(ofSummaryIn page: String) throws -> Double {
        let table = try #require(page.firstMatch(of: #/<h2>Summary</h2>[\s\S]*?</table>/#)).output
        var widths: [Int: Int] = [:]
        for row in table.matches(of: #/<tr>([\s\S]*?)</tr>/#) {
            for (column, cell) in row.output.1.matches(of: #/<t[hd][^>]*>([\s\S]*?)</t[hd]>/#).enumerated() {
                let isHeader = row.output.1.hasPrefix("<th")
                let text = String(cell.output.1)
                let pieces = text.replacing(#/<br>|<wbr>/#, with: "\n").replacing(#/<[^>]+>/#, with: "")
                    .split(whereSeparator: { "\n".contains($0) })
                let longest =
                    pieces.map { piece -> Int in
                        // Headers and scenario names wrap at spaces and hyphens too.
                        let words =
                            isHeader || column == 0 ? piece.split(whereSeparator: { " -".contains($0) }) : [piece]
                        return words.map(\.count).max() ?? 0
                    }.max() ?? 0
                widths[column] = max(widths[column] ?? 0, longest)
            }
        }
        return widths.values.reduce(0.0) { $0 + Double($1) * 7.3 + 18 }
    }

    @Test("the summary table fits a 1,300 px window with every column (the page's 1,248 px of text)")
    func summaryFits() throws {
        var report = SampleReports.pageReport(fastInstructions: 13_686_000)
        // The widest figures a run gives: a long scenario, seven-digit times, wide intervals.
        for index in report.results.indices {
            report.results[index].scenario = "posture-flutter/random-n200/galaxy-z-trifold"
            report.results[index].estimatedCyclesPerRelayout = 12_345_678
            report.results[index].ratioToReference = Estimate(0.0150, Interval(0.00841, 0.0172))
        }
        report.results[0].samples = [1_234_567, 1_334_567, 1_134_567]
        report.results[0].time = TimeSummary(samples: report.results[0].samples)
        let page = RunReportPage.html(try Self.summary(report))
        #expect(try Self.narrowestWidth(ofSummaryIn: page) <= 1_248)
        #expect(page.contains(">posture-flutter/<wbr>random-n200/<wbr>galaxy-z-trifold<"))
    }

    @Test("the frame budget is drawn only where a frame comes within a tenth of it; else a note says where it is")
    func budgetOffTheChart() throws {
        var report = SampleReports.pageReport()
        // Every frame far below the budget of 8,333,333 ns: the slowest 40 µs takes 0.5 %.
        for index in report.results.indices {
            report.results[index].frameTimes = [40_000, 30_000, 20_000, 10_000, 5_000]
        }
        let calm = RunReportPage.timelineChart(
            scenario: "s", entries: report.results, phases: report.results[0].framePhases)
        #expect(calm.contains("class=\"note\""))
        #expect(
            calm.contains("frame budget 8.33 ms (1/120 s), above the chart: the slowest frame takes 0.5 % of it"))
        #expect(!calm.contains("stroke=\"#c00\" stroke-dasharray"))
        report.results[0].frameTimes[2] = 900_000  // within a tenth of the budget
        let close = RunReportPage.timelineChart(
            scenario: "s", entries: report.results, phases: report.results[0].framePhases)
        #expect(!close.contains("class=\"note\""))
        #expect(close.contains("stroke=\"#c00\" stroke-dasharray"))
    }

    @Test(
        "a frame chart's title and legends wrap above it as HTML; the SVG, which scrolls on a phone, holds the plot alone"
    )
    func frameChartCaption() throws {
        let report = SampleReports.pageReport()
        let chart = RunReportPage.timelineChart(
            scenario: "s", entries: report.results, phases: report.results[0].framePhases)
        let caption = try #require(chart.range(of: "</figcaption>")).lowerBound
        let (above, plot) = (chart[..<caption], chart[caption...])
        #expect(above.contains("<figcaption><strong>The animation frame by frame: time per frame"))
        for name in ["reference", "fast", "flat, landscape"] { #expect(above.contains(">\(name)</span>")) }
        #expect(plot.contains("<div class=\"wide\"><svg"))
        #expect(!plot.contains("The animation frame by frame"))
    }

    @Test(
        "frames under the clock's resolution are drawn on the edge of a shaded region, named <clock, not at their reading"
    )
    func framesUnderTheClock() throws {
        var report = SampleReports.pageReport()
        for index in report.results.indices {
            report.results[index].clockNanoseconds = 20
            report.results[index].frameTimes = [100, 5_000, 300, 9_000, 8_000]  // 100 and 300 under 400 ns
        }
        let chart = RunReportPage.timelineChart(
            scenario: "s", entries: report.results, phases: report.results[0].framePhases)
        #expect(chart.contains("class=\"unresolved\""))
        #expect(chart.contains("under the clock: a frame below 400 ns is not resolved"))
        #expect(chart.contains("fast: &lt;clock"), "\(chart)")
        #expect(!chart.contains(": 100,") && !chart.contains(": 300"))
        // Every frame resolved: no region.
        for index in report.results.indices { report.results[index].frameTimes = [500, 5_000, 700, 9_000, 8_000] }
        #expect(
            !RunReportPage.timelineChart(scenario: "s", entries: report.results, phases: report.results[0].framePhases)
                .contains("class=\"unresolved\""))
    }

    @Test("a frame chart hovers by columns naming every variant, not by a target per point: 600 frames of 3 variants")
    func frameChartTargets() throws {
        var report = SampleReports.pageReport()
        let phases = Array(repeating: report.results[0].framePhases[0], count: 600)
        for index in report.results.indices {
            report.results[index].frameTimes = (0..<600).map { 1_000 + Double($0) }
            report.results[index].framePhases = phases
        }
        let chart = RunReportPage.timelineChart(scenario: "s", entries: report.results, phases: phases)
        #expect(!chart.contains("fill-opacity=\"0\"><title>"))
        let targets = chart.components(separatedBy: "<rect").count - 1
        #expect(targets < 300, "\(targets) rects for 600 frames")
        #expect(chart.contains("<title>frames 0–"))
        // Each column names its lowest and highest value (every frame's is in the JSON).
        #expect(chart.contains("\nreference: 1,000 to 1,0"), "\(chart.prefix(3000))")
        #expect(chart.utf8.count < 60_000, "\(chart.utf8.count) bytes")
    }
}
