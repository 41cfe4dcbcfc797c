import Measurement
import Foundation
import SceneFormat

/// `compare`'s judgement of one scenario × variant × metric.
public enum Verdict: String, Sendable {
    case regression
    case improved
    case unchanged
    /// Beyond the threshold, but the samples do not show a real difference.
    case noise = "unchanged (noise)"
}

/// The thresholds and the test `compare` applies.
public struct ComparisonPolicy: Sendable {
    /// Instructions: a change beyond this fraction is a regression (or an improvement).
    public var instructionThreshold = 0.01
    /// Times: a change beyond this fraction *and* significant is a regression.
    public var timeThreshold = 0.05
    /// Significance level of the Mann–Whitney test on the time samples.
    public var significance = 0.01
    /// Metrics whose regressions fail the comparison (exit 1); the others are reported only.
    public var gated: Set<String> = [
        "allocationsPerRelayout", "bytesAllocatedPerRelayout", "instructionsPerRelayout", "timePerRelayout",
        "ratioToReference",
    ]

    public init() {}
}

/// One row of a comparison.
public struct ComparisonRow: Sendable {
    public var scenario: String
    public var variant: String
    public var metric: String
    public var baseline: Double
    public var new: Double
    /// (new − baseline) / baseline; `nil` when the baseline is 0.
    public var change: Double?
    public var verdict: Verdict
    /// The Mann–Whitney p-value, for times.
    public var pValue: Double?
    /// Whether this row's regression fails the comparison.
    public var gated: Bool
}

/// Compares two reports scenario × variant × metric (benchmark-design §7).
public enum Comparison {
    /// The metrics compared, in table order.
    public static let metrics = [
        "allocationsPerRelayout", "bytesAllocatedPerRelayout", "instructionsPerRelayout", "timePerRelayout",
        "ratioToReference",
    ]

    /// Rows for every scenario × variant present in both; `variantPairs` maps a
    /// baseline variant to the new variant it is compared with (default: same name).
    public static func compare(
        baseline: ReportSummary, new: ReportSummary, policy: ComparisonPolicy, variantPairs: [String: String] = [:]
    ) -> [ComparisonRow] {
        var rows: [ComparisonRow] = []
        for old in baseline.entries {
            let newVariant = variantPairs[old.variant] ?? (variantPairs.isEmpty ? old.variant : nil)
            guard let newVariant,
                let current = new.entries.first(where: { $0.scenario == old.scenario && $0.variant == newVariant })
            else { continue }
            let label = newVariant == old.variant ? old.variant : "\(old.variant) -> \(newVariant)"
            for metric in metrics {
                guard let before = old.metrics[metric], let after = current.metrics[metric] else { continue }
                let change: Double? = before == 0 ? nil : (after - before) / before
                var verdict = Verdict.unchanged
                var pValue: Double?
                switch metric {
                case "allocationsPerRelayout", "bytesAllocatedPerRelayout":
                    // Exact counts: any increase is a regression.
                    verdict = after > before ? .regression : after < before ? .improved : .unchanged
                case "instructionsPerRelayout":
                    let relative = change ?? (after > 0 ? .infinity : 0)
                    verdict =
                        relative > policy.instructionThreshold
                        ? .regression : relative < -policy.instructionThreshold ? .improved : .unchanged
                case "ratioToReference":
                    // The variant's time over the reference's, measured interleaved in each
                    // run: the machine's drift between runs cancels out. A change counts when
                    // it passes the threshold and the two runs' 95 % intervals do not overlap.
                    let relative = change ?? 0
                    if abs(relative) > policy.timeThreshold {
                        if let was = old.intervals[metric], let now = current.intervals[metric] {
                            verdict =
                                now.lower > was.upper ? .regression : now.upper < was.lower ? .improved : .noise
                        } else {
                            verdict = .noise
                        }
                    }
                default:
                    let relative = change ?? 0
                    if abs(relative) > policy.timeThreshold {
                        if old.timeSamples.count >= 3, current.timeSamples.count >= 3 {
                            let p = Statistics.mannWhitneyP(old.timeSamples, current.timeSamples)
                            pValue = p
                            verdict = p < policy.significance ? (relative > 0 ? .regression : .improved) : .noise
                        } else {
                            verdict = .noise
                        }
                    }
                }
                rows.append(
                    ComparisonRow(
                        scenario: old.scenario, variant: label, metric: metric, baseline: before, new: after,
                        change: change,
                        verdict: verdict, pValue: pValue, gated: policy.gated.contains(metric)))
            }
        }
        return rows
    }

    /// Whether any gated row regressed.
    public static func hasRegression(_ rows: [ComparisonRow]) -> Bool {
        rows.contains { $0.verdict == .regression && $0.gated }
    }

    // MARK: Output

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: abs(value) >= 100 ? "%.1f" : "%.4g", value)
    }

    static func percent(_ change: Double?) -> String {
        guard let change else { return "n/a" }
        return String(format: "%+.2f%%", change * 100)
    }

    static func verdictText(_ row: ComparisonRow) -> String {
        row.verdict == .regression && !row.gated ? "regression (not gated)" : row.verdict.rawValue
    }

    public static func table(_ rows: [ComparisonRow]) -> String {
        var lines = [["scenario", "variant", "metric", "baseline", "new", "change", "p", "verdict"]]
        for row in rows {
            lines.append([
                row.scenario, row.variant, row.metric, number(row.baseline), number(row.new), percent(row.change),
                row.pValue.map { String(format: "%.3g", $0) } ?? "", verdictText(row),
            ])
        }
        let widths = lines[0].indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { line in
            zip(line, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }

    public static func markdown(_ rows: [ComparisonRow]) -> String {
        let regressions = rows.filter { $0.verdict == .regression && $0.gated }.count
        var text =
            regressions == 0
            ? "**No regression** in \(rows.count) comparisons.\n\n"
            : "**\(regressions) regression(s)** in \(rows.count) comparisons.\n\n"
        text +=
            "| scenario | variant | metric | baseline | new | change | p | verdict |\n|---|---|---|---:|---:|---:|---:|---|\n"
        for row in rows {
            let verdict = row.verdict == .regression ? "**\(verdictText(row))**" : verdictText(row)
            text +=
                "| \(row.scenario) | \(row.variant) | \(row.metric) | \(number(row.baseline)) | \(number(row.new)) | \(percent(row.change)) | \(row.pValue.map { String(format: "%.3g", $0) } ?? "") | \(verdict) |\n"
        }
        return text
    }

    public static func json(_ rows: [ComparisonRow], baseline: String, new: String) -> String {
        JSONWriter.writePretty(
            .object([
                ("baseline", .string(baseline)), ("new", .string(new)), ("regression", .bool(hasRegression(rows))),
                (
                    "rows",
                    .array(
                        rows.map { row in
                            .object([
                                ("scenario", .string(row.scenario)), ("variant", .string(row.variant)),
                                ("metric", .string(row.metric)), ("baseline", .number(row.baseline)),
                                ("new", .number(row.new)),
                                ("change", row.change.map { .number($0) } ?? .null),
                                ("pValue", row.pValue.map { .number($0) } ?? .null),
                                ("verdict", .string(row.verdict.rawValue)),
                                ("gated", .bool(row.gated)),
                            ])
                        })
                ),
            ]))
    }
}
