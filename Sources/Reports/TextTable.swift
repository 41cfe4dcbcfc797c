import Foundation

/// Plain-text tables for the terminal: columns padded to their widest cell, two spaces apart.
enum TextTable {
    /// `rows` (the header first) as aligned lines.
    static func aligned(_ rows: [[String]]) -> String {
        let widths = (rows.first ?? []).indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { line in
            zip(line, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }
}
