/// Tables as text: aligned columns for the terminal (run's table, `compare`, `ab`,
/// profiles), or markdown for CI summaries.
public enum TextTable {
    public enum Alignment: Sendable {
        case left, right
    }

    /// `rows` (the header first) with each column padded to its widest cell, two spaces
    /// between columns, each line after `indent` and without trailing spaces. Rows may
    /// be shorter than the widest (the missing cells are empty).
    public static func aligned(
        _ rows: [[String]], indent: String = "", alignment: (Int) -> Alignment = { _ in .left }
    ) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { line += "  " }
                line += alignment(column) == .left ? cell + padding : padding + cell
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// `rows` under `header` as a markdown table; `alignments` is one of `---`, `---:`
    /// per column.
    public static func markdown(header: [String], alignments: [String], _ rows: [[String]]) -> String {
        ([header, alignments] + rows).map { "| \($0.joined(separator: " | ")) |\n" }.joined()
    }
}
