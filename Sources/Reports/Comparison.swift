import Measurement
import Support
import Variants

/// `compare`'s judgement of one scenario × variant × metric.
public enum Verdict: String, Sendable {
    case regression
    case improved
    case unchanged
    /// Only the new report has this scenario × variant.
    case new
    /// Only the baseline has this scenario × variant.
    case missing
    /// Shown, not judged (times measured in separate runs; see `foldbench ab`).
    case informational
}

/// The thresholds and the test `compare` applies.
public struct ComparisonPolicy: Sendable {
    /// Instructions: a change beyond this fraction is a regression (or an improvement).
    public var instructionThreshold = 0.01
    /// Metrics whose regressions fail the comparison (exit 1); the others are reported only.
    public var gated = Set(Metric.compared.filter(\.gatesByDefault))

    public init() {}
}

/// One row of a comparison: a metric of a scenario × variant both reports have, or a
/// scenario × variant only one of them has (no metric, no values).
public struct ComparisonRow: Sendable {
    public var scenario: ScenarioName
    /// The variant, or `OLD -> NEW` for a pair of variants compared.
    public var variant: String
    public var metric: Metric?
    public var baseline: Double?
    public var new: Double?
    /// (new − baseline) / baseline; `nil` when the baseline is 0 or a side is missing.
    public var change: Double?
    public var verdict: Verdict
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
        baseline: Report, new: Report, policy: ComparisonPolicy, variantPairs: [VariantName: VariantName] = [:]
    ) -> [ComparisonRow] {
        var rows: [ComparisonRow] = []
        for (old, newVariant, current) in matches(baseline, new, variantPairs) {
            let label = newVariant == old.variant ? old.variant.rawValue : "\(old.variant) -> \(newVariant)"
            guard let current else {
                if variantPairs.isEmpty { rows.append(onlyOneSide(old, .missing)) }
                continue
            }
            for metric in Metric.compared where !isIdentity(metric, of: old.variant) {
                guard let before = old.metrics[metric], let after = current.metrics[metric] else { continue }
                rows.append(
                    ComparisonRow(
                        scenario: old.scenario, variant: label, metric: metric, baseline: before, new: after,
                        change: before == 0 ? (after == 0 ? 0 : nil) : (after - before) / before,
                        verdict: judge(metric, before, after, policy), gated: policy.gated.contains(metric)))
            }
        }
        if variantPairs.isEmpty {
            for entry in new.results
            where !baseline.results.contains(where: { $0.scenario == entry.scenario && $0.variant == entry.variant }) {
                rows.append(onlyOneSide(entry, .new))
            }
        }
        return rows
    }

    /// A ratio of a variant to itself (the floor's time over the floor's, the reference's
    /// over the reference's): 1 on both sides by definition, never a row.
    static func isIdentity(_ metric: Metric, of variant: VariantName) -> Bool {
        (metric == .ratioToFloor && VariantList.isFloor(variant))
            || (metric == .ratioToReference && variant == VariantList.referenceName)
    }

    static func onlyOneSide(_ entry: VariantResult, _ verdict: Verdict) -> ComparisonRow {
        ComparisonRow(
            scenario: entry.scenario, variant: entry.variant.rawValue, metric: nil, baseline: nil, new: nil,
            change: nil,
            verdict: verdict, gated: false)
    }

    /// The verdict on one metric, by its ``Metric/Rule``.
    static func judge(_ metric: Metric, _ before: Double, _ after: Double, _ policy: ComparisonPolicy) -> Verdict {
        // A change in the direction that is worse for this metric counts as a regression.
        let worse: Bool = metric.smallerIsBetter ? after > before : after < before
        switch metric.rule {
        case .exactCount:
            return after == before ? .unchanged : worse ? .regression : .improved
        case .instructionThreshold:
            let change: Double? = before == 0 ? nil : (after - before) / before
            let relative = abs(change ?? (after != before ? .infinity : 0))
            return relative <= policy.instructionThreshold ? .unchanged : worse ? .regression : .improved
        case .informational, nil:
            return .informational
        }
    }

    /// Whether any gated row regressed.
    public static func hasRegression(_ rows: [ComparisonRow]) -> Bool {
        rows.contains { $0.verdict == .regression && $0.gated }
    }

    /// Each baseline result that is compared, the new report's variant it is compared
    /// with (itself, or its `variantPairs` partner), and that result when the new report has it.
    static func matches(_ baseline: Report, _ new: Report, _ variantPairs: [VariantName: VariantName]) -> [(
        old: VariantResult, newVariant: VariantName, current: VariantResult?
    )] {
        baseline.results.compactMap { old in
            guard let newVariant = variantPairs[old.variant] ?? (variantPairs.isEmpty ? old.variant : nil) else {
                return nil
            }
            return (
                old, newVariant, new.results.first { $0.scenario == old.scenario && $0.variant == newVariant }
            )
        }
    }

    /// What a gate would pass blind: each scenario × variant the baseline gates that the
    /// new report lacks, and each gated metric one side has and the other does not
    /// (counts measured on one side only); with `explicit` gates, also a gated metric
    /// neither report has. Empty when every gated comparison can be made.
    public static func blindGates(
        baseline: Report, new: Report, policy: ComparisonPolicy, variantPairs: [VariantName: VariantName] = [:],
        explicit: Bool = false
    ) -> [BlindGate] {
        var problems: [BlindGate] = []
        let gated = Metric.compared.filter { policy.gated.contains($0) }
        for (old, newVariant, current) in matches(baseline, new, variantPairs) {
            let key = ResultKey(scenario: old.scenario, variant: newVariant)
            let oldGated = gated.filter { old.metrics[$0] != nil }
            guard let current else {
                if !oldGated.isEmpty { problems.append(.notInNew(key, oldGated)) }
                continue
            }
            for metric in gated {
                switch (old.metrics[metric] != nil, current.metrics[metric] != nil) {
                case (true, false): problems.append(.metricOnOneSide(key, metric, inBaseline: true))
                case (false, true): problems.append(.metricOnOneSide(key, metric, inBaseline: false))
                default: break
                }
            }
        }
        if explicit {
            for metric in gated
            where !baseline.results.contains(where: { $0.metrics[metric] != nil })
                && !new.results.contains(where: { $0.metrics[metric] != nil })
            {
                problems.append(.inNeither(metric))
            }
        }
        return problems
    }

    /// How a count comes to be in a report, for the messages of ``BlindGate``.
    static func hint(_ metric: Metric) -> String {
        switch metric {
        case .instructionsPerRelayout, .estimatedCyclesPerRelayout: " (counted by run --instructions)"
        case .worstFrameInstructions, .editFrameInstructions: " (counted frame by frame by run --instructions)"
        default: ""
        }
    }

    /// Whether the reports had anything to compare: at least one metric in common.
    public static func hasCommonMetric(_ rows: [ComparisonRow]) -> Bool { rows.contains { $0.metric != nil } }
}

