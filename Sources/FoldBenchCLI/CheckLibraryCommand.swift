import Measurement
import VariantLibraries
import Variants

/// The child of `run` (and `profile`, `ab`) that checks a library's variant before it is
/// timed (not listed in help): every frame and history step of the run's scenarios,
/// guarded. A crash, a hang, a stray write or a refused tree ends this process with one
/// line and status 1; a disagreement with the reference is left to the parent, which
/// finds the same one and reports it with its picture.
enum CheckLibraryCommand: Command {
    static let spec = CommandSpec(
        name: "check-library", summary: "(internal) the guarded check of a library's variant before 'run' times it.",
        options: [
            .scenario, .variants, .frames, .refreshRate, .layoutDirection, .deviceFiles, .motionFiles,
            .variantLibraries, .historySeed,
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var plan = try RunPlan(arguments, command: spec)
        let guarded = plan.libraries.map { $0.entry(guarded: true) }
        plan.runner.variants = plan.runner.variants.map { entry in
            guarded.first { $0.name == entry.name } ?? entry
        }
        do {
            try plan.runner.check(plan.scenarios) { scenario, frames in
                LibraryGuard.checking(scenario: scenario.description, frames: frames)
            }
        } catch is VerificationFailure {
            // The parent's own check finds it again and draws it.
        }
        return 0
    }
}
