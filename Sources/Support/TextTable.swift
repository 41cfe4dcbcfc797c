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

    /// ``aligned(_:indent:alignment:)`` within `width` columns: where the rows are wider,
    /// the columns after the first `keep` are split into blocks that fit, one under the
    /// other, each repeating the kept columns (a column wider than the width on its own
    /// gets a block of its own).
    public static func fitted(
        _ rows: [[String]], width: Int, keep: Int = 1, indent: String = "",
        alignment: @escaping (Int) -> Alignment = { _ in .left }
    ) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        let kept = min(keep, columns)
        let keptWidth = indent.count + widths.prefix(kept).reduce(0) { $0 + $1 + 2 }
        var blocks: [[Int]] = [[]]
        var used = keptWidth
        for column in kept..<columns {
            if used + widths[column] > width, !blocks[blocks.count - 1].isEmpty {
                blocks.append([])
                used = keptWidth
            }
            blocks[blocks.count - 1].append(column)
            used += widths[column] + 2
        }
        return blocks.map { block in
            let picked = Array(0..<kept) + block
            let blockRows = rows.map { row in picked.map { $0 < row.count ? row[$0] : "" } }
            return aligned(blockRows, indent: indent) { alignment(picked[$0]) }
        }.joined()
    }

    /// `text` with every line longer than `width` broken at spaces, each continuation
    /// indented four more than its line's own indent (a word longer than the room is
    /// left whole).
    public static func wrapped(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { (line: Substring) -> String in
            guard line.count > width else { return String(line) }
            let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count)
            let continuation = indent + "    "
            var lines: [String] = []
            var current = indent
            for word in line.dropFirst(indent.count).split(separator: " ") {
                let start = current == indent || current == continuation
                if !start, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = continuation
                }
                current += (current == indent || current == continuation ? "" : " ") + word
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `rows` under `header` as a markdown table; `alignments` is one of `---`, `---:`
    /// per column.
    public static func markdown(header: [String], alignments: [String], _ rows: [[String]]) -> String {
        ([header, alignments] + rows).map { "| \($0.joined(separator: " | ")) |\n" }.joined()
    }
}
