import Foundation
import Measurement
import Reports
import Support

/// A results directory (`Results/` unless `--out` says otherwise) and the report files
/// in it: what `run`, `merge` and `baseline update` write, and how `compare`, `report`,
/// `export` and `ab` read a report. Commands parse their options and call these; none
/// calls another command.
public struct ResultsDirectory {
    /// The committed baseline, which pages compare against when it is there.
    public static let defaultBaseline = "\(defaultPath)/baseline.json"

    /// Where the commands write and read when no option says otherwise; their help
    /// texts say these same paths.
    public static let defaultPath = "Results"
    public static let defaultHistory = "\(defaultPath)/history.csv"
    public static let defaultReport = "\(defaultPath)/report"
    public static let defaultTrend = "\(defaultPath)/trend"
    public static let defaultProfile = "\(defaultPath)/profile"

    public let path: String

    public init(path: String) { self.path = path }

    /// Writes a run: `latest.json`, `latest.csv` and the page `report/index.html` (all
    /// from the one value), each export asked for, and with `record` the kept copy
    /// under `runs/` and a row per result in `history.csv`.
    public func write(
        _ report: Report, exports: [(ExportFormat, String)] = [], record: Bool = false, console: Console
    ) throws(RunFailure) {
        let json = JSONWriter.writePretty(report.json())
        do {
            // Another run writing here at the same time keeps `latest`; this one writes its own.
            let (latest, page) = SharedMachine.resultNames(in: path)
            try ResultFiles.writeAtomically(json, to: "\(path)/\(latest).json")
            try ResultFiles.writeAtomically(report.csv(), to: "\(path)/\(latest).csv")
            try ResultFiles.writeAtomically(report.rankingCSV(), to: "\(path)/\(latest)-ranking.csv")
            console.err("wrote \(path)/\(latest).json, \(path)/\(latest).csv and \(path)/\(latest)-ranking.csv\n")
            let html = Self.page(report, baselinePath: Self.defaultBaseline, console: console)
            try ResultFiles.writeAtomically(html, to: "\(path)/\(page)/index.html")
            console.err("wrote \(path)/\(page)/index.html\n")
            for (format, file) in exports { try Self.writeFile(report.export(format), to: file, console: console) }
            if record { try self.record(report, json: json, console: console) }
        } catch let failure as RunFailure {
            throw failure
        } catch {
            throw RunFailure(.badInput, "\(error)")
        }
    }

    /// The run kept under `runs/` and its rows appended to `history.csv` (locked, so
    /// that two runs recording at once do not interleave).
    private func record(_ report: Report, json: String, console: Console) throws {
        let stamp = report.environment.date.replacingOccurrences(of: ":", with: "")
        let kept =
            "\(path)/runs/\(stamp)-\(report.environment.commit)-\(ProcessInfo.processInfo.processIdentifier).json"
        try ResultFiles.writeAtomically(json, to: kept)
        var legacy = false
        try ResultFiles.appendLocked(header: CSV.line(CSV.columns), to: "\(path)/history.csv") { existing in
            // A history begun by an older foldbench keeps its columns: its rows stay readable.
            legacy = existing.flatMap { CSV.parse(Substring($0)) } == CSV.legacyColumns
            return report.historyRows(legacy: legacy)
        }
        if legacy {
            console.err(
                "foldbench: warning: \(path)/history.csv has the columns of an older foldbench: the machine's (cpu, cores, compiler) are left out of its rows; move it aside to start a history with them\n"
            )
        }
        console.err("recorded \(kept) and appended to \(path)/history.csv\n")
    }

    /// Reads a report; a problem names the file, the place in it and the rule (exit 2).
    public static func load(_ path: String) throws(RunFailure) -> Report {
        let bytes = try readFile(path)
        do {
            return try Report.decode(bytes, limits: Limits.current)
        } catch {
            throw .badInput(file: path, error)
        }
    }

    /// The run's page, with the baseline's regressions when the baseline can be read
    /// (a baseline that cannot is named on standard error and left out).
    public static func page(_ report: Report, baselinePath: String, console: Console) -> String {
        var baseline: Report?
        if FileManager.default.fileExists(atPath: baselinePath) {
            do {
                baseline = try load(baselinePath)
            } catch {
                console.err("foldbench: warning: \(error.message); the report leaves the baseline out\n")
            }
        }
        return RunReportPage.html(report, baseline: baseline)
    }

    /// Refuses, before any work, a file that cannot be written (exit 2); nothing is left behind.
    public static func checkWritable(file path: String) throws(RunFailure) {
        do {
            try ResultFiles.checkWritable(file: path)
        } catch {
            throw RunFailure(.badInput, "\(error) (nothing done)")
        }
    }

    /// Writes one file atomically, saying so on standard error.
    public static func writeFile(_ text: String, to path: String, console: Console) throws(RunFailure) {
        do {
            try ResultFiles.writeAtomically(text, to: path)
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        console.err("wrote \(path)\n")
    }
}
