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
            row.scenario.rawValue, row.variant, row.metric?.name ?? "-", number(row.baseline), number(row.new), percent(row),
            verdictText(row),
        ]
    }

    static let header = ["scenario", "variant", "metric", "baseline", "new", "change", "verdict"]
    static let alignments = ["---", "---", "---", "---:", "---:", "---:", "---"]

    public static func table(_ rows: [ComparisonRow]) -> String {
        TextTable.aligned([header] + rows.map(cells))
    }

    /// "**No regression** in 80 comparisons" or "**2 regression(s)** in 80 comparisons".
    public static func headline(_ rows: [ComparisonRow]) -> String {
        let regressions = rows.filter { $0.verdict == .regression && $0.gated }.count
        let compared = rows.filter { $0.metric != nil && $0.verdict != .informational }.count
        return regressions == 0
            ? "**No regression** in \(compared) comparisons" : "**\(regressions) regression(s)** in \(compared) comparisons"
    }

    public static func markdown(_ rows: [ComparisonRow]) -> String {
        let text = headline(rows) + ".\n\n"
        let lines = rows.map { row in
            var line = cells(row)
            if row.verdict == .regression { line[6] = "**\(line[6])**" }
            return line
        }
        return text + TextTable.markdown(header: header, alignments: alignments, lines)
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
