import Foundation
import Reports

/// `foldbench pr-report REPORT.json`: one markdown report for a pull request.
enum PullRequestReportCommand: Command {
    static let spec = CommandSpec(
        name: "pr-report", summary: "Write one markdown report for a pull request from a run, compare and ab.",
        arguments: "REPORT.json", positionals: 1...1,
        options: [.prBaseline, .prAB, .prProfileDiff, .prOut] + CommandSpec.Option.jsonLimits,
        details: """
            The count gate against --baseline (what moved, or what it cannot judge), the
            time verdicts of --ab, each scenario x variant's p99 and worst frame against the
            frame budget, every variant's check against the reference (and the adversarial
            histories of those that remember), and where instructions moved, with each
            --profile-diff in a folded block. Markdown as GitHub renders it: .ci/run writes
            it to the job summary, docs/github-actions.yml posts it on the pull request.
            Every input is read before anything is written; exit 2 on bad input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let out = arguments.value(.prOut)
        if let out { try ResultsDirectory.checkWritable(file: out) }
        let run = try ResultsDirectory.load(arguments.positionals[0])
        let baseline = try arguments.value(.prBaseline).map { path throws in try ResultsDirectory.load(path) }
        let ab = try arguments.value(.prAB).map { path throws in try text(path) }
        var report = PullRequestReport(run: run, baseline: baseline, abMarkdown: ab)
        for given in arguments.all(.prProfileDiff) {
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw UsageError(
                    "\(CommandSpec.Option.prProfileDiff.name) takes TITLE=FILE, not '\(given)'", command: spec)
            }
            let path = String(given[given.index(after: equals)...])
            report.profileDiffs.append((String(given[..<equals]), try text(path)))
        }
        let markdown = report.markdown()
        guard let out else {
            console.out(markdown)
            return 0
        }
        do {
            try ResultFiles.writeAtomically(markdown, to: out)
        } catch {
            throw CommandFailure(status: 2, error.description)
        }
        console.err("wrote \(out)\n")
        return 0
    }

    static func text(_ path: String) throws -> String {
        let bytes = try readFile(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(status: 2, "\(path): not UTF-8 text")
        }
        return text
    }
}
