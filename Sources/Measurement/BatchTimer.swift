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
        let (tree, contexts) = (workload.tree, workload.contexts)
        loop = variant.frameLoop(tree, contexts, now: Clock.now)
        self.frames = contexts.count
        arrangements = tree.arrangementCount
        var hash = ResolutionComparison.checksumSeed
        for frame in 0..<contexts.count { ResolutionComparison.checksum(loop.resolution(atFrame: frame), into: &hash) }
        checksum = hash
        // The frames roll on, batch after batch, so a variant that remembers sees them in order.
        var batch = 1
        var position = 0
        while batch < 1 << 24 {
            let before = Clock.now()
            loop.run(from: position, count: batch)
            position = (position + batch) % contexts.count
            if Double(Clock.now() - before) >= minimumBatchNanoseconds { break }
            batch *= 2
        }
        calibratedBatch = batch
        start = position
    }

    /// Times `count` frames (``FrameLoop/timeBatch(from:count:)``) and returns the
    /// nanoseconds per frame; the next batch starts where this one ended.
    public func time(frames count: Int) -> Double {
        let time = loop.timeBatch(from: start, count: count)
        start = (start + count) % frames
        return time
    }
}
