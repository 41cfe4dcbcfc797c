import Foundation
import Reports
import Runs
import Support

/// `foldbench pr-report REPORT.json`: one markdown report for a pull request.
enum PullRequestReportCommand: Command {
    static let spec = CommandSpec(
        name: "pr-report", summary: "Write one markdown report for a pull request from a run, its base and ab.",
        arguments: "REPORT.json", positionals: 1...1,
        options: [
            .countBase, .prBaseline, .buildCache, .gate, .instructionThreshold, .pair, .prAB, .prProfileDiff, .prOut,
        ] + CommandSpec.Option.jsonLimits,
        details: """
            The first lines are the count gate's verdict (the count 'compare' with the same
            --gate gives), what the counts were compared with, the worst change by name and
            size, ab's verdict, and what is below. The counts are compared with the base
            measured in this job (--base REV, as 'compare --base' measures it, reusing its
            counts) or with a report (--baseline FILE; with --base too, only its age is said).
            Below: each scenario x variant that moved, once, with every metric that moved;
            the time verdicts of --ab; frames over the budget; every variant's check against
            the reference; each --profile-diff in a folded block. Markdown as GitHub renders
            it: .ci/run writes it to the job summary, docs/github-actions.yml posts it on the
            pull request. Every input is read before anything is written or measured.
            Exit status: the gate's: 0, 1 on a gated regression, 2 when the gate cannot judge
            what it was asked to (named in the report) or on bad input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let out = arguments.value(.prOut)
        if let out { try ResultsDirectory.checkWritable(file: out) }
        let run = try ResultsDirectory.load(arguments.positionals[0])
        let baselinePath = arguments.value(.prBaseline)
        let baseline = try baselinePath.map { path throws in try ResultsDirectory.load(path) }
        let ab = try arguments.value(.prAB).map { path throws in try text(path) }
        var report = PullRequestReport(run: run, against: nil, abMarkdown: ab)
        report.profileDiffs = try profileDiffs(arguments)
        try compare(&report, arguments, baseline: baselinePath.map { ($0, baseline!) }, console: console)
        let markdown = report.markdown()
        if let out {
            do {
                try ResultFiles.writeAtomically(markdown, to: out)
            } catch {
                throw RunFailure(.badInput, error.description)
            }
            console.err("wrote \(out)\n")
        } else {
            console.out(markdown)
        }
        if !report.blind.isEmpty {
            console.err(
                "foldbench: error: the gate cannot judge \(report.blind.count) comparison\(report.blind.count == 1 ? "" : "s"):\n"
                    + report.blind.prefix(20).map { "  \($0.description)\n" }.joined())
        }
        return report.status
    }

    /// The count comparison of `report`: with the base measured in this job (`--base`),
    /// else with `--baseline`'s report; the committed baseline's age when it is given.
    static func compare(
        _ report: inout PullRequestReport, _ arguments: ParsedArguments, baseline: (path: String, report: Report)?,
        console: Console
    ) throws {
        var policy = try arguments.comparisonPolicy(command: spec)
        let pairs = try arguments.variantPairs(command: spec)
        var base = baseline?.report
        if let revision = arguments.value(.countBase) {
            let measured = try BaseRun.measure(
                revision, like: report.run, cache: arguments.value(.buildCache) ?? Builds.defaultCache,
                console: console)
            policy.gated = measured.gateable(policy.gated, console: console)
            base = measured.report
            report.against = measured.summary
            report.notes += measured.notes
        } else if let baseline {
            report.against = "\(baseline.path), recorded at `\(baseline.report.environment.commit.prefix(12))`"
        }
        if let base {
            report.blind = Comparison.blindGates(
                baseline: base, new: report.run, policy: policy, variantPairs: pairs,
                explicit: arguments.value(.gate) != nil)
            report.rows = Comparison.compare(baseline: base, new: report.run, policy: policy, variantPairs: pairs)
        }
        if let baseline, baseline.report.environment.commit != report.run.environment.commit {
            let rows = Comparison.compare(
                baseline: baseline.report, new: report.run, policy: policy, variantPairs: pairs)
            if let age = BaselineAge.note(baseline.path, baseline.report, rows) { report.notes.append(age) }
        }
    }

    /// Each `--profile-diff TITLE=FILE`, read.
    static func profileDiffs(_ arguments: ParsedArguments) throws -> [(title: String, text: String)] {
        try arguments.all(.prProfileDiff).map { given in
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw UsageError(
                    "\(CommandSpec.Option.prProfileDiff.name) takes TITLE=FILE, not '\(given)'", command: spec)
            }
            return (String(given[..<equals]), try text(String(given[given.index(after: equals)...])))
        }
    }

    static func text(_ path: String) throws -> String {
        let bytes = try readFile(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RunFailure(.badInput, "\(path): not UTF-8 text")
        }
        return text
    }
}
