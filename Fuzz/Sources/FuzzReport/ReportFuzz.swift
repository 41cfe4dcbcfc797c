// libFuzzer target: raw bytes as a report file, read the two ways foldbench reads
// one (the summary for compare, report and export; the whole report for merge).
// Each must accept or reject, never trap; an accepted report is then compared with
// itself, exported in every format and drawn, and a whole report is written back
// and must read again.
import FuzzDriver
import Reports
import SceneFormat

@main
enum ReportFuzz {
    static func main() {
        runFuzzer { bytes in
            if let summary = try? ReportSummary.decode(bytes) {
                let rows = Comparison.compare(baseline: summary, new: summary, policy: ComparisonPolicy())
                guard !Comparison.hasRegression(rows) else { fatalError("a report regresses against itself") }
                _ = Comparison.table(rows) + Comparison.markdown(rows)
                _ = Comparison.json(rows, baseline: "a", new: "b")
                for format in ExportFormat.allCases { _ = summary.export(format) }
                _ = RunReportPage.html(summary, baseline: summary)
            }
            if let report = try? Report.decode(bytes) {
                _ = report.csv() + report.historyRows()
                _ = Report.mergeConflicts([("a", report), ("b", report)])
                let written = JSONWriter.write(report.json())
                guard (try? Report.decode(Array(written.utf8))) != nil else {
                    fatalError("an accepted report does not read back after writing:\n\(written)")
                }
            }
        }
    }
}
