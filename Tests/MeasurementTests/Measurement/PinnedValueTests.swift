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

/// Expectations worked out independently of the code under test: published tables, or
/// values computed with SciPy 1.17 (`scipy.stats.t.ppf`, `t.cdf`) and written down here.
@Suite("Values pinned by an independent computation")
struct PinnedValueTests {
    @Test(
        "Student's t quantile equals SciPy's to 1e-9, where ab's shared error takes it",
        arguments: [
            (0.975, 1, 12.706204736174694), (0.975, 2, 4.302652729749462), (0.975, 3, 3.1824463052837078),
            (0.975, 4, 2.7764451051977934), (0.99375, 4, 4.314656048886743), (0.99875, 4, 6.758252832704313),
            (0.995, 9, 3.249835541592126), (0.99875, 39, 3.2321617945681074), (0.975, 79, 1.9904502102301285),
            (0.9995, 200, 3.3398354062757107),
        ])
    func tQuantile(_ p: Double, _ degrees: Int, _ expected: Double) {
        let got = Statistics.tQuantile(p, degrees: degrees)
        #expect(abs(got - expected) <= 1e-9 * expected, "\(got)")
        #expect(abs(Statistics.tQuantile(1 - p, degrees: degrees) + expected) <= 1e-9 * expected)
    }

    @Test("the t distribution function at two points, odd and even degrees of freedom")
    func tCDF() {
        #expect(abs(Statistics.tCDF(1.5, degrees: 5) - 0.9030481598787634) < 1e-12)
        #expect(abs(Statistics.tCDF(-2.0, degrees: 6) - 0.04621315576583756) < 1e-12)
        #expect(Statistics.tCDF(0, degrees: 3) == 0.5)
    }

    /// Five trials of log ratios 0.03, 0.05, 0.04, 0.06, 0.02: mean 0.04, standard
    /// error √(0.00025 / 5); the interval exp(0.04 ± t(1 − α/2, 4) · se) with α = 0.05 / k.
    @Test(
        "ab's interval shares 5 % over k comparisons (Bonferroni), to SciPy's figures",
        arguments: [
            (1, 1.0205764027122832, 1.061446320722305), (4, 1.0095359547123295, 1.0730544688560841),
            (20, 0.9922421843247782, 1.0917567150323653),
        ])
    func bonferroni(_ comparisons: Int, _ lower: Double, _ upper: Double) {
        let logs = [0.03, 0.05, 0.04, 0.06, 0.02]
        let estimate = ABEstimate.from(
            trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: comparisons)
        #expect(abs(estimate.ratio - exp(0.04)) < 1e-12)
        #expect(abs(estimate.interval.lower - lower) < 1e-9, "\(estimate.interval.lower)")
        #expect(abs(estimate.interval.upper - upper) < 1e-9, "\(estimate.interval.upper)")
        #expect(abs(estimate.smallestDetectable - (upper / exp(0.04) - 1)) < 1e-9)
    }

