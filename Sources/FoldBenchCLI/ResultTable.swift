import Foundation
import Measurement

/// The readable table printed after a run.
enum ResultTable {
    static func render(_ results: [VariantResult]) -> String {
        var rows: [[String]] = [
            [
                "scenario", "variant", "arrangements", "p50 ns", "95% CI ns", "ns/arrangement", "relayouts/s", "allocs",
                "bytes",
                "over budget", "vs reference", "instructions", "est. cycles",
            ]
        ]
        for result in results {
            let ratio =
                result.ratioToReference.map {
                    result.variant == "reference"
                        ? "1"
                        : "\(format($0.value, digits: 4))x [\(format($0.lower, digits: 4)), \(format($0.upper, digits: 4))]"
                } ?? "-"
            rows.append([
                result.scenario, result.variant, String(result.arrangements), format(result.time.p50),
                "\(format(result.time.ci95[0]))-\(format(result.time.ci95[1]))", format(result.timePerArrangement.p50),
                format(result.relayoutsPerSecond), format(result.allocationsPerRelayout),
                format(result.bytesAllocatedPerRelayout),
                String(format: "%.1f%%", result.framesOverBudget * 100), ratio,
                result.instructionsPerRelayout.map { format($0) } ?? "-",
                result.estimatedCyclesPerRelayout.map { format($0) } ?? "-",
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, pair in
                let (text, width) = pair
                let padding = String(repeating: " ", count: width - text.count)
                return index < 2 ? text + padding : padding + text
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// A number with 3 significant digits at least, no exponent for everyday sizes.
    static func format(_ value: Double, digits: Int = 3) -> String {
        if value == 0 { return "0" }
        guard value.isFinite else { return String(describing: value) }
        if abs(value) >= 1000 { return String(format: "%.0f", value) }
        let decimals = max(0, digits - 1 - Int((log10(abs(value))).rounded(.down)))
        return String(format: "%.\(decimals)f", value)
    }
}
