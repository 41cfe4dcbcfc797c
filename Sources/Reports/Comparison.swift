import Measurement

/// `compare`'s judgement of one scenario × variant × metric.
public enum Verdict: String, Sendable {
    case regression
    case improved
    case unchanged
    /// Beyond the threshold, but the samples do not show a real difference.
    case noise = "unchanged (noise)"
    /// Only the new report has this scenario × variant.
    case new
    /// Only the baseline has this scenario × variant.
    case missing
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
    public var gated = Set(Metric.compared.filter(\.gatesByDefault))

    public init() {}
}

/// One row of a comparison: a metric of a scenario × variant both reports have, or a
/// scenario × variant only one of them has (no metric, no values).
public struct ComparisonRow: Sendable {
    public var scenario: String
    public var variant: String
    public var metric: Metric?
    public var baseline: Double?
    public var new: Double?
    /// (new − baseline) / baseline; `nil` when the baseline is 0 or a side is missing.
    public var change: Double?
    public var verdict: Verdict
    /// The Mann–Whitney p-value, for times.
    public var pValue: Double?
    /// Whether this row's regression fails the comparison.
    public var gated: Bool
}

/// Compares two reports scenario × variant × metric.
public enum Comparison {
    /// Rows for every metric of every scenario × variant present in both, in the
    /// baseline's order; `variantPairs` maps a baseline variant to the new variant it is
    /// compared with. Without pairs, a scenario × variant only one side has gets one
    /// row, `missing` or `new`, which never gates.
    public static func compare(
        baseline: ReportSummary, new: ReportSummary, policy: ComparisonPolicy, variantPairs: [String: String] = [:]
    ) -> [ComparisonRow] {
        var rows: [ComparisonRow] = []
        for old in baseline.entries {
            let newVariant = variantPairs[old.variant] ?? (variantPairs.isEmpty ? old.variant : nil)
            guard let newVariant else { continue }
            let label = newVariant == old.variant ? old.variant : "\(old.variant) -> \(newVariant)"
            guard let current = new.entries.first(where: { $0.scenario == old.scenario && $0.variant == newVariant })
            else {
                if variantPairs.isEmpty { rows.append(onlyOneSide(old, .missing)) }
                continue
            }
            for metric in Metric.compared {
                guard let before = old.metrics[metric], let after = current.metrics[metric] else { continue }
                let (verdict, pValue) = judge(metric, before, after, old, current, policy)
                rows.append(
                    ComparisonRow(
                        scenario: old.scenario, variant: label, metric: metric, baseline: before, new: after,
                        change: before == 0 ? nil : (after - before) / before, verdict: verdict, pValue: pValue,
                        gated: policy.gated.contains(metric)))
            }
        }
        if variantPairs.isEmpty {
            for entry in new.entries
            where !baseline.entries.contains(where: { $0.scenario == entry.scenario && $0.variant == entry.variant }) {
                rows.append(onlyOneSide(entry, .new))
            }
        }
        return rows
    }

    static func onlyOneSide(_ entry: ReportSummary.Entry, _ verdict: Verdict) -> ComparisonRow {
        ComparisonRow(
            scenario: entry.scenario, variant: entry.variant, metric: nil, baseline: nil, new: nil, change: nil,
            verdict: verdict, pValue: nil, gated: false)
    }

    /// The verdict on one metric, by its ``Metric/Rule``.
    static func judge(
        _ metric: Metric, _ before: Double, _ after: Double, _ old: ReportSummary.Entry, _ current: ReportSummary.Entry,
        _ policy: ComparisonPolicy
    ) -> (Verdict, Double?) {
        let change: Double? = before == 0 ? nil : (after - before) / before
        // A change in the direction that is worse for this metric counts as a regression.
        let worse: Bool = metric.smallerIsBetter ? after > before : after < before
        switch metric.rule {
        case .exactCount:
            return (after == before ? .unchanged : worse ? .regression : .improved, nil)
        case .instructionThreshold:
            let relative = abs(change ?? (after != before ? .infinity : 0))
            return (relative <= policy.instructionThreshold ? .unchanged : worse ? .regression : .improved, nil)
        case .separatedIntervals:
            // Measured interleaved in each run, so the machine's drift between runs
            // cancels out; the two runs' 95 % intervals must not overlap.
            guard abs(change ?? 0) > policy.timeThreshold else { return (.unchanged, nil) }
            guard let was = old.intervals[metric], let now = current.intervals[metric] else { return (.noise, nil) }
            let apart = now.lower > was.upper || now.upper < was.lower
            return (apart ? (worse ? .regression : .improved) : .noise, nil)
        case .significantTime:
            guard abs(change ?? 0) > policy.timeThreshold else { return (.unchanged, nil) }
            guard old.timeSamples.count >= 3, current.timeSamples.count >= 3 else { return (.noise, nil) }
            let p = Statistics.mannWhitneyP(old.timeSamples, current.timeSamples)
            return (p < policy.significance ? (worse ? .regression : .improved) : .noise, p)
        case nil:
            return (.unchanged, nil)
        }
    }

    /// Whether any gated row regressed.
    public static func hasRegression(_ rows: [ComparisonRow]) -> Bool {
        rows.contains { $0.verdict == .regression && $0.gated }
    }

    /// Whether the reports had anything to compare: at least one metric in common.
    public static func hasCommonMetric(_ rows: [ComparisonRow]) -> Bool { rows.contains { $0.metric != nil } }
}
