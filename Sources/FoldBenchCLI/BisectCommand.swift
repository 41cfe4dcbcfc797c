import ChildProcesses
import Foundation
import Measurement
import Reports
import Support
import Variants

/// `foldbench bisect`: the first commit between a good and a bad revision that moved a
/// metric of one scenario: instruction or allocation counts (a release build and a run
/// of each commit measured), or time (`ab` of each commit measured against the good one).
enum BisectCommand: Command {
    enum Kind: String, CaseIterable {
        case instructions, allocations, time
    }

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
        let request = try Request(arguments)
        let commits = try commitsBetween(request.good, request.bad, in: try Builds.repositoryRoot())
        console.err(
            "\(commits.count - 1) commit(s) after \(request.good) up to \(request.bad); measuring \(request.kind.rawValue)\n"
        )
        var search = BisectSearch(request: request, commits: commits, console: console)
        let outcome = try request.kind == .time ? search.times() : search.counts()
        let report = BisectReport(request: request, commits: commits, steps: search.steps, outcome: outcome)
        console.out((request.format == .json ? report.json() : report.table()) + "\n")
        if case .first = outcome { return .success }
        return .failed
    }

    /// What the command line asks for.
    struct Request {
        var good: String
        var bad: String
        var scenario: ScenarioName
        var kind: Kind
        var format: OutputFormat
        var variant: VariantName
        /// A share: 0.01 is 1 %.
        var threshold: Double
        var cache: String
        /// The `ab` options of a time search.
        var ab = ABOptions()

        init(_ arguments: ParsedArguments) throws {
            guard let good = arguments.value(.bisectGood), let bad = arguments.value(.bisectBad),
                let scenario = arguments.value(.bisectScenario)
            else {
                throw UsageError("bisect needs --good REV, --bad REV and --scenario MOTION/TREE/DEVICE", command: spec)
            }
            (self.good, self.bad, self.scenario) = (good, bad, ScenarioName(scenario))
            let metricName = arguments.value(.bisectMetric) ?? Kind.instructions.rawValue
            guard let kind = Kind(rawValue: metricName) else {
                throw UsageError.notOneOf(
                    CommandSpec.Option.bisectMetric.name, metricName, Kind.allCases.map(\.rawValue), command: spec)
            }
            self.kind = kind
            format = try arguments.format(.bisectFormat, allowed: [.table, .json], command: spec)
            variant = arguments.variantName(.bisectVariant) ?? VariantList.defaultCandidateName
            let defaultThreshold: Double = kind == .instructions ? 1 : kind == .allocations ? 0 : 2
            threshold = (try arguments.number(.bisectThreshold, in: 0...100, command: spec) ?? defaultThreshold) / 100
            cache = arguments.value(.buildCache) ?? Builds.defaultCache
            guard kind == .time else { return }
            ab.threshold = threshold
            ab.maximumSeconds = try arguments.number(.maxTime, in: 1...86_400, command: spec) ?? ab.maximumSeconds
            ab.seed = try arguments.seed(command: spec) ?? ab.seed
        }
    }

    /// The commits from `good` to `bad` along first parents, oldest first, both included.
    static func commitsBetween(_ good: String, _ bad: String, in root: String) throws(CommandFailure) -> [(
        commit: String, subject: String
    )] {
        func resolve(_ spec: String) throws(CommandFailure) -> String {
            guard
                let commit = Builds.run(["git", "rev-parse", "--verify", "--quiet", "\(spec)^{commit}"], in: root)
                    .output
            else { throw CommandFailure(.badInput, "'\(spec)' is not a git revision") }
            return commit
        }
        let (goodCommit, badCommit) = (try resolve(good), try resolve(bad))
        guard Builds.run(["git", "merge-base", "--is-ancestor", goodCommit, badCommit], in: root).status == 0,
            goodCommit != badCommit
        else {
            throw CommandFailure(.badInput, "--good \(good) is not an ancestor of --bad \(bad)")
        }
        guard
            let listing = Builds.run(
                ["git", "log", "--first-parent", "--reverse", "--format=%H %s", "\(goodCommit)..\(badCommit)"], in: root
            ).output
        else { throw CommandFailure(.badInput, "cannot list the commits from \(good) to \(bad)") }
        let subject = Builds.run(["git", "log", "-1", "--format=%s", goodCommit], in: root).output ?? ""
        let after = listing.split(separator: "\n").map { line in
            (commit: String(line.prefix(40)), subject: String(line.dropFirst(41)))
        }
        guard after.last?.commit == badCommit else {
            throw CommandFailure(.badInput, "--bad \(bad) is not on the first-parent line from --good \(good)")
        }
        return [(goodCommit, subject)] + after
    }
}
