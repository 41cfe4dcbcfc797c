import Foundation
import Reports
import Support
import Testing
import Workloads

@testable import Measurement

/// The run report page and what it is drawn from: frame times and timelines survive
/// the JSON, and the page puts what needs attention first.
@Suite("The run report page")
struct ReportPageTests {
    /// A report of two variants on one scenario, with frame times, phases and ratios.
    static func report(fastInstructions: Double = 8_825, fastOverBudget: Double = 0) -> Report {
        var environment = RunEnvironment()
        environment.commit = "abc123"
        environment.date = "2026-11-30T00:00:00Z"
        let phases =
            Array(
                repeating: Timeline.Phase(
                    posture: .flat, orientation: .landscape, outerDisplay: false, inTransition: false),
                count: 3)
            + Array(
                repeating: Timeline.Phase(
                    posture: .closed, orientation: .portrait, outerDisplay: true, inTransition: true),
                count: 2)
        func result(_ variant: String, _ time: Double, _ instructions: Double, _ overBudget: Double) -> VariantResult {
            var result = VariantResult(
                scenario: "fold-cycle/balanced-d8/iphone-duo", variant: variant, arrangements: 255, frames: 5,
                refreshRate: 120, batchFrames: 16, samples: [time, time * 1.1, time * 0.9],
                time: TimeSummary(samples: [time, time * 1.1, time * 0.9]), allocationsPerRelayout: 0,
                bytesAllocatedPerRelayout: 0, instructionsPerRelayout: instructions, peakResidentBytes: 1 << 20,
                framesOverBudget: overBudget, prepareNanoseconds: 5000, ratioToReference: (time / 30_000, 0, 1),
                checksum: 1)
            result.ratioToFloor = (time / 400, time / 420, time / 380)
            result.frameTimes = [time * 4, time, time, time * 2, 9_000_000]
            result.framePhases = phases
            return result
        }
        return Report(
            environment: environment, options: RunOptions(),
            results: [
                result("reference", 30_000, 346_000, 0.2), result("fast", 520, fastInstructions, fastOverBudget),
            ])
    }

    static func summary(_ report: Report) throws -> Report {
        try Report.decode(Array(JSONWriter.writePretty(report.json()).utf8))
    }

    @Test("frame times, the timeline's phases and the floor ratio survive the JSON")
    func roundTrip() throws {
        let report = Self.report()
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
        let json = JSONWriter.writePretty(Self.report().json())
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
        let baseline = try Self.summary(Self.report())
        let worse = try Self.summary(Self.report(fastInstructions: 9_500, fastOverBudget: 0.4))
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
        #expect(page.contains("frame budget (1/120 s)"))
        #expect(!page.contains("<script"), "no script, nothing fetched")

        let calm = RunReportPage.html(baseline, baseline: baseline)
        #expect(calm.contains("over budget</b>: fold-cycle/balanced-d8/iphone-duo, reference"))
        #expect(!calm.contains("<b>regression</b>"))
    }

    @Test("a run without the reference leaves the ratio chart out rather than draw it empty")
    func noEmptyCharts() throws {
        var report = Self.report()
        report.results = [report.results[1]]
        report.results[0].ratioToReference = nil
        let page = RunReportPage.html(try Self.summary(report))
        #expect(!page.contains("data-marks=\"0\""))
        #expect(!page.contains("Time over the reference"))
        #expect(page.contains("Time over the floor"))
    }
}