/// A comparison a gate cannot make (``Comparison/blindGates(baseline:new:policy:variantPairs:explicit:)``).
public enum BlindGate: Sendable, CustomStringConvertible {
    /// The baseline gates these metrics of a scenario × variant the new report lacks.
    case notInNew(ResultKey, [Metric])
    /// A gated metric of a scenario × variant both have is on one side only.
    case metricOnOneSide(ResultKey, Metric, inBaseline: Bool)
    /// A metric given to `--gate` is in neither report.
    case inNeither(Metric)

    public var description: String {
        switch self {
        case .notInNew(let key, let metrics):
            "\(key.scenario) × \(key.variant): in the baseline (with \(metrics.map(\.name).joined(separator: ", "))), not in the new report"
        case .metricOnOneSide(let key, let metric, let inBaseline):
            "\(key.scenario) × \(key.variant): \(metric.name) is in the \(inBaseline ? "baseline, not in the new report" : "new report, not in the baseline")\(Comparison.hint(metric))"
        case .inNeither(let metric): "\(metric.name): in neither report\(Comparison.hint(metric))"
        }
    }

    /// One line for many of one kind, for a page: how many scenario × variant pairs lack what.
    public static func summary(_ problems: [BlindGate]) -> [String] {
        var lines: [String] = []
        let missing = problems.filter { if case .notInNew = $0 { return true } else { return false } }.count
        if missing > 0 {
            lines.append(
                "\(missing) scenario × variant pair\(missing == 1 ? "" : "s") of the baseline \(missing == 1 ? "is" : "are") not in this run"
            )
        }
        var oneSide: [String: Int] = [:]
        for problem in problems {
            if case .metricOnOneSide(_, let metric, let inBaseline) = problem {
                oneSide[
                    "\(metric.name) is \(inBaseline ? "in the baseline, not in this run" : "in this run, not in the baseline")\(Comparison.hint(metric))",
                    default: 0] += 1
            }
        }
        for (text, count) in oneSide.sorted(by: { $0.key < $1.key }) {
            lines.append("\(text), for \(count) scenario × variant pair\(count == 1 ? "" : "s")")
        }
        for problem in problems { if case .inNeither = problem { lines.append(problem.description) } }
        return lines
    }
}
