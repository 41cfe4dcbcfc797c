import ArrangementModel
import Drawings
import Foundation
import Measurement
import Reports
import Support

/// Measures a plan: every scenario with every variant, checked against the reference
/// first, then (with `--instructions`) counted under callgrind in a child process.
/// `run` and `baseline update` both measure through it.
enum Measuring {
    /// Writes the page of a refusal (both layouts at the frame, the differing panes
    /// outlined) into `directory`, and says where; nothing when it cannot.
    static func picture(of failure: VerificationFailure, in directory: String) -> String {
        guard let evidence = failure.evidence else { return "" }
        let path = "\(directory)/disagreement.html"
        let page = DisagreementPage.html(
            heading: "\(failure.scenario), frame \(failure.frame) (\(failure.history))",
            notes: [
                "context: \(ResolutionComparison.describe(evidence.context))",
                "first difference: \(failure.difference)",
            ],
            variant: failure.variant.rawValue, tree: evidence.tree, context: evidence.context, expected: evidence.expected,
            got: evidence.got, expectedName: evidence.expectedName)
        do {
            try ResultFiles.writeAtomically(page, to: path)
        } catch {
            return "\n(the picture of it could not be written: \(error))"
        }
        return "\nthe two layouts side by side, the differing panes outlined: \(path)"
    }

    static func measure(_ plan: RunPlan, console: Console) throws(CommandFailure) -> Report {
        // Every output before any measuring: the report's folder and each export.
        do {
            try ResultFiles.checkWritable(plan.outDirectory)
            for (_, path) in plan.exports { try ResultFiles.checkWritable(file: path) }
        } catch {
            throw CommandFailure(status: 2, "\(error) (nothing measured)")
        }
        // A library's variant runs every frame of the run in a child process first, so
        // that a crash, a hang or a stray write takes down the child, not the run.
        try Libraries.checkInChildren(
            plan.measuredLibraries, scenarios: plan.scenarios.count, arguments: plan.checkArguments)
        let results: [VariantResult]
        do {
            results = try plan.runner.run(plan.scenarios) { progress in
                console.err(
                    "[\(progress.scenarioIndex)/\(progress.scenarioCount)] \(progress.scenario): \(progress.phase) "
                        + "(\(String(format: "%.1f", progress.elapsedSeconds)) s)\n")
            }
        } catch let failure as VerificationFailure {
            throw CommandFailure(status: 1, failure.description + picture(of: failure, in: plan.outDirectory))
        } catch let error as InputError {
            throw CommandFailure(status: 2, error.description)
        } catch {
            throw CommandFailure(status: 2, "\(error)")
        }
        var report = Report(environment: RunEnvironment.current(), options: plan.runner.options, results: results)
        guard plan.runner.options.countInstructions else { return report }
        console.err("counting instructions under callgrind...\n")
        let counted: InstructionCounter.ChildCounts
        do {
            counted = try InstructionCounter.runChild(arguments: ["count-instructions"] + plan.childArguments)
        } catch {
            throw CommandFailure(status: 2, error.message)
        }
        for index in report.results.indices {
            let result = report.results[index]
            guard let counts = counted.totals[result.key] else {
                throw CommandFailure(status: 2, "callgrind gave no count for \(result.key)")
            }
            report.results[index].instructionsPerRelayout = counts.instructions / Double(result.frames)
            report.results[index].estimatedCyclesPerRelayout = counts.estimatedCycles.map { $0 / Double(result.frames) }
            if let frames = counted.frames[result.key], frames.count == result.frames {
                report.results[index].frameInstructions = frames
                report.results[index].frameInstructionCounts = FrameDistribution(frames)
                report.results[index].rankWorstFrames()
            }
        }
        return report
    }
}
