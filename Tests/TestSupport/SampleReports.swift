import Measurement
import Reports
import Support
import Workloads

/// Reports made in code, for the tests of the layers that read them (measuring,
/// reports, the command line).
public enum SampleReports {
    public static func syntheticReport() -> Report {
        var environment = RunEnvironment()
        environment.commit = "abc123"
        environment.date = "2026-11-30T00:00:00Z"
        environment.host = "ci, \"east\""
        let result = VariantResult(
            scenario: "fold-cycle/balanced-d8/iphone-duo", variant: "fast", arrangements: 255, frames: 600,
            refreshRate: 120, batchFrames: 16, samples: [100, 110, 120, 130, 140],
            time: TimeSummary(samples: [100, 110, 120, 130, 140]),
            allocationsPerRelayout: 0, bytesAllocatedPerRelayout: 0, instructionsPerRelayout: 12_345,
            peakResidentBytes: 1 << 20,
            framesOverBudget: 0, prepareNanoseconds: 5000, ratioToReference: Estimate(0.1, Interval(0.09, 0.11)),
            checksum: 0xBEEF)
        return Report(environment: environment, options: RunOptions(), results: [result])
    }

    /// A report of two variants on one scenario, with frame times, phases and ratios.
    public static func pageReport(fastInstructions: Double = 8_825, fastOverBudget: Double = 0) -> Report {
        var environment = RunEnvironment()
        environment.commit = "abc123"
        environment.date = "2026-11-30T00:00:00Z"
        let phases =
            Array(
                repeating: Timeline.Phase(
                    posture: .flat, orientation: .landscape, outerDisplay: false, inTransition: false),
                count: 3)
            + Array(
                repeating: Timeline.Phase(
                    posture: .closed, orientation: .portrait, outerDisplay: true, inTransition: true),
                count: 2)
        func result(_ variant: VariantName, _ time: Double, _ instructions: Double, _ overBudget: Double)
            -> VariantResult
        {
            var result = VariantResult(
                scenario: "fold-cycle/balanced-d8/iphone-duo", variant: variant, arrangements: 255, frames: 5,
                refreshRate: 120, batchFrames: 16, samples: [time, time * 1.1, time * 0.9],
                time: TimeSummary(samples: [time, time * 1.1, time * 0.9]), allocationsPerRelayout: 0,
                bytesAllocatedPerRelayout: 0, instructionsPerRelayout: instructions, peakResidentBytes: 1 << 20,
                framesOverBudget: overBudget, prepareNanoseconds: 5000,
                ratioToReference: Estimate(time / 30_000, Interval(0, 1)),
                checksum: 1)
            result.ratioToFloor = Estimate(time / 400, Interval(time / 420, time / 380))
            result.frameTimes = [time * 4, time, time, time * 2, 9_000_000]
            result.framePhases = phases
            return result
        }
        return Report(
            environment: environment, options: RunOptions(),
            results: [
                result("reference", 30_000, 346_000, 0.2), result("fast", 520, fastInstructions, fastOverBudget),
            ])
    }
}
