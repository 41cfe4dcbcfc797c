import Measurement
import Support

/// What a count gate found, in the order a reviewer reads it: the verdict with the gate's
/// own count, the worst change by name and size, then each scenario × variant that moved,
/// once, worst first. `compare` and `pr-report` both open with it.
public struct GateSummary: Sendable {
    /// One scenario × variant whose counts moved, with every metric that moved.
    public struct MovedPair: Sendable {
        public var scenario: ScenarioName
        public var variant: String
        /// The moved rows of this pair, in ``Metric/compared`` order.
        public var rows: [ComparisonRow]
        /// Whether it fails the gate, then its largest change's size (for the order).
        var weight: (fails: Int, size: Double)
    }

    public let rows: [ComparisonRow]

    public init(_ rows: [ComparisonRow]) { self.rows = rows }

    /// The rows that fail the gate: a gated metric that regressed.
    public var failures: [ComparisonRow] { rows.filter { $0.verdict == .regression && $0.gated } }

    /// Judged rows: a metric both sides have, compared by a rule (not shown only).
    public var judged: [ComparisonRow] {
        rows.filter { $0.metric != nil && $0.verdict != .informational }
    }

    /// Judged rows whose value moved past the rule, either way.
    public var movedRows: [ComparisonRow] {
        judged.filter { $0.verdict == .regression || $0.verdict == .improved }
    }

    /// How large a change is, for ordering: its relative size, a change from 0 the largest.
    static func size(_ row: ComparisonRow) -> Double { row.change.map(abs) ?? .infinity }

    /// The change a reviewer should see first: the largest gated regression, else the
    /// largest regression not gated, else the largest improvement; `nil` when nothing moved.
    public var worst: ComparisonRow? {
        let moved = movedRows
        let ranked =
            [failures, moved.filter { $0.verdict == .regression }, moved].first { !$0.isEmpty } ?? []
        return ranked.max { Self.size($0) < Self.size($1) }
    }

    /// Each scenario × variant that moved, once, its gated regressions first, largest first.
    public var movedPairs: [MovedPair] {
        var pairs: [MovedPair] = []
        for row in movedRows {
            let weight = (row.verdict == .regression && row.gated ? 1 : 0, Self.size(row))
            if let index = pairs.firstIndex(where: { $0.scenario == row.scenario && $0.variant == row.variant }) {
                pairs[index].rows.append(row)
                if weight > pairs[index].weight { pairs[index].weight = weight }
            } else {
                pairs.append(MovedPair(scenario: row.scenario, variant: row.variant, rows: [row], weight: weight))
            }
        }
        return pairs.enumerated().sorted {
            ($1.element.weight.fails, $1.element.weight.size, $0.offset)
                < ($0.element.weight.fails, $0.element.weight.size, $1.offset)
        }.map(\.element)
    }

    /// The verdict in words, with the gate's own count: "8 regressions (instructions 6,
    /// worst-frame-instructions 2) in 96 gated comparisons", or "No regression in 96 gated
    /// comparisons; nothing moved".
    public var verdict: String {
        let gatedCount = judged.filter(\.gated).count
        let failures = failures
        guard failures.isEmpty else {
            var byMetric: [(String, Int)] = []
            func position(_ row: ComparisonRow) -> Int { Metric.compared.firstIndex { $0 == row.metric } ?? 99 }
            let ordered = failures.sorted { position($0) < position($1) }
            for row in ordered {
                let name = row.metric?.gateName ?? row.metric?.name ?? "-"
                if let index = byMetric.firstIndex(where: { $0.0 == name }) {
                    byMetric[index].1 += 1
                } else {
                    byMetric.append((name, 1))
                }
            }
            let parts = byMetric.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            return
                "\(failures.count) regression\(failures.count == 1 ? "" : "s") (\(parts)) in \(gatedCount) gated comparison\(gatedCount == 1 ? "" : "s")"
        }
        let moved = movedRows.count
        return "No regression in \(gatedCount) gated comparison\(gatedCount == 1 ? "" : "s"); "
            + (moved == 0 ? "no count moved" : "\(moved) moved the better way")
    }

    /// A row's change in words: "instructions +6.3 % (1,525 → 1,621)".
    public static func change(_ row: ComparisonRow) -> String {
        let name = row.metric?.gateName ?? row.metric?.name ?? "-"
        return "\(name) \(percent(row)) (\(value(row.baseline)) → \(value(row.new)))"
    }

    /// The worst change in one sentence, or that nothing moved.
    public var worstLine: String {
        guard let worst else { return "Nothing moved: every judged count is the base's." }
        let kind =
            worst.verdict == .regression
            ? (worst.gated ? "Worst change" : "Largest change (not gated)") : "Largest change"
        return "\(kind): \(worst.scenario) × \(worst.variant), \(Self.change(worst))."
    }

    static func percent(_ row: ComparisonRow) -> String {
        guard let change = row.change else { return (row.baseline ?? 0) == (row.new ?? 0) ? "±0" : "from 0" }
        return NumberText.signedPercent(change, of: 1)
    }

    static func value(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value == value.rounded() || abs(value) >= 100 ? NumberText.grouped(value) : NumberText.significant(value)
    }

    /// A cell of the moved-pairs table: "1,525 → 1,621 (+6.3 %)", marked when it fails the gate.
    public static func cell(_ row: ComparisonRow?, markdown: Bool) -> String {
        guard let row else { return "" }
        let text = "\(value(row.baseline)) → \(value(row.new)) (\(percent(row)))"
        guard row.verdict == .regression else { return text }
        if !row.gated { return text + " (not gated)" }
        return markdown ? "**\(text)**" : text + " !"
    }

    /// The moved pairs as a table: scenario, variant, then one column per metric that
    /// moved anywhere; each pair once.
    public func movedTable(markdown: Bool, escape: (String) -> String = { $0 }) -> String {
        let pairs = movedPairs
        guard !pairs.isEmpty else { return "" }
        let metrics = Metric.compared.filter { metric in pairs.contains { $0.rows.contains { $0.metric == metric } } }
        let header = ["scenario", "variant"] + metrics.map { $0.gateName ?? $0.name }
        let lines = pairs.map { pair in
            [escape(pair.scenario.rawValue), escape(pair.variant)]
                + metrics.map { metric in Self.cell(pair.rows.first { $0.metric == metric }, markdown: markdown) }
        }
        if markdown {
            return TextTable.markdown(
                header: header, alignments: ["---", "---"] + metrics.map { _ in "---:" }, lines)
        }
        return TextTable.aligned([header] + lines)
    }
}
