import Foundation
import Measurement
import Support
import Workers

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
}