    @Test("ab's markdown: the slower comparisons counted and their verdicts in bold, the others plain")
    func abMarkdown() {
        let side = ABSide(label: "x", plugin: "x.so", variant: "fast")
        func result(_ scenario: ScenarioName, _ logs: [Double], layouts: [Int]? = nil) -> ABResult {
            ABResult(
                scenario: scenario, baseline: side, candidate: side, arrangements: 1, batchFrames: 1,
                checksumsAgree: true, trialLogRatios: logs, trialLayouts: layouts ?? logs.indices.map { $0 / 2 },
                layouts: (40, 40),
                estimate: ABEstimate.from(trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: 1),
                seconds: 1)
        }
        let slow = result("slow", [0.10, 0.11, 0.09, 0.10, 0.10])
        let same = result("same", [0.001, -0.001, 0, 0.001, -0.001])
        #expect(slow.estimate.verdict == .slower && same.estimate.verdict == .same)
        // Pairs of layouts 5 % apart, each measured alike twice: placement alone moves it.
        let placed = result("placed", [0.0, 0.0, 0.05, 0.05, 0.0, 0.0], layouts: [0, 0, 1, 1, 2, 2])
        let markdown = ABReport.markdown([slow, same], baseline: "A", candidate: "B", threshold: 0.02)
        #expect(markdown.hasPrefix("**1 slower** of 2 comparison(s) of B with A.\n\n"))
        let rows = markdown.split(separator: "\n").map(String.init)
        #expect(rows.first { $0.hasPrefix("| slow ") }?.hasSuffix("| **slower** |") == true, "\(markdown)")
        #expect(rows.first { $0.hasPrefix("| same ") }?.hasSuffix("| same |") == true, "\(markdown)")
        #expect(
            ABReport.markdown([same], baseline: "A", candidate: "B", threshold: 0.02).hasPrefix(
                "**Not slower** in 1 comparison(s)"))
        #expect(!markdown.contains("note:"))
        // exp(1.96 × 0.05 / √3) - 1: the pairs' deviation is that of 0, 5 and 0 %.
        let spread = exp(1.96 * 0.05 / 3.0.squareRoot()) - 1
        #expect(abs(placed.layoutSpread! - spread) < 1e-12, "\(placed.layoutSpread!)")
        #expect(placed.layoutBound(threshold: 0.02) && !placed.layoutBound(threshold: 0.06))
        let table = ABReport.table([placed, same], threshold: 0.02)
        #expect(table.contains("±5.82%"), "\(table)")
        let notes = table.split(separator: "\n").filter { $0.hasPrefix("note:") }
        #expect(
            notes.count == 2 && notes[0].hasPrefix("note: placed (fast): code layout alone moves the ratio by ±5.82%"))
        // Three pairs cannot resolve 2 %: inconclusive, and the note says `same` was out of reach.
        #expect(placed.estimate.verdict == .inconclusive && !placed.resolves(threshold: 0.02))
        #expect(same.resolves(threshold: 0.02))
        #expect(
            notes.count == 2
                && notes[1].hasPrefix(
                    "note: placed (fast): 6 trials resolve ±\(ABReport.percent(placed.estimate.smallestDetectable)), more than the threshold 2.00%: `same` was out of reach"
                ), "\(notes)")
    }

    @Test("ab on a library's variant: the layout spread is the harness's, said in the table and the JSON")
    func abLibraryLayouts() {
        let side = ABSide(label: "x", plugin: "", variant: "c-fast", library: "/l/libc-fast.so")
        let logs = [0.0, 0.0, 0.05, 0.05, 0.0, 0.0]
        let result = ABResult(
            scenario: "placed", baseline: side, candidate: side, arrangements: 1, batchFrames: 1,
            checksumsAgree: true, trialLogRatios: logs, trialLayouts: [0, 0, 1, 1, 2, 2], layouts: (80, 80),
            estimate: ABEstimate.from(trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: 1),
            seconds: 1)
        #expect(ABReport.table([result], threshold: 0.02).contains("±5.82% (harness)"))
        #expect(ABReport.json([result], options: ABOptions()).contains(#""of": "harness""#))
        var built = result
        built.baseline.library = nil
        #expect(!ABReport.table([built], threshold: 0.02).contains("(harness)"))
        #expect(ABReport.json([built], options: ABOptions()).contains(#""of": "builds""#))
    }

    @Test("an experiment of 4 comparisons shares the error over its 5 planned looks too: 20 ways")
    func sharedOverLooks() throws {
        let logs = [0.03, 0.05, 0.04, 0.06, 0.02]
        var next = 0
        var options = ABOptions()
        options.maximumSeconds = 1e9
        options.maximumTrials = 80
        options.layouts = 1
        #expect(options.looks == [5, 10, 20, 40, 80])
        let experiment = ABExperiment(options: options, comparisons: 4) { _, _, _, _, _ in
            defer { next += 1 }
            return ABTrial(logRatio: logs[next % logs.count], checksumsAgree: true, arrangements: 1, batchFrames: 1)
                .json
        }
        let side = ABSide(label: "x", plugin: "x.so", variant: "fast")
        let result = try experiment.run(scenario: "s", baseline: side, candidate: side)
        // At trial 5 the interval, 20 ways, is [0.9922, 1.0918]: no verdict. At trial 10 (the
        // five twice) it is SciPy's [1.0206672, 1.0613519], above 1.02: slower.
        #expect(result.trialLogRatios.count == 10)
        #expect(result.estimate.verdict == .slower)
        #expect(abs(result.estimate.interval.lower - 1.0206672336194837) < 1e-9, "\(result.estimate.interval.lower)")
        #expect(abs(result.estimate.interval.upper - 1.0613518608150208) < 1e-9, "\(result.estimate.interval.upper)")
    }

    @Test("with code layouts, a pair's two trials are one unit: the interval is on the pairs' means")
    func pairsOfLayouts() throws {
        let logs = [0.05, 0.052, 0.08, 0.078, 0.06, 0.061, 0.07, 0.072, 0.055, 0.054]
        var next = 0
        var layoutsAsked: [Int] = []
        var options = ABOptions()
        options.maximumSeconds = 1e9
        options.maximumTrials = 80
        let experiment = ABExperiment(options: options, comparisons: 4) { _, _, _, layout, _ in
            defer { next += 1 }
            layoutsAsked.append(layout)
            return ABTrial(logRatio: logs[next % logs.count], checksumsAgree: true, arrangements: 1, batchFrames: 1)
                .json
        }
        let side = ABSide(label: "x", plugin: "x.so", variant: "fast")
        let result = try experiment.run(scenario: "s", baseline: side, candidate: side)
        // SciPy, a t interval 20 ways on the five pairs' means: at 6 trials [0.90429, 1.25560],
        // no verdict; at 10 [1.0284043, 1.1033948], slower. On the ten trials alone it would be
        // [1.04997, 1.08073], narrower than the pairs allow.
        #expect(result.trialLogRatios.count == 10)
        #expect(layoutsAsked == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4] && result.trialLayouts == layoutsAsked)
        #expect(result.estimate.verdict == .slower)
        #expect(abs(result.estimate.interval.lower - 1.0284043040775994) < 1e-9, "\(result.estimate.interval.lower)")
        #expect(abs(result.estimate.interval.upper - 1.103394810198489) < 1e-9, "\(result.estimate.interval.upper)")
        // NumPy, balanced ANOVA ((MSB - MSW) / 2): a deviation of 0.011613569649336934.
        #expect(abs(result.layoutSpread! - (exp(1.96 * 0.011613569649336934) - 1)) < 1e-9)
    }
}
