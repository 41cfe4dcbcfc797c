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
            Exit status: 0 the first commit found; 1 the bad end has not moved, or a step was
            inconclusive; 2 bad usage, a revision that does not exist or does not build.
            """)

    /// One measured commit.
    struct Step {
        var index: Int
        var commit: String
        var subject: String
        /// A count: its value; time: the ratio against the good end.
        var value: Double
        var interval: (Double, Double)?
        var verdict: String?
        var judgement: Bisection.Judgement

        /// A time step's interval, `[0.9838, 1.0157]`.
        var intervalText: String? {
            interval.map { "[\(NumberText.fixed($0.0, decimals: 4)), \(NumberText.fixed($0.1, decimals: 4))]" }
        }

        /// The judgement as reports write it.
        var judged: String {
            switch judgement {
            case .bad: "moved"
            case .good: "not moved"
            case .undecided: "undecided"
            }
        }
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let good = arguments.value(.bisectGood), let bad = arguments.value(.bisectBad),
            let scenario = arguments.value(.bisectScenario)
        else {
            throw UsageError("bisect needs --good REV, --bad REV and --scenario MOTION/TREE/DEVICE", command: spec)
        }
        let metricName = arguments.value(.bisectMetric) ?? Kind.instructions.rawValue
        guard let kind = Kind(rawValue: metricName) else {
            throw UsageError(
                "\(CommandSpec.Option.bisectMetric.name) is \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(metricName)'",
                command: spec)
        }
        let format = arguments.value(.bisectFormat) ?? "table"
        guard ["table", "json"].contains(format) else {
            throw UsageError("\(CommandSpec.Option.bisectFormat.name) is table or json, not '\(format)'", command: spec)
        }
        let variant = arguments.value(.bisectVariant) ?? VariantList.defaultCandidateName
        let defaultThreshold: Double = kind == .instructions ? 1 : kind == .allocations ? 0 : 2
        let threshold = (try arguments.number(.bisectThreshold, in: 0...100, command: spec) ?? defaultThreshold) / 100
        let cache = arguments.value(.buildCache) ?? Builds.defaultCache
        let root = try Builds.repositoryRoot()
        let commits = try commitsBetween(good, bad, in: root)
        console.err("\(commits.count - 1) commit(s) after \(good) up to \(bad); measuring \(kind.rawValue)\n")

        var steps: [Step] = []
        let outcome: Bisection.Outcome
        switch kind {
        case .instructions, .allocations:
            func count(_ index: Int) throws -> Double {
                try measureCount(
                    kind, commit: commits[index].commit, scenario: scenario, variant: variant, cache: cache,
                    console: console)
            }
            let reference = try count(0)
            steps.append(
                Step(
                    index: 0, commit: commits[0].commit, subject: commits[0].subject, value: reference, judgement: .good
                ))
            outcome = try Bisection.search(last: commits.count - 1) { index in
                let value = try count(index)
                let moved = abs(value - reference) > threshold * abs(reference)
                let step = Step(
                    index: index, commit: commits[index].commit, subject: commits[index].subject, value: value,
                    judgement: moved ? .bad : .good)
                steps.append(step)
                console.err("\(describe(step, kind: kind, reference: reference))\n")
                return step.judgement
            }
        case .time:
            var options = ABOptions()
            options.threshold = threshold
            options.maximumSeconds =
                try arguments.number(.maxTime, in: 1...86_400, command: spec) ?? options.maximumSeconds
            options.seed = try arguments.seed(command: spec) ?? options.seed
            let goodLayouts = try Builds.pluginLayouts(commits[0].commit, cache: cache, console: console)
            let basePlugin = try goodLayouts.library(0)
            // The steps a search of N commits takes at most: the bad end and log2(N) halvings.
            let stepsAtMost = 1 + log2Ceiling(commits.count - 1)
            var badVerdict: ABVerdict?
            steps.append(
                Step(index: 0, commit: commits[0].commit, subject: commits[0].subject, value: 1, judgement: .good))
            outcome = try Bisection.search(last: commits.count - 1) { index in
                let layouts = try Builds.pluginLayouts(commits[index].commit, cache: cache, console: console)
                let experiment = ABTrials.experiment(
                    options, comparisons: stepsAtMost, baseline: goodLayouts, candidate: layouts,
                    timeDifferentAnswers: false)
                let result: ABResult
                do {
                    result = try experiment.run(
                        scenario: scenario, baseline: ABSide(label: "good", plugin: basePlugin, variant: variant),
                        candidate: ABSide(
                            label: commits[index].commit, plugin: try layouts.library(0), variant: variant)
                    ) { console.err("\($0)\n") }
                } catch let failure as ABFailure {
                    throw CommandFailure(status: 2, "\(commits[index].commit.prefix(12)): \(failure.description)")
                }
                let verdict = result.estimate.verdict
                let judgement: Bisection.Judgement
                if badVerdict == nil {
                    // The bad end sets the direction looked for.
                    if verdict == .slower || verdict == .faster { badVerdict = verdict }
                    let cannotTell = verdict == .inconclusive || verdict == .differentAnswers
                    judgement = badVerdict == nil ? (cannotTell ? .undecided : .good) : .bad
                } else if verdict == badVerdict {
                    judgement = .bad
                } else if verdict == .inconclusive || verdict == .differentAnswers {
                    judgement = .undecided
                } else {
                    judgement = .good
                }
                let step = Step(
                    index: index, commit: commits[index].commit, subject: commits[index].subject,
                    value: result.estimate.ratio, interval: (result.estimate.lower, result.estimate.upper),
                    verdict: verdict.rawValue, judgement: judgement)
                steps.append(step)
                console.err("\(describe(step, kind: kind, reference: 1))\n")
                return judgement
            }
        }
        let answer = sentence(outcome, commits: commits, kind: kind)
        if format == "json" {
            console.out(
                json(
                    kind: kind, scenario: scenario, variant: variant, threshold: threshold, commits: commits,
                    steps: steps, outcome: outcome, answer: answer) + "\n")
        } else {
            console.out(
                table(steps.sorted { $0.index < $1.index }, kind: kind, reference: steps[0].value) + answer + "\n")
        }
        if case .first = outcome { return 0 }
        return 1
    }

    static func log2Ceiling(_ count: Int) -> Int {
        var steps = 0
        while (1 << steps) < count { steps += 1 }
        return steps
    }

    /// The commits from `good` to `bad` along first parents, oldest first, both included.
    static func commitsBetween(_ good: String, _ bad: String, in root: String) throws(CommandFailure) -> [(
        commit: String, subject: String
    )] {
        func resolve(_ spec: String) throws(CommandFailure) -> String {
            guard
                let commit = Builds.run(["git", "rev-parse", "--verify", "--quiet", "\(spec)^{commit}"], in: root)
                    .output
            else { throw CommandFailure(status: 2, "'\(spec)' is not a git revision") }
            return commit
        }
        let (goodCommit, badCommit) = (try resolve(good), try resolve(bad))
        guard Builds.run(["git", "merge-base", "--is-ancestor", goodCommit, badCommit], in: root).status == 0,
            goodCommit != badCommit
        else {
            throw CommandFailure(status: 2, "--good \(good) is not an ancestor of --bad \(bad)")
        }
        guard
            let listing = Builds.run(
                ["git", "log", "--first-parent", "--reverse", "--format=%H %s", "\(goodCommit)..\(badCommit)"], in: root
            ).output
        else { throw CommandFailure(status: 2, "cannot list the commits from \(good) to \(bad)") }
        let subject = Builds.run(["git", "log", "-1", "--format=%s", goodCommit], in: root).output ?? ""
        let after = listing.split(separator: "\n").map { line in
            (commit: String(line.prefix(40)), subject: String(line.dropFirst(41)))
        }
        guard after.last?.commit == badCommit else {
            throw CommandFailure(status: 2, "--bad \(bad) is not on the first-parent line from --good \(good)")
        }
        return [(goodCommit, subject)] + after
    }

    /// A count of `commit`'s release build on the scenario: `foldbench run` of that
    /// build, read back from the report it writes.
    static func measureCount(
        _ kind: Kind, commit: String, scenario: String, variant: String, cache: String, console: Console
    ) throws -> Double {
        let binary = try Builds.product(.executable, of: commit, cache: cache, console: console)
        let out =
            "\(NSTemporaryDirectory())foldbench-bisect-\(ProcessInfo.processInfo.processIdentifier)-\(commit.prefix(12))"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var arguments = [
            "run", "--scenario", scenario, "--variant", variant, "--time-per-scenario", "0.05", "--out", out,
        ]
        if kind == .instructions { arguments.append("--instructions") }
        let result = try ChildProcess.run(binary, arguments, outputs: .collect)
        guard result.succeeded else {
            throw CommandFailure(
                status: 2,
                "\(commit.prefix(12)): foldbench run failed (status \(result.status)): \(result.errors.suffix(400))")
        }
        let report = try ResultsDirectory.load("\(out)/latest.json")
        guard let row = report.results.first(where: { $0.scenario == scenario && $0.variant == variant }) else {
            throw CommandFailure(status: 2, "\(commit.prefix(12)): its report has no \(scenario) \(variant)")
        }
        if kind == .allocations { return row.allocationsPerRelayout }
        guard let instructions = row.instructionsPerRelayout else {
            throw CommandFailure(
                status: 2, "\(commit.prefix(12)): its report counts no instructions (is valgrind installed?)")
        }
        return instructions
    }

    static func unit(_ kind: Kind) -> String {
        switch kind {
        case .instructions: "instructions per relayout"
        case .allocations: "allocations per relayout"
        case .time: "time against the good end"
        }
    }

    static func describe(_ step: Step, kind: Kind, reference: Double) -> String {
        let judged = step.judged
        let what: String
        if kind == .time {
            let interval = step.intervalText.map { " " + $0 } ?? ""
            what = "ratio \(NumberText.fixed(step.value, decimals: 4))\(interval) \(step.verdict ?? "")"
        } else {
            what = "\(NumberText.fixed(step.value, decimals: 1)) \(unit(kind)) (\(change(step.value, reference)))"
        }
        return "\(step.commit.prefix(12)) \(step.subject.prefix(60)): \(what): \(judged)"
    }

    static func change(_ value: Double, _ reference: Double) -> String {
        guard reference != 0 else { return value == 0 ? "+0 %" : "new" }
        let percent = (value / reference - 1) * 100
        return (percent >= 0 ? "+" : "") + NumberText.fixed(percent, decimals: 2) + " %"
    }

    static func sentence(_ outcome: Bisection.Outcome, commits: [(commit: String, subject: String)], kind: Kind)
        -> String
    {
        func name(_ index: Int) -> String { "\(commits[index].commit.prefix(12)) (\(commits[index].subject))" }
        switch outcome {
        case .first(let index):
            return "first commit that moved \(unit(kind)): \(name(index))"
        case .undecided(let after, let through, let at):
            return
                "inconclusive between \(name(after)) and \(name(through)): the step at \(commits[at].commit.prefix(12)) could not tell"
        case .badEndNotBad(let judgement):
            return
                "the bad end has not moved (\(judgement == .undecided ? "its time verdict is inconclusive" : "it measures like the good end")): nothing to look for"
        }
    }

    static func table(_ steps: [Step], kind: Kind, reference: Double) -> String {
        let header =
            kind == .time
            ? ["commit", "subject", "ratio", "interval", "verdict", "judged"]
            : ["commit", "subject", unit(kind), "change", "judged"]
        let rows = steps.map { step -> [String] in
            let judged = step.judged
            let subject = String(step.subject.prefix(50))
            if kind == .time {
                return [
                    String(step.commit.prefix(12)), subject, NumberText.fixed(step.value, decimals: 4),
                    step.intervalText ?? "-",
                    step.verdict ?? "(good end)", judged,
                ]
            }
            return [
                String(step.commit.prefix(12)), subject, NumberText.fixed(step.value, decimals: 1),
                change(step.value, reference), judged,
            ]
        }
        return TextTable.aligned([header] + rows)
    }

    static func json(
        kind: Kind, scenario: String, variant: String, threshold: Double, commits: [(commit: String, subject: String)],
        steps: [Step], outcome: Bisection.Outcome, answer: String
    ) -> String {
        func commit(_ index: Int) -> JSONValue {
            .object([("commit", .string(commits[index].commit)), ("subject", .string(commits[index].subject))])
        }
        let outcomeValue: JSONValue
        switch outcome {
        case .first(let index): outcomeValue = .object([("first", commit(index))])
        case .undecided(let after, let through, let at):
            outcomeValue = .object([
                ("inconclusiveBetween", .array([commit(after), commit(through)])), ("undecidedAt", commit(at)),
            ])
        case .badEndNotBad: outcomeValue = .object([("badEndNotMoved", .bool(true))])
        }
        return JSONWriter.writePretty(
            .object([
                ("schemaVersion", .number(1)), ("kind", .string("bisect")), ("metric", .string(kind.rawValue)),
                ("scenario", .string(scenario)), ("variant", .string(variant)), ("threshold", .number(threshold)),
                ("commits", .array(commits.indices.map(commit))),
                (
                    "steps",
                    .array(
                        steps.map { step in
                            var members: [(String, JSONValue)] = [
                                ("commit", .string(step.commit)), ("subject", .string(step.subject)),
                                (kind == .time ? "ratio" : "value", .number(step.value)),
                            ]
                            if let interval = step.interval {
                                members.append(("interval", .array([.number(interval.0), .number(interval.1)])))
                            }
                            if let verdict = step.verdict { members.append(("verdict", .string(verdict))) }
                            members.append(("judged", .string(step.judged)))
                            return .object(members)
                        })
                ),
                ("outcome", outcomeValue), ("answer", .string(answer)),
            ]))
    }
}
