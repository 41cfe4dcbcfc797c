import Foundation
import Reports
import SceneFormat

/// `foldbench merge REPORT... --out DIR`: the reports of a sharded run as one.
enum MergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge", summary: "Merge the reports of a sharded run (run --shard K/N) into one report.",
        arguments: "REPORT.json...", positionals: 1...10_000,
        options: [.mergeOut, .allowMixed] + CommandSpec.Option.jsonLimits,
        details: """
            Writes DIR/latest.json, DIR/latest.csv and DIR/report/index.html, the results in the
            order of the files given. Refused (exit 2) when the reports come from different
            commits, were run with different options (time per scenario, frames, refresh rate,
            layout direction, instructions) or on different CPU models, unless --allow-mixed is
            given; a scenario x variant in two reports is always refused.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let out = arguments.value(.mergeOut) else {
            throw UsageError("\(CommandSpec.Option.mergeOut.name) is required", command: spec)
        }
        var reports: [(file: String, report: Report)] = []
        for path in arguments.positionals {
            let bytes = try readFile(path)
            do {
                reports.append((path, try Report.decode(bytes, limits: Limits.current)))
            } catch {
                throw CommandFailure.badInput(file: path, error)
            }
        }
        let conflicts = Report.mergeConflicts(reports)
        if !conflicts.isEmpty {
            if arguments.flag(.allowMixed) {
                for conflict in conflicts { console.err("foldbench: warning: merging mixed reports: \(conflict)\n") }
            } else {
                throw CommandFailure(
                    status: 2,
                    "the reports are not one run (give --allow-mixed to merge them anyway):\n  "
                        + conflicts.joined(separator: "\n  "))
            }
        }
        var seen: [String: String] = [:]
        var merged = reports[0].report
        merged.results = []
        for (file, report) in reports {
            for result in report.results {
                let key = "\(result.scenario) \(result.variant)"
                if let earlier = seen[key] {
                    throw CommandFailure(status: 2, "\(key) is in both \(earlier) and \(file)")
                }
                seen[key] = file
                merged.results.append(result)
            }
        }
        let json = JSONWriter.writePretty(merged.json())
        do {
            try ResultFiles.writeAtomically(json, to: "\(out)/latest.json")
            try ResultFiles.writeAtomically(merged.csv(), to: "\(out)/latest.csv")
            if let summary = try? ReportSummary.decode(Array(json.utf8)) {
                let page = ReportCommand.page(summary, baselinePath: ReportCommand.defaultBaseline, console: console)
                try ResultFiles.writeAtomically(page, to: "\(out)/report/index.html")
            }
        } catch {
            throw CommandFailure(status: 2, error.description)
        }
        console.err(
            "merged \(reports.count) reports, \(merged.results.count) results: wrote \(out)/latest.json, latest.csv and report/index.html\n"
        )
        return 0
    }
}
