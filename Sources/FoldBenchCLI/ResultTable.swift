import Foundation
import Measurement
import Runs
import Support
import Variants

/// The table printed after a run, in 120 columns. A run of a few scenarios gets a block
/// each (a row per variant with the figures a reader compares, a second block of columns
/// where they do not fit); a suite gets one line per scenario, the details being on the
/// page. Both end with the ranking over the run (``SuiteRanking``). `--wide` prints every
/// figure, one row per scenario × variant, at any width.
enum ResultTable {
    /// The columns every line keeps within.
    static let width = 120
    /// Up to this many scenarios, each gets its own block.
    static let detailedScenarios = 3

    static func render(_ results: [VariantResult], wide: Bool = false, threshold: Double = 0.02) -> String {
        if wide { return renderWide(results) }
        let scenarios = results.scenarioOrder
        let body =
            scenarios.count <= detailedScenarios
            ? legend(results, summary: false) + renderGrouped(results)
            : legend(results, summary: true) + renderSummary(results, scenarios)
        let ranking = scenarios.count > 1 ? rankingLines(results, threshold: threshold) : ""
        return TextTable.wrapped(body + ranking + fewBatches(results), width: width)
    }

    /// What the columns mean, once, before them.
    static func legend(_ results: [VariantResult], summary: Bool) -> String {
        let yardstick = results.baselineVariant
        if summary {
            let cells =
                yardstick.map {
                    "each cell is a variant's time a relayout over \($0)'s (paired batch by batch), + faster, - slower, = the same, ? inconclusive; \($0)'s own and the floor's cells are ns a relayout (median)"
                } ?? "each cell is a variant's time a relayout in ns (median of its batches)"
            return
                "Key: \(cells); ! an impossible time (below). Each scenario's frames, edits and checks are on the page.\n"
        }
        var parts = [
            "time: ns a relayout (median of the batches), ±: half its 95 % interval", "per arr.: time per arrangement",
            "p99, worst: one frame timed alone (ns)", ">budget: frames over the refresh budget",
            "× X: time over X's (paired batch by batch)", "allocs: mallocs a relayout",
        ]
        if results.contains(where: { $0.instructionsPerRelayout != nil }) {
            parts.append("instr.: instructions a relayout (the costliest frame's)")
        }
        if yardstick != nil { parts.append("verdict: against the yardstick, beyond the threshold") }
        return "Key: \(parts.joined(separator: "; ")); ! an impossible time (below).\n"
    }

    static func renderGrouped(_ results: [VariantResult]) -> String {
        var text = ""
        for scenario in results.scenarioOrder {
            let own = results.filter { $0.scenario == scenario }
            guard let first = own.first else { continue }
            let arrangements = "\(first.arrangements) arrangement\(first.arrangements == 1 ? "" : "s")"
            text +=
                "\(scenario): \(arrangements), \(first.frames) frames at \(NumberText.significant(first.refreshRate)) Hz\(first.changingFrames.map { String(format: ", the answer changes in %.0f %% of them", $0 * 100) } ?? "")\(first.editFrames.isEmpty ? "" : "; the content changes on \(first.editFrames.count) of them")\n"
            // With a yardstick (`--baseline-variant`), its ratio and the verdict come first after the time.
            let yardstick = own.first { $0.baselineVariant != nil }?.baselineVariant
            var rows: [[String]] = [
                [
                    "variant", "time", "±", "per arr.", "p99", "worst", ">budget", "× ref", "× floor", "allocs",
                    "instr.",
                ]
            ]
            if let yardstick { rows[0].insert(contentsOf: ["× \(yardstick)", "±", "verdict"], at: 3) }
            for result in own {
                let halfWidth = (result.time.ci95.upper - result.time.ci95.lower) / 2 / max(result.time.p50, 1e-9)
                rows.append([
                    result.variant.rawValue, NumberText.significant(result.time.p50),
                    String(format: "%.1f%%", halfWidth * 100),
                    NumberText.significant(result.timePerArrangement.p50),
                    frameTime(result, .p99), frameTime(result, .max),
                    String(format: "%.1f%%", result.framesOverBudget * 100),
                    result.ratioToReference.map { NumberText.significant($0.value) } ?? "-",
                    result.ratioToFloor.map { NumberText.significant($0.value) + (result.isImpossible ? " !" : "") }
                        ?? "-",
                    NumberText.significant(result.allocationsPerRelayout),
                    instructions(result),
                ])
                if yardstick != nil { rows[rows.count - 1].insert(contentsOf: versus(result), at: 3) }
            }
            text += TextTable.fitted(withoutEmptyColumns(rows), width: width, indent: "  ") { $0 == 0 ? .left : .right }
            text += worstFrames(own, indent: "  ")
            text += historyFootnotes(own, indent: "  ")
            text += impossibleFootnotes(own, indent: "  ")
            text += own.compactMap { result in result.counterpart.map { "  * \(result.variant) was \($0.summary)\n" } }
                .joined()
            text += own.compactMap { result in
                result.editFrameSummary.map { "  * \(result.variant): \($0.summary)\n" }
            }.joined()
        }
        return text
    }

