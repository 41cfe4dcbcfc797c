import Foundation
import Measurement
import Reports
import Support
import Workers

/// The trials of a time comparison between two builds' code layouts, each a fresh
/// process of this executable (`ab-trial`): what `ab` and `bisect`'s time steps run.
public enum ABTrials {
    /// The experiment of `ab` (and of `bisect`'s time steps) between two builds' layouts,
    /// each trial a fresh process on the pair of layouts its number gives.
    public static func experiment(
        _ options: ABOptions, comparisons: Int, baseline baselineLayouts: CodeLayouts,
        candidate candidateLayouts: CodeLayouts, timeDifferentAnswers: Bool
    ) -> ABExperiment {
        var options = options
        if baselineLayouts.isSingle, candidateLayouts.isSingle { options.layouts = 1 }
        let trialOptions = options
        var experiment = ABExperiment(options: options, comparisons: comparisons) {
            scenario, baseline, candidate, layout, seed in
            var baseline = baseline
            var candidate = candidate
            baseline.plugin = try baselineLayouts.library(layout)
            candidate.plugin = try candidateLayouts.library(layout)
            return try trialProcess(scenario, baseline, candidate, seed, trialOptions, timeDifferentAnswers)
        }
        experiment.timeDifferentAnswers = timeDifferentAnswers
        experiment.layouts = (
            baselineLayouts.isSingle ? 1 : options.layouts, candidateLayouts.isSingle ? 1 : options.layouts
        )
        return experiment
    }

    /// One trial in a fresh worker of its own (`WorkRequest.Kind.abTrial`): its result line.
    private static func trialProcess(
        _ scenario: ScenarioName, _ baseline: ABSide, _ candidate: ABSide, _ seed: UInt64, _ options: ABOptions,
        _ timeDifferentAnswers: Bool
    ) throws -> String {
        var request = WorkRequest(.abTrial)
        request.scenarios = [scenario.rawValue]
        request.variants = [baseline.variant.rawValue, candidate.variant.rawValue]
        request.plugins = [baseline.plugin, candidate.plugin]
        request.pluginLibraries = [baseline.library ?? "", candidate.library ?? ""]
        // Named in a failure's line; the plug-ins load them, not the worker.
        request.libraries = [baseline.library, candidate.library].compactMap { $0 }
        request.frames = options.frames
        request.seed = seed
        request.deviceFiles = options.deviceFiles
        request.motionFiles = options.motionFiles
        request.timeDifferentAnswers = timeDifferentAnswers
        request.placements = options.placements
        // The environment's size moves where the stack starts: a random amount of it per
        // trial, so that no stack alignment holds for every trial.
        var supervisor = Supervisor()
        supervisor.environment["FOLDBENCH_TRIAL_PADDING"] = String(repeating: "x", count: Int(seed % 4096))
        var line: String?
        do {
            try supervisor.run(request) { reply in
                if case .trial(let text) = reply { line = text }
            }
        } catch {
            throw ABFailure(error.message)
        }
        guard let line else { throw ABFailure("the trial's worker replied no result") }
        return line
    }

    /// Why there is nothing to time when the baseline is a commit whose sources are the
    /// clean working tree's (the two builds would be one program), or `nil`.
    public static func sameProgram(_ baseline: String) -> String? {
        guard let root = try? Builds.repositoryRoot(),
            let status = Builds.run(
                ["git", "status", "--porcelain", "--untracked-files=normal", "--"] + Builds.buildInputs, in: root
            ).output,
            status.isEmpty,
            let commit = Builds.run(["git", "rev-parse", "--verify", "--quiet", "\(baseline)^{commit}"], in: root)
                .output,
            Builds.sameSources(commit, "HEAD")
        else { return nil }
        return
            "the baseline \(baseline) (\(commit.prefix(12))) has the working tree's sources: the two builds are one program"
    }

    /// What the report must say when a build is a library given by path (one code layout):
    /// the interval covers the other build's layouts only, or none when both are.
    public static func layoutNote(_ baseline: CodeLayouts, _ candidate: CodeLayouts, _ options: inout ABOptions)
        -> String?
    {
        if baseline.isSingle, candidate.isSingle {
            options.layouts = 1
            return
                "note: both builds are libraries given by path, one code layout each: the interval does not cover code placement\n"
        }
        guard baseline.isSingle || candidate.isSingle else { return nil }
        return
            "note: a build given as a library has one code layout: the interval covers the other build's layouts only\n"
    }

    /// `measure(experiment)`'s status; with `--confirm`, a slower verdict (1) stands only
    /// when a second experiment (the next seed: other trials in fresh processes) finds one too.
    public static func confirming(
        _ experiment: ABExperiment, confirm: Bool, console: Console,
        _ measure: (ABExperiment) throws -> ExitStatus
    ) throws -> ExitStatus {
        let status = try measure(experiment)
        guard status == .failed, confirm else { return status }
        console.err("a slower verdict: confirming with a second experiment...\n")
        var second = experiment
        second.options.seed = experiment.options.seed &+ 1
        let confirmed = try measure(second)
        if confirmed != .failed { console.err("not confirmed: the second experiment found nothing slower\n") }
        return confirmed
    }

    /// Every scenario with every pair of sides, in order.
    public static func run(
        _ experiment: ABExperiment, _ scenarios: [ScenarioName], _ sides: [(ABSide, ABSide)], console: Console
    ) throws -> [ABResult] {
        var results: [ABResult] = []
        for scenario in scenarios {
            for (baseline, candidate) in sides {
                do {
                    results.append(
                        try experiment.run(scenario: scenario, baseline: baseline, candidate: candidate) {
                            console.err("\($0)\n")
                        })
                } catch let failure as ABFailure {
                    throw RunFailure(.badInput, failure.description)
                }
            }
        }
        return results
    }

    /// A library described and checked by a worker (every frame of `scenarios`, timed
    /// briefly and checked again) before its trials load it.
    public static func checkLibrary(_ path: String, scenarios: [ScenarioName], options: ABOptions) throws(RunFailure)
        -> LibraryInfo
    {
        guard let library = try Libraries.describe([path]).first else {
            throw RunFailure(.badInput, "library \(path): the worker described nothing")
        }
        var check = WorkRequest(.run)
        check.libraries = [path]
        check.libraryPaths = [library.absolute]
        check.scenarios = scenarios.map(\.rawValue)
        check.variants = [library.name.rawValue]
        var run = RunOptions()
        run.frames = options.frames
        run.timePerScenario = 0.2
        check.options = run.planJSON
        check.deviceFiles = options.deviceFiles.map(absolutePath)
        check.motionFiles = options.motionFiles.map(absolutePath)
        try Libraries.run(check) { _ in }
        return library
    }
}
