import Foundation

/// Tables as text: aligned for the terminal, or markdown for CI summaries.
enum TextTable {
    /// `rows` (the header first) as aligned lines.
    static func aligned(_ rows: [[String]]) -> String {
        let widths = (rows.first ?? []).indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { line in
            zip(line, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }

    /// `rows` under `header` as a markdown table; `alignments` is one of `---`, `---:`
    /// per column.
    static func markdown(header: [String], alignments: [String], _ rows: [[String]]) -> String {
        ([header, alignments] + rows).map { "| \($0.joined(separator: " | ")) |\n" }.joined()
    }
}
