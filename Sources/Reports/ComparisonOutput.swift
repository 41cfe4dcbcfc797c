import Foundation
import Measurement
import SceneFormat
import Support

/// `compare`'s three output formats: an aligned table, markdown for CI summaries, JSON.
extension Comparison {
    static func number(_ value: Double?) -> String {
        guard let value else { return "-" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: abs(value) >= 100 ? "%.1f" : "%.4g", value)
    }

    static func percent(_ row: ComparisonRow) -> String {
        guard row.metric != nil else { return "-" }
        guard let change = row.change else { return "n/a" }
        return String(format: "%+.2f%%", change * 100)
    }

    static func verdictText(_ row: ComparisonRow) -> String {
        row.verdict == .regression && !row.gated ? "regression (not gated)" : row.verdict.rawValue
    }

    static func cells(_ row: ComparisonRow) -> [String] {
        [
            row.scenario.rawValue, row.variant, row.metric?.name ?? "-", number(row.baseline), number(row.new),
            percent(row),
            verdictText(row),
        ]
    }

    static let header = ["scenario", "variant", "metric", "baseline", "new", "change", "verdict"]
    static let alignments = ["---", "---", "---", "---:", "---:", "---:", "---"]

    /// The rows a reader needs: what moved and what is on one side only; with `all`, every
    /// row (unchanged counts and the times shown only, too).
    static func shown(_ rows: [ComparisonRow], all: Bool) -> [ComparisonRow] {
        all ? rows : rows.filter { $0.verdict != .unchanged && $0.verdict != .informational }
    }

    /// What the listing leaves out ("not listed: …"), or `nil` when it lists every row.
    static func leftOut(_ rows: [ComparisonRow], all: Bool) -> String? {
        guard !all else { return nil }
        let unchanged = rows.filter { $0.verdict == .unchanged }.count
        let informational = rows.filter { $0.verdict == .informational }.count
        guard unchanged + informational > 0 else { return nil }
        return "not listed: \(unchanged) unchanged, \(informational) times shown only (--all lists every row)"
    }

    /// The aligned table of what moved, ending with the gate's verdict in one line.
    public static func table(_ rows: [ComparisonRow], all: Bool = false) -> String {
        let listed = shown(rows, all: all)
        let table = listed.isEmpty ? "" : TextTable.aligned([header] + listed.map(cells))
        return table + GateSummary(rows).verdict + (leftOut(rows, all: all).map { "; \($0)" } ?? "") + ".\n"
    }

    /// "**No regression** in 80 gated comparisons; …" or "**2 regressions (…)** in 80 …":
    /// the count is the gate's.
    public static func headline(_ rows: [ComparisonRow]) -> String {
        let summary = GateSummary(rows)
        let verdict = summary.verdict
        // The verdict's subject in bold: "No regression", or "8 regressions (…)".
        guard let end = verdict.range(of: summary.failures.isEmpty ? " in " : ") in ") else { return verdict }
        let subject = summary.failures.isEmpty ? end.lowerBound : verdict.index(after: end.lowerBound)
        return "**\(verdict[..<subject])**\(verdict[subject...])"
    }

    public static func markdown(_ rows: [ComparisonRow], all: Bool = false) -> String {
        let summary = GateSummary(rows)
        var text = headline(rows) + ". " + summary.worstLine + "\n\n"
        let lines = shown(rows, all: all).map { row in
            var line = cells(row)
            if row.verdict == .regression { line[6] = "**\(line[6])**" }
            return line
        }
        if !lines.isEmpty { text += TextTable.markdown(header: header, alignments: alignments, lines) }
        if let left = leftOut(rows, all: all) {
            text += (lines.isEmpty ? "" : "\n") + "_" + left.prefix(1).uppercased() + left.dropFirst() + "._\n"
        }
        return text
    }

    public static func json(_ rows: [ComparisonRow], baseline: String, new: String) -> String {
        func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
        return JSONWriter.writePretty(
            .object([
                ("baseline", .string(baseline)), ("new", .string(new)), ("regression", .bool(hasRegression(rows))),
                (
                    "rows",
                    .array(
                        rows.map { row in
                            .object([
                                ("scenario", .string(row.scenario.rawValue)), ("variant", .string(row.variant)),
                                ("metric", row.metric.map { .string($0.name) } ?? .null),
                                ("baseline", number(row.baseline)), ("new", number(row.new)),
                                ("change", number(row.change)),
                                ("verdict", .string(row.verdict.rawValue)), ("gated", .bool(row.gated)),
                            ])
                        })
                ),
            ]))
    }
}
