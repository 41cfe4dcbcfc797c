import ChildProcesses
import Foundation
import Measurement
import Reports
import Runs
import Support
import Variants

/// `foldbench bisect`: the first commit between a good and a bad revision that moved a
/// metric of one scenario: instruction or allocation counts (a release build and a run
/// of each commit measured), or time (`ab` of each commit measured against the good one).
enum BisectCommand: Command {
    static let spec = CommandSpec(
        name: "bisect", summary: "Find the first commit between two revisions that moved a metric.",
        options: [
            .bisectGood, .bisectBad, .bisectScenario, .bisectMetric, .bisectVariant, .bisectThreshold, .maxTime,
            .seed, .bisectFormat, .buildCache,
        ],
        details: """
            The commits are those from --good to --bad along first parents. The bad end is
            measured first, then the middle of what is left, until one commit is left: about
            log2(N) + 1 builds for N commits, each kept in the build cache. Counts (instructions
            per relayout with callgrind, allocations per relayout): each commit's release build
            runs the scenario; a commit has moved the count when it differs from the good end's
            by more than the threshold (default 1 % for instructions, as compare's gate; 0 for
            allocations, any change). Time: each commit is compared with the good end by
            'foldbench ab' (code layouts, interleaved trials); a commit has moved when its
            verdict is the bad end's (slower, or faster); same counts as not moved; an
            inconclusive step ends the search "inconclusive between" the commits it lies
            between. The error of the time steps is shared over the steps (Bonferroni).
            Exit status — 0 the first commit found; 1 the bad end has not moved, or a step was
            inconclusive; 2 bad usage, a revision that does not exist or does not build.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let request = try BisectPlan(arguments)
        let commits = try BisectPlan.commitsBetween(request.good, request.bad, in: try Builds.repositoryRoot())
        console.err(
            "\(commits.count - 1) commit(s) after \(request.good) up to \(request.bad); measuring \(request.kind.rawValue)\n"
        )
        var search = BisectSearch(request: request, commits: commits, console: console)
        let outcome = try request.kind == .time ? search.times() : search.counts()
        let report = BisectReport(request: request, commits: commits, steps: search.steps, outcome: outcome)
        console.out((request.json ? report.json() : report.table()) + "\n")
        if case .first = outcome { return .success }
        return .failed
    }
}
