import Foundation
import Reports
import Runs
import SceneFormat
import Support

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

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let out = arguments.value(.mergeOut) else {
            throw UsageError("\(CommandSpec.Option.mergeOut.name) is required", command: spec)
        }
        var reports: [(file: String, report: Report)] = []
        for path in arguments.positionals {
            reports.append((path, try ResultsDirectory.load(path)))
        }
        let conflicts = Report.mergeConflicts(reports)
        if !conflicts.isEmpty {
            if arguments.flag(.allowMixed) {
                for conflict in conflicts { console.err("foldbench: warning: merging mixed reports: \(conflict)\n") }
            } else {
                throw RunFailure(
                    .badInput,
                    "the reports are not one run (give --allow-mixed to merge them anyway):\n  "
                        + conflicts.joined(separator: "\n  "))
            }
        }
        let merged: Report
        do {
            merged = try Report.merging(reports)
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        try ResultsDirectory(path: out).write(merged, console: console)
        console.err(
            "merged \(reports.count) reports, \(merged.results.count) results: wrote \(out)/latest.json, latest.csv and report/index.html\n"
        )
        return .success
    }
}
