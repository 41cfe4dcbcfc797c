import Foundation
import Reports
import Runs
import Support

/// `foldbench report REPORT.json`: the HTML page of a run, drawn again from its report.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report", summary: "Write the HTML page of a run report (foldbench run writes it too).",
        arguments: "REPORT.json", positionals: 1...1,
        options: [.reportBaseline, .reportOut] + CommandSpec.Option.jsonLimits,
        details: """
            One self-contained page (inline SVG and CSS, no script, nothing fetched): what
            needs attention first (count regressions against the baseline, frames over
            budget), the summary table (those over budget and with the slowest frames first),
            and per scenario the distribution of every variant's samples, each variant's time
            over the reference's and over the floor's with their 95 % intervals, and the
            animation frame by frame with the postures shaded behind and the frame budget.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let path = arguments.positionals[0]
        let report = try ResultsDirectory.load(path)
        let out = arguments.value(.reportOut) ?? ResultsDirectory.defaultReport
        let baseline = arguments.value(.reportBaseline)
        if let baseline, !FileManager.default.fileExists(atPath: baseline) {
            throw RunFailure(.badInput, "\(baseline): cannot read: no such file")
        }
        let page = ResultsDirectory.page(
            report, baselinePath: baseline ?? ResultsDirectory.defaultBaseline, console: console)
        do {
            try ResultFiles.writeAtomically(page, to: "\(out)/index.html")
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        console.err("wrote \(out)/index.html\n")
        return .success
    }
}
