import ChildProcesses
import Foundation
import Measurement
import Support

/// The trials of a time comparison between two builds' code layouts, each a fresh
/// process of this executable (`ab-trial`): what `ab` and `bisect`'s time steps run.
enum ABTrials {
    /// The experiment of `ab` (and of `bisect`'s time steps) between two builds' layouts,
    /// each trial a fresh process on the pair of layouts its number gives.
    static func experiment(
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

    /// One trial in a fresh process of this executable (`ab-trial`): its output line.
    private static func trialProcess(
        _ scenario: ScenarioName, _ baseline: ABSide, _ candidate: ABSide, _ seed: UInt64, _ options: ABOptions,
        _ timeDifferentAnswers: Bool
    ) throws -> String {
        let options: [(CommandSpec.Option, String)] =
            [
                (.baselinePlugin, baseline.plugin), (.candidatePlugin, candidate.plugin), (.trialScenario, scenario.rawValue),
                (.baselineVariant, baseline.variant.rawValue), (.candidateVariant, candidate.variant.rawValue),
                (.frames, String(options.frames)), (.seed, String(seed)),
            ] + options.deviceFiles.map { (.deviceFiles, $0) } + options.motionFiles.map { (.motionFiles, $0) }
            + (baseline.library.map { [(.baselineLibrary, $0)] } ?? [])
            + (candidate.library.map { [(.candidateLibrary, $0)] } ?? [])
        let arguments =
            [ABTrialCommand.spec.name] + options.flatMap { [$0.0.name, $0.1] }
            + (timeDifferentAnswers ? [CommandSpec.Option.timeDifferentAnswers.name] : [])
        // The environment's size moves where the stack starts: a random amount of it per
        // trial, so that no stack alignment holds for every trial.
        var environment = ProcessInfo.processInfo.environment
        environment["FOLDBENCH_TRIAL_PADDING"] = String(repeating: "x", count: Int(seed % 4096))
        let result = try ChildProcess.run(ChildProcess.ownExecutable, arguments, environment: environment)
        guard result.succeeded else {
            throw ABFailure(
                result.errors.replacingOccurrences(of: "foldbench: error: ", with: "").trimmingCharacters(
                    in: .whitespacesAndNewlines))
        }
        return result.trimmedOutput
    }
}
