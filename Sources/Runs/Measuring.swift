import ArrangementModel
import Foundation
import Measurement
import Reports
import Support
import Variants
import Workers

/// Measures a plan in a worker: every scenario with every variant, checked against the
/// reference first, timed, checked again; then (with `--instructions`) counted under
/// callgrind in another worker. `run` and `baseline update` both measure through it.
/// This process runs no variant's code: it writes what the workers reply.
public enum Measuring {
    /// Writes the page a worker drew of a refusal (both layouts at the frame, the
    /// differing panes outlined) into `directory`, and says where; nothing when it cannot.
    public static func picture(_ page: String?, in directory: String) -> String {
        guard let page else { return "" }
        let path = "\(directory)/disagreement.html"
        do {
            try ResultFiles.writeAtomically(page, to: path)
        } catch {
            return "\n(the picture of it could not be written: \(error))"
        }
        return "\nthe two layouts side by side, the differing panes outlined: \(path)"
    }

    /// Every output before any measuring: the report's folder and each export.
    public static func checkOutputs(_ plan: RunPlan) throws(RunFailure) {
        do {
            try ResultFiles.checkWritable(plan.outDirectory)
            // Every folder and file the run writes into, not only OUT: the page's folder, and
            // with --record the kept runs' folder and the history.
            try ResultFiles.checkWritable("\(plan.outDirectory)/report")
            if plan.record {
                try ResultFiles.checkWritable("\(plan.outDirectory)/runs")
                let history = "\(plan.outDirectory)/history.csv"
                try ResultFiles.checkWritable(file: history)
                // The history is appended to in place: the file itself must be writable.
                if FileManager.default.fileExists(atPath: history), !FileManager.default.isWritableFile(atPath: history)
                {
                    throw RunFailure(.badInput, "\(history): cannot write: Permission denied (nothing measured)")
                }
            }
            for (_, path) in plan.exports { try ResultFiles.checkWritable(file: path) }
        } catch {
            throw RunFailure(.badInput, "\(error) (nothing measured)")
        }
    }

    public static func measure(_ plan: RunPlan, console: Console) throws(RunFailure) -> Report {
        try checkOutputs(plan)
        SharedMachine.lockResults(plan.outDirectory, console: console)
        let watch = SharedMachine.Watch()
        defer { _ = watch.stop() }
        var decoded: Report?
        var changes: [String: [String]] = [:]
        do {
            try Supervisor().run(plan.request(.run)) { reply throws(WorkerFailure) in
                switch reply {
                case .progress(let scenario, let phase, let index, let count, let elapsed):
                    console.err("[\(index)/\(count)] \(scenario): \(phase) (\(String(format: "%.1f", elapsed)) s)\n")
                case .report(let json, let frameChanges):
                    do {
                        decoded = try Report.decode(document: json)
                    } catch {
                        throw WorkerFailure(.badInput, "the worker's report is unreadable: \(error)")
                    }
                    changes = frameChanges
                default: break
                }
            }
        } catch {
            throw RunFailure(error.status, error.message + picture(error.page, in: plan.outDirectory))
        }
        guard var report = decoded else { throw RunFailure(.badInput, "the worker sent no report") }
        let others = watch.stop()
        if !others.isEmpty {
            console.err(
                "foldbench: note: another FoldBench ran on this machine while this run measured (process \(others.sorted().map(String.init).joined(separator: ", "))): its times shared the cores; its counts are unaffected\n"
            )
        }
        report.environment = RunEnvironment.current()
        for index in report.results.indices {
            report.results[index].frameChanges = changes[report.results[index].scenario.rawValue] ?? []
        }
        guard plan.runner.options.countInstructions else {
            report.results.compareWithCounterparts(VariantList.statelessCounterparts)
            return report
        }
        console.err("counting instructions under callgrind...\n")
        let counted: InstructionCounter.ChildCounts
        do {
            counted = try InstructionCounter.runWorker(plan.request(.count)) { reply in
                if case .progress(let scenario, let phase, let index, let count, let elapsed) = reply {
                    console.err("[\(index)/\(count)] \(scenario): \(phase) (\(String(format: "%.1f", elapsed)) s)\n")
                }
            }
        } catch let failure as WorkerFailure {
            throw RunFailure(failure.status, failure.message)
        } catch {
            throw RunFailure(.badInput, "\(error)")
        }
        for index in report.results.indices {
            let result = report.results[index]
            guard let counts = counted.totals[result.key] else {
                throw RunFailure(.badInput, "callgrind gave no count for \(result.key)")
            }
            report.results[index].set(.instructionsPerRelayout, .value, to: counts.instructions / Double(result.frames))
            if let cycles = counts.estimatedCycles {
                report.results[index].set(.estimatedCyclesPerRelayout, .value, to: cycles / Double(result.frames))
            }
            if let frames = counted.frames[result.key], frames.count == result.frames {
                report.results[index].frameInstructions = frames
                report.results[index].frameInstructionCounts = FrameDistribution(frames)
                report.results[index].absentMetrics.subtract([.frameInstructions, .worstFrameInstructions])
                report.results[index].rankWorstFrames()
                report.results[index].summarizeEditFrames()
            }
        }
        report.results.compareWithCounterparts(VariantList.statelessCounterparts)
        return report
    }
}