    /// `rows` without the columns that hold "-" in every row under the header (a ratio
    /// to a variant the run did not measure, instructions it did not count).
    static func withoutEmptyColumns(_ rows: [[String]]) -> [[String]] {
        guard let header = rows.first else { return rows }
        let kept = header.indices.filter { column in rows.dropFirst().contains { $0[column] != "-" } }
        return rows.map { row in kept.map { row[$0] } }
    }

    /// A line per scenario, a column per variant: its time, or with a yardstick its ratio
    /// and verdict; the impossible times named below.
    static func renderSummary(_ results: [VariantResult], _ scenarios: [ScenarioName]) -> String {
        let yardstick = results.baselineVariant
        let variants = results.variantOrder
        let marks: [BaselineVerdict: String] = [.faster: "+", .slower: "-", .same: "=", .inconclusive: "?"]
        var rows: [[String]] = [["scenario"] + variants.map { $0 == yardstick ? "\($0) (ns)" : $0.rawValue }]
        for scenario in scenarios {
            rows.append(
                [scenario.rawValue]
                    + variants.map { variant in
                        guard let result = results.first(where: { $0.scenario == scenario && $0.variant == variant })
                        else { return "" }
                        let flag = result.isImpossible ? " !" : ""
                        if let ratio = result.ratioToBaseline, variant != yardstick, let verdict = result.verdict {
                            return "\(NumberText.significant(ratio.value, digits: 2)) \(marks[verdict] ?? "")\(flag)"
                        }
                        return NumberText.significant(result.time.p50) + flag
                    })
        }
        return TextTable.fitted(rows, width: width, indent: "") { $0 == 0 ? .left : .right }
            + impossibleFootnotes(results, indent: "", naming: true)
    }

    /// The ranking over the run: each variant's geometric mean ratio to the yardstick with
    /// its interval, its verdicts and its worst scenario, quickest first.
    static func rankingLines(_ results: [VariantResult], threshold: Double) -> String {
        guard let ranking = SuiteRanking(results, threshold: threshold) else { return "" }
        let scenarios = results.scenarioOrder.count
        var text =
            "Ranking over \(scenarios) scenarios, time × \(ranking.yardstick) (geometric mean [95 % interval]); scenarios faster (+), slower (-), the same (=) beyond \(formatNumber(threshold * 100)) %, or inconclusive (?); the worst:\n"
        var rows: [[String]] = []
        for (place, entry) in ranking.entries.enumerated() {
            var verdicts = "+\(entry.faster) -\(entry.slower) =\(entry.same) ?\(entry.inconclusive)"
            if entry.scenarios < scenarios { verdicts += " of \(entry.scenarios)" }
            if entry.leftOut > 0 { verdicts += ", \(entry.leftOut) impossible left out" }
            rows.append([
                "\(place + 1).", entry.variant.rawValue, NumberText.estimate(entry.geometricMean, entry.interval),
                verdicts, "\(NumberText.significant(entry.worstRatio, digits: 2)) \(entry.worstScenario)",
            ])
        }
        text += TextTable.fitted(rows, width: width, keep: 2, indent: "  ")
        for variant in ranking.leftOut {
            text += "  \(variant) is not ranked: every one of its times is impossible (!)\n"
        }
        return text
    }

    /// A warning when an interval says nothing beyond its batches: its bounds are the
    /// smallest and the largest of too few batches (the median's 95 % interval is over
    /// batch means, not frames).
    static func fewBatches(_ results: [VariantResult]) -> String {
        let thin = results.filter { result in
            let sorted = result.samples.sorted()
            guard let first = sorted.first, let last = sorted.last, sorted.count < 30 else { return false }
            return result.time.ci95.lower <= first && result.time.ci95.upper >= last
        }
        guard let fewest = thin.map(\.samples.count).min() else { return "" }
        return
            "warning: \(thin.count) interval\(thin.count == 1 ? "" : "s") (±95%) rest on \(fewest)\(thin.map(\.samples.count).max() == fewest ? "" : " or more") batches and span all of them: sample longer (--time-per-scenario) for an interval narrower than the batches' range\n"
    }

    /// The ratio to the yardstick, its interval's half-width and the verdict ("-" for the yardstick).
    static func versus(_ result: VariantResult) -> [String] {
        guard let ratio = result.ratioToBaseline else { return ["-", "-", "-"] }
        let half = (ratio.interval.upper - ratio.interval.lower) / 2 / max(ratio.value, 1e-12)
        return [
            NumberText.significant(ratio.value), String(format: "%.1f%%", half * 100),
            result.verdict?.rawValue ?? "(yardstick)",
        ]
    }

    /// A per-frame time statistic in ns; "<clock" where it is too short for the clock
    /// around each frame to say more than itself (``VariantResult/isResolvedFrameTime(_:)``).
    static func frameTime(_ result: VariantResult, _ statistic: Statistic) -> String {
        guard let value = result.frameTime?.value(statistic) else { return "-" }
        return result.isResolvedFrameTime(value) ? NumberText.significant(value) : "<clock"
    }

