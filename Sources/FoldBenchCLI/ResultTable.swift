import Foundation
import Measurement
import Support
import Variants

/// The table printed after a run. By default it fits 120 columns: a heading per
/// scenario, a row per variant with the figures a reader compares; `--wide` prints
/// every figure, one row per scenario × variant.
enum ResultTable {
    static func render(_ results: [VariantResult], wide: Bool = false) -> String {
        wide ? renderWide(results) : renderGrouped(results)
    }

    static func renderGrouped(_ results: [VariantResult]) -> String {
        var text = ""
        var scenarios: [String] = []
        for result in results where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        for scenario in scenarios {
            let own = results.filter { $0.scenario == scenario }
            guard let first = own.first else { continue }
            text +=
                "\(scenario): \(first.arrangements) arrangements, \(first.frames) frames at \(NumberText.significant(first.refreshRate)) Hz\(first.changingFrames.map { String(format: ", the answer changes in %.0f %% of them", $0 * 100) } ?? "")\n"
            var rows: [[String]] = [
                [
                    "variant", "time (ns)", "±95%", "per arr. (ns)", "over budget", "× reference", "× floor",
                    "allocs", "instructions", "est. cycles",
                ]
            ]
            for result in own {
                let halfWidth = (result.time.ci95[1] - result.time.ci95[0]) / 2 / max(result.time.p50, 1e-9)
                rows.append([
                    result.variant, NumberText.significant(result.time.p50), String(format: "%.1f%%", halfWidth * 100),
                    NumberText.significant(result.timePerArrangement.p50),
                    String(format: "%.1f%%", result.framesOverBudget * 100),
                    result.ratioToReference.map { NumberText.significant($0.value) } ?? "-",
                    result.ratioToFloor.map { NumberText.significant($0.value) } ?? "-",
                    NumberText.significant(result.allocationsPerRelayout),
                    result.instructionsPerRelayout.map { NumberText.significant($0) } ?? "-",
                    result.estimatedCyclesPerRelayout.map { NumberText.significant($0) } ?? "-",
                ])
            }
            text += align(rows, leftColumns: 1, indent: "  ")
            text += historyFootnotes(own, indent: "  ")
        }
        return text
    }

    /// What each variant that remembers was checked over after the timeline, a line each.
    static func historyFootnotes(_ results: [VariantResult], indent: String, naming: Bool = false) -> String {
        results.compactMap { result in
            result.historyCheck.map { check in
                let who = naming ? "\(result.scenario) \(result.variant)" : result.variant
                return "\(indent)* \(who) was also checked over an adversarial history of \(check.summary)\n"
            }
        }.joined()
    }

    static func renderWide(_ results: [VariantResult]) -> String {
        var rows: [[String]] = [
            [
                "scenario", "variant", "arrangements", "p50 (ns)", "95% CI (ns)", "p90 (ns)", "p99 (ns)",
                "ns/arrangement", "relayouts/s", "slowest frame (ns)", "allocs", "bytes", "over budget",
                "vs reference", "vs floor", "instructions", "est. cycles",
            ]
        ]
        func ratio(_ value: (value: Double, lower: Double, upper: Double)?, reference: Bool) -> String {
            guard let value else { return "-" }
            if reference { return "1" }
            return
                "\(NumberText.significant(value.value, digits: 4))x [\(NumberText.significant(value.lower, digits: 4)), \(NumberText.significant(value.upper, digits: 4))]"
        }
        for result in results {
            rows.append([
                result.scenario, result.variant, String(result.arrangements), NumberText.significant(result.time.p50),
                "\(NumberText.significant(result.time.ci95[0]))-\(NumberText.significant(result.time.ci95[1]))",
                NumberText.significant(result.time.p90),
                NumberText.significant(result.time.p99), NumberText.significant(result.timePerArrangement.p50),
                NumberText.significant(result.relayoutsPerSecond),
                result.frameTimes.max().map { NumberText.significant($0) } ?? "-",
                NumberText.significant(result.allocationsPerRelayout),
                NumberText.significant(result.bytesAllocatedPerRelayout),
                String(format: "%.1f%%", result.framesOverBudget * 100),
                ratio(result.ratioToReference, reference: result.variant == VariantList.referenceName),
                ratio(result.ratioToFloor, reference: result.variant == SpeedOfLight.variantName),
                result.instructionsPerRelayout.map { NumberText.significant($0) } ?? "-",
                result.estimatedCyclesPerRelayout.map { NumberText.significant($0) } ?? "-",
            ])
        }
        return align(rows, leftColumns: 2, indent: "") + historyFootnotes(results, indent: "", naming: true)
    }

    /// Columns padded to their widest cell: the first `leftColumns` left-aligned, numbers right-aligned.
    static func align(_ rows: [[String]], leftColumns: Int, indent: String) -> String {
        TextTable.aligned(rows, indent: indent) { $0 < leftColumns ? .left : .right }
    }
}
