import Measurement
import Support
import Variants

/// `foldbench ab-trial` (not listed in help): one trial of `foldbench ab`, in a fresh
/// process of its own. It loads both builds' plugin libraries, prepares the scenario
/// with each, and prints one line: `trial LOG_RATIO AGREE ARRANGEMENTS BATCH`.
enum ABTrialCommand: Command {
    static let spec = CommandSpec(
        name: "ab-trial", summary: "(internal) one trial of 'foldbench ab'.",
        options: [
            .baselinePlugin, .candidatePlugin, .trialScenario, .baselineVariant, .candidateVariant, .frames, .seed,
            .timeDifferentAnswers, .deviceFiles, .motionFiles, .baselineLibrary, .candidateLibrary,
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let baselinePlugin = arguments.value(.baselinePlugin),
            let candidatePlugin = arguments.value(.candidatePlugin),
            let scenario = arguments.scenarioName(.trialScenario)
        else {
            throw UsageError("ab-trial needs both plugins and a scenario", command: spec)
        }
        var options = ABOptions()
        options.frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? options.frames
        options.seed = arguments.value(.seed).flatMap { UInt64($0) } ?? 0
        options.deviceFiles = arguments.all(.deviceFiles)
        options.motionFiles = arguments.all(.motionFiles)
        let baseline = ABSide(
            label: "baseline", plugin: baselinePlugin,
            variant: arguments.variantName(.baselineVariant) ?? VariantList.defaultCandidateName,
            library: arguments.value(.baselineLibrary))
        let candidate = ABSide(
            label: "candidate", plugin: candidatePlugin,
            variant: arguments.variantName(.candidateVariant) ?? VariantList.defaultCandidateName,
            library: arguments.value(.candidateLibrary))
        do {
            let trial = try ABTrial.run(
                scenario: scenario, baseline: baseline, candidate: candidate, options: options,
                timeDifferentAnswers: arguments.flag(.timeDifferentAnswers))
            console.out(trial.json + "\n")
            return 0
        } catch {
            throw CommandFailure(status: 2, error.description)
        }
    }
}
