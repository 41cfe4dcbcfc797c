import Foundation
import Measurement
import Reports
import Runs
import SceneFormat
import Support
import Variants
import Workloads

/// `foldbench trend [HISTORY]`: series over runs, change points, charts.
enum TrendCommand: Command {
    static let spec = CommandSpec(
        name: "trend", summary: "Find change points in Results/history.csv; write SVG charts and summaries.",
        arguments: "[HISTORY.csv]", positionals: 0...1,
        options: [.trendOut, .changePointBudget, .maxInputMB, .maxHistoryRows],
        details: """
            Per scenario x variant x metric: the series over recorded runs, its change points
            (E-divisive means with a permutation test, p < 0.05), one SVG chart per series,
            index.html linking them, and summary.json, summary.csv and summary.md.
            Rows that cannot be read are reported with their line number and skipped.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let path = arguments.positionals.first ?? ResultsDirectory.defaultHistory
        let text = try readHistory(path)
        let budget =
            try arguments.integer(.changePointBudget, in: 1...Int(Int32.max), command: spec) ?? Trend.changePointBudget
        let (series, problems) = Trend.read(text, changePointBudget: budget)
        let cut = series.filter { $0.searchedFrom > 0 }.count
        if cut > 0 {
            console.err(
                "foldbench: note: \(path): more points than the change-point search's budget of \(budget) "
                    + "(\(CommandSpec.Option.changePointBudget.name) N): \(cut) of \(series.count) series are "
                    + "searched in their newest points only\n")
        }
        // A file that is not a history at all is one error, not a warning and then an error.
        if series.isEmpty, let first = problems.first, first.line == 1 {
            throw RunFailure(.badInput, "\(path): \(first)")
        }
        for problem in problems { console.err("foldbench: warning: \(path): \(problem) (skipped)\n") }
        if series.isEmpty, problems.isEmpty {
            console.err(
                "foldbench: note: \(path) holds no rows yet ('foldbench run --record' adds them): nothing to chart\n")
        }
        let out = arguments.value(.trendOut) ?? ResultsDirectory.defaultTrend
        try write(series, to: out)
        console.out(Trend.summaryMarkdown(series))
        console.err("wrote \(series.count) charts, index.html and summaries to \(out)/\n")
        return .success
    }

    /// The history's text, refused when it has more rows than the limit.
    static func readHistory(_ path: String) throws -> String {
        let bytes = try readFile(path)
        // Lines after the header, the last one counted whether or not a newline ends it.
        let newlines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let rows = newlines - 1 + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
        guard rows <= Limits.current.maximumHistoryRows else {
            throw RunFailure(
                .badInput,
                "\(path): more than \(Limits.current.maximumHistoryRows) rows, the limit (raise it with \(InputLimits.historyRowsFlag) N)"
            )
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A chart per series, the index and the summaries.
    static func write(_ series: [TrendSeries], to out: String) throws(RunFailure) {
        do {
            try ResultFiles.checkWritable(out)
            for item in series { try ResultFiles.writeAtomically(Trend.svg(item), to: "\(out)/\(item.slug).svg") }
            try ResultFiles.writeAtomically(Trend.html(series), to: "\(out)/index.html")
            try ResultFiles.writeAtomically(Trend.summaryJSON(series), to: "\(out)/summary.json")
            try ResultFiles.writeAtomically(Trend.summaryCSV(series), to: "\(out)/summary.csv")
            try ResultFiles.writeAtomically(Trend.summaryMarkdown(series), to: "\(out)/summary.md")
        } catch {
            throw RunFailure(.badInput, error.description)
        }
    }
}
