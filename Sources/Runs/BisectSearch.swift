import ChildProcesses
import Foundation
import Measurement
import Reports
import Support

/// The steps of `foldbench bisect`: each commit the search asks about measured and judged
/// against the good end, in the order measured.
public struct BisectSearch {
    public let request: BisectPlan
    public let commits: [(commit: String, subject: String)]
    public let console: Console
    public private(set) var steps: [BisectReport.Step] = []

    public init(request: BisectPlan, commits: [(commit: String, subject: String)], console: Console) {
        self.request = request
        self.commits = commits
        self.console = console
    }

    /// Instructions or allocations: a commit has moved the count when it differs from the
    /// good end's by more than the threshold.
    public mutating func counts() throws -> Bisection.Outcome {
        let reference = try count(0)
        steps.append(step(0, value: reference, judgement: .good))
        return try Bisection.search(last: commits.count - 1) { index in
            let value = try count(index)
            let moved = abs(value - reference) > request.threshold * abs(reference)
            return record(step(index, value: value, judgement: moved ? .bad : .good), reference: reference)
        }
    }

    /// Time: each commit compared with the good end by `ab`; moved when its verdict is the
    /// bad end's, undecided when `ab` cannot tell.
    public mutating func times() throws -> Bisection.Outcome {
        let goodLayouts = try Builds.pluginLayouts(commits[0].commit, cache: request.cache, console: console)
        let good = ABSide(label: "good", plugin: try goodLayouts.library(0), variant: request.variant)
        // The steps a search of N commits takes at most: the bad end and log2(N) halvings.
        let stepsAtMost = 1 + Self.log2Ceiling(commits.count - 1)
        var judge = Bisection.TimeJudge()
        steps.append(step(0, value: 1, judgement: .good))
        return try Bisection.search(last: commits.count - 1) { index in
            let layouts = try Builds.pluginLayouts(commits[index].commit, cache: request.cache, console: console)
            let experiment = ABTrials.experiment(
                request.ab, comparisons: stepsAtMost, baseline: goodLayouts, candidate: layouts,
                timeDifferentAnswers: false)
            let candidate = ABSide(
                label: commits[index].commit, plugin: try layouts.library(0), variant: request.variant)
            let estimate: ABEstimate
            do {
                estimate = try experiment.run(scenario: request.scenario, baseline: good, candidate: candidate) {
                    console.err("\($0)\n")
                }.estimate
            } catch let failure as ABFailure {
                throw RunFailure(.badInput, "\(commits[index].commit.prefix(12)): \(failure.description)")
            }
            var step = step(index, value: estimate.ratio, judgement: judge.judge(estimate.verdict))
            step.interval = estimate.interval
            step.verdict = estimate.verdict
            return record(step, reference: 1)
        }
    }

    private func step(_ index: Int, value: Double, judgement: Bisection.Judgement) -> BisectReport.Step {
        BisectReport.Step(
            index: index, commit: commits[index].commit, subject: commits[index].subject, value: value,
            judgement: judgement)
    }

    private mutating func record(_ step: BisectReport.Step, reference: Double) -> Bisection.Judgement {
        steps.append(step)
        console.err("\(BisectReport.describe(step, kind: request.kind, reference: reference))\n")
        return step.judgement
    }

    private func count(_ index: Int) throws -> Double {
        try Self.measureCount(
            request.kind, commit: commits[index].commit, scenario: request.scenario, variant: request.variant,
            cache: request.cache, console: console)
    }

    public static func log2Ceiling(_ count: Int) -> Int {
        var steps = 0
        while (1 << steps) < count { steps += 1 }
        return steps
    }

    /// A count of `commit`'s release build on the scenario: `foldbench run` of that
    /// build, read back from the report it writes.
    public static func measureCount(
        _ kind: BisectPlan.Kind, commit: String, scenario: ScenarioName, variant: VariantName, cache: String,
        console: Console
    ) throws -> Double {
        let binary = try Builds.product(.executable, of: commit, cache: cache, console: console)
        let out =
            "\(NSTemporaryDirectory())foldbench-bisect-\(ProcessInfo.processInfo.processIdentifier)-\(commit.prefix(12))"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var arguments = [
            "run", "--scenario", scenario.rawValue, "--variant", variant.rawValue, "--time-per-scenario", "0.05",
            "--out", out,
        ]
        if kind == .instructions { arguments.append("--instructions") }
        let result = try ChildProcess.run(binary, arguments, outputs: .collect)
        guard result.succeeded else {
            throw RunFailure(
                .badInput,
                "\(commit.prefix(12)): foldbench run failed (status \(result.status)): \(result.errors.suffix(400))")
        }
        let report = try ResultsDirectory.load("\(out)/latest.json")
        guard let row = report.results.first(where: { $0.scenario == scenario && $0.variant == variant }) else {
            throw RunFailure(.badInput, "\(commit.prefix(12)): its report has no \(scenario) \(variant)")
        }
        if kind == .allocations { return row.allocationsPerRelayout }
        guard let instructions = row.instructionsPerRelayout else {
            throw RunFailure(
                .badInput, "\(commit.prefix(12)): its report counts no instructions (is valgrind installed?)")
        }
        return instructions
    }
}
