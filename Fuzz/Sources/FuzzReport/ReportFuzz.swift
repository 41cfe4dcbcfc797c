// libFuzzer target: raw bytes as a report file, read as every command reads one
// (compare, report, export, merge). It must accept or reject, never trap; an accepted
// report is compared with itself, exported in every format, drawn and merged, and
// written back: it must read again and write the same bytes.
import FuzzDriver
import Reports
import Support

@main
enum ReportFuzz {
    static func main() {
        runFuzzer { bytes in
            guard let report = try? Report.decode(bytes) else { return }
            let rows = Comparison.compare(baseline: report, new: report, policy: ComparisonPolicy())
            guard !Comparison.hasRegression(rows) else { fatalError("a report regresses against itself") }
            _ = Comparison.table(rows) + Comparison.markdown(rows)
            _ = Comparison.json(rows, baseline: "a", new: "b")
            for format in ExportFormat.allCases { _ = report.export(format) }
            _ = RunReportPage.html(report, baseline: report)
            _ = report.csv() + report.historyRows()
            _ = Report.mergeConflicts([("a", report), ("b", report)])
            _ = try? Report.merging([("a", report), ("b", report)])
            let written = JSONWriter.write(report.json())
            guard let again = try? Report.decode(Array(written.utf8)) else {
                fatalError("an accepted report does not read back after writing:\n\(written)")
            }
            guard JSONWriter.write(again.json()) == written else {
                fatalError("a report read back writes other bytes:\n\(written)")
            }
        }
    }
}