    /// The mean instructions a relayout, and the costliest frame's when frames were counted one by one.
    static func instructions(_ result: VariantResult) -> String {
        guard let mean = result.instructionsPerRelayout else { return "-" }
        guard let frames = result.frameInstructionCounts else { return NumberText.significant(mean) }
        return "\(NumberText.significant(mean)) (worst \(NumberText.significant(frames.worst)))"
    }

    /// Each variant's five costliest frames by their own instructions when frames were
    /// counted, else its five slowest by their own time (where more than clock): the
    /// frame, its cost, the motion's phase and what changed from the frame before.
    static func worstFrames(_ results: [VariantResult], indent: String) -> String {
        results.compactMap { result in
            let byInstructions = !result.worstFramesByInstructions.isEmpty
            let frames = byInstructions ? result.worstFramesByInstructions : result.worstFramesByTime
            guard !frames.isEmpty else { return nil }
            let unit = byInstructions ? "instructions" : "ns"
            let list = frames.map { frame in
                "#\(frame.frame) \(NumberText.significant(frame.value)) (\(frame.phase); \(frame.change))"
            }
            return "\(indent)\(result.variant)'s worst frames (\(unit)): \(list.joined(separator: ", "))\n"
        }.joined()
    }

    /// What each variant that remembers was checked over after the timeline, a line each.
    static func historyFootnotes(_ results: [VariantResult], indent: String, naming: Bool = false) -> String {
        results.compactMap { result in
            result.historyCheck.map { check in
                let who = naming ? "\(result.scenario) \(result.variant)" : result.variant.rawValue
                return "\(indent)* \(who) was also checked over an adversarial history of \(check.summary)\n"
            }
        }.joined()
    }

    /// A variant whose time is impossible for one that declares no frame memory, said so.
    static func impossibleFootnotes(_ results: [VariantResult], indent: String, naming: Bool = false) -> String {
        results.filter(\.isImpossible).map { result in
            let who = naming ? "\(result.scenario) \(result.variant)" : result.variant.rawValue
            return "\(indent)! \(who): \(result.impossibility ?? "")\n"
        }.joined()
    }

    static func renderWide(_ results: [VariantResult]) -> String {
        var rows: [[String]] = [
            [
                "scenario", "variant", "arrangements", "p50 (ns)", "95% CI (ns)", "batch p90 (ns)",
                "batch p99 (ns)", "ns/arrangement", "relayouts/s", "frame p50 (ns)", "frame p90 (ns)",
                "frame p99 (ns)", "worst frame (ns)", "overrun p99 (ms)", "allocs", "bytes", "over budget",
                "vs reference", "vs floor", "instructions", "frame instr. p50", "frame instr. p99",
                "worst frame instr.", "est. cycles",
            ]
        ]
        func ratio(_ value: Estimate?, reference: Bool) -> String {
            guard let value else { return "-" }
            if reference { return "1" }
            return
                "\(NumberText.significant(value.value, digits: 4))x [\(NumberText.significant(value.interval.lower, digits: 4)), \(NumberText.significant(value.interval.upper, digits: 4))]"
        }
        for result in results {
            rows.append([
                result.scenario.rawValue, result.variant.rawValue, String(result.arrangements),
                NumberText.significant(result.time.p50),
                "\(NumberText.significant(result.time.ci95.lower))-\(NumberText.significant(result.time.ci95.upper))",
                NumberText.significant(result.time.p90),
                NumberText.significant(result.time.p99), NumberText.significant(result.timePerArrangement.p50),
                NumberText.significant(result.relayoutsPerSecond),
                frameTime(result, .p50), frameTime(result, .p90), frameTime(result, .p99), frameTime(result, .max),
                result.value(.frameOverrun, .p99).map { NumberText.significant($0) } ?? "-",
                NumberText.significant(result.allocationsPerRelayout),
                NumberText.significant(result.bytesAllocatedPerRelayout),
                String(format: "%.1f%%", result.framesOverBudget * 100),
                ratio(result.ratioToReference, reference: result.variant == VariantList.referenceName),
                ratio(result.ratioToFloor, reference: result.variant == SpeedOfLight.variantName),
                result.instructionsPerRelayout.map { NumberText.significant($0) } ?? "-",
                result.frameInstructionCounts.map { NumberText.significant($0.p50) } ?? "-",
                result.frameInstructionCounts.map { NumberText.significant($0.p99) } ?? "-",
                result.frameInstructionCounts.map { NumberText.significant($0.worst) } ?? "-",
                result.estimatedCyclesPerRelayout.map { NumberText.significant($0) } ?? "-",
            ])
        }
        return align(rows, leftColumns: 2, indent: "") + historyFootnotes(results, indent: "", naming: true)
            + impossibleFootnotes(results, indent: "", naming: true)
            + fewBatches(results)
    }

    /// Columns padded to their widest cell: the first `leftColumns` left-aligned, numbers right-aligned.
    static func align(_ rows: [[String]], leftColumns: Int, indent: String) -> String {
        TextTable.aligned(rows, indent: indent) { $0 < leftColumns ? .left : .right }
    }
}
