import ArrangementModel
import Variants
import Workloads

/// One variant on one scenario, ready to time batches of frames on request: what a
/// worker process of `foldbench ab` holds while another build's worker takes turns
/// with it. The frames roll on from batch to batch, so that two workers given the same
/// batch sizes relayout the same frames in the same order.
public final class BatchTimer {
    public let arrangements: Int
    /// FNV-1a over every frame's resolution: equal between two builds when they give
    /// the same answers.
    public let checksum: UInt64
    /// Frames per batch so that one batch lasts at least the requested time.
    public let calibratedBatch: Int
    private let loop: FrameLoop
    private let frames: Int
    private var start = 0

    /// Prepares `variant` on `scenario`; throws on an unknown scenario, device or motion.
    public init(
        scenario: Scenario, variant: VariantEntry, frames: Int, minimumBatchNanoseconds: Double,
        catalog: Catalog = Catalog()
    ) throws {
        let workload = try Workload(scenario, catalog: catalog, frames: frames)
        loop = variant.frameLoop(workload.tree, workload.contexts, now: Clock.now)
        self.frames = loop.frames
        arrangements = workload.tree.arrangementCount
        checksum = RunPhases.checksum(loop)
        (calibratedBatch, start) = RunPhases.calibrate([loop], minimumNanoseconds: minimumBatchNanoseconds)
    }

    /// Times `count` frames (``FrameLoop/timeBatch(from:count:)``) and returns the
    /// nanoseconds per frame; the next batch starts where this one ended.
    public func time(frames count: Int) -> Double {
        let time = loop.timeBatch(from: start, count: count)
        start = (start + count) % frames
        return time
    }
}
