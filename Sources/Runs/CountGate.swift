import Measurement
import Reports
import Support

/// What the count gate (`compare`, `pr-report`) decides beyond the comparison itself:
/// whether it can see what it gates, and which counts moved (what CI profiles).
public enum CountGate {
    /// Refuses (exit 2) a gate that cannot see what it gates, naming each comparison and
    /// how to pair variants when names differ.
    public static func judgeable(
        _ baseline: Report, _ baselinePath: String, _ new: Report, _ newPath: String, policy: ComparisonPolicy,
        pairs: [VariantName: VariantName], explicit: Bool
    ) throws(RunFailure) {
        let blind = Comparison.blindGates(
            baseline: baseline, new: new, policy: policy, variantPairs: pairs, explicit: explicit)
        guard !blind.isEmpty else { return }
        throw RunFailure(
            .badInput,
            "the gate cannot judge \(blind.count) comparison\(blind.count == 1 ? "" : "s") of \(baselinePath) and \(newPath):\n"
                + blind.prefix(20).map { "  \($0.description)" }.joined(separator: "\n")
                + (blind.count > 20 ? "\n  and \(blind.count - 20) more" : "") + pairHint(baseline, new, pairs))
    }

    /// When the two reports' variants differ, how to compare them anyway.
    public static func pairHint(_ baseline: Report, _ new: Report, _ pairs: [VariantName: VariantName]) -> String {
        guard pairs.isEmpty else { return "" }
        let old = Set(baseline.variantNames)
        let onlyNew = new.variantNames.filter { !old.contains($0) }
        let onlyOld = baseline.variantNames.filter { !Set(new.variantNames).contains($0) }
        guard let second = onlyNew.first, !onlyOld.isEmpty else { return "" }
        // The baseline's variant whose name the new one starts like (fast for fast-slowed-5).
        func shared(_ a: VariantName) -> Int { zip(a.rawValue, second.rawValue).prefix { $0 == $1 }.count }
        let first = onlyOld.max { shared($0) < shared($1) }!
        return
            "\nthe new report has \(onlyNew.map(\.rawValue).joined(separator: ", ")), which the baseline lacks: to compare one variant with another, give --pair OLD=NEW (e.g. --pair \(first)=\(second))"
    }

    /// The scenario x variant pairs whose instructions a relayout moved past the threshold,
    /// either way, in order, floors left out (they are copies, not resolvers): what CI profiles.
    public static func movedInstructions(_ rows: [ComparisonRow]) -> [(scenario: ScenarioName, variant: String)] {
        var seen: Set<String> = []
        return rows.filter { row in
            row.metric == .instructionsPerRelayout && (row.verdict == .regression || row.verdict == .improved)
                && !row.variant.hasPrefix("floor")
        }.map { ($0.scenario, $0.variant) }.sorted {
            ($0.scenario.rawValue, $0.variant) < ($1.scenario.rawValue, $1.variant)
        }
        .filter { seen.insert("\($0.scenario)\t\($0.variant)").inserted }
    }
}
