import ArrangementModel
import Variants
import Workers
import Workloads

/// The steps a scenario goes through before it is sampled, each on its own so that the
/// runner, the callgrind child (``Runner/countInstructionLoops(_:)``) and the `ab`
/// plug-in's timer (``BatchTimer``) share them rather than repeat them: set up the
/// loops (with the floor), checksum, count allocations, time every frame, judge the
/// budget, calibrate the batch. Verification is ``Runner/verify(_:_:reference:tree:contexts:scenario:)``.
public enum RunPhases {
    /// The loops a scenario measures: each variant prepared on the workload and, with
    /// `floor`, the floor (``SpeedOfLight``, copying the reference's first answer), then
    /// with `chainedFloor` the floor of the tree's depth (``ChainedFloor``), last.
    /// The reference's own loop comes back too, fresh, for verification.
    public struct Loops {
        public var entries: [VariantEntry]
        public var loops: [FrameLoop]
        public var reference: FrameLoop
        /// How many of the last loops are floors (which are not verified).
        public var floorCount: Int

        /// The loops that are variants (the floors left out).
        public var variantLoops: ArraySlice<FrameLoop> { loops.dropLast(floorCount) }
        /// The floors' loops.
        public var floorLoops: ArraySlice<FrameLoop> { loops.suffix(floorCount) }
    }

    public static func setUp(
        _ variants: [VariantEntry], on workload: Workload, floor: Bool, chainedFloor: Bool = false
    ) -> Loops {
        let (trees, contexts) = (workload.trees, workload.contexts)
        var entries = variants
        var loops = variants.map { $0.frameLoop(trees, contexts, now: Clock.now) }
        let reference = VariantList.reference.frameLoop(trees, contexts, now: Clock.now)
        // The floors copy an answer of each tree (the first frame's of its segment); the
        // chained floor's links are one tree's, so a timeline whose tree changes has none.
        let answers = trees.segments.map { VariantList.reference.variant.resolve($0.tree, in: contexts[$0.start]) }
        let floors =
            (floor ? [SpeedOfLight.entry(trees, copying: answers)] : [])
            + (chainedFloor && !trees.hasEdits ? [ChainedFloor.entry(copying: answers[0])] : [])
        for entry in floors {
            entries.append(entry)
            loops.append(entry.frameLoop(trees, contexts, now: Clock.now))
        }
        return Loops(entries: entries, loops: loops, reference: reference, floorCount: floors.count)
    }

    /// FNV-1a over the loop's answer on every frame, in order (see
    /// ``ResolutionComparison/checksum(_:into:)``).
    public static func checksum(_ loop: FrameLoop) -> UInt64 {
        var hash = ResolutionComparison.checksumSeed
        for frame in 0..<loop.frames { ResolutionComparison.checksum(loop.resolution(atFrame: frame), into: &hash) }
        return hash
    }

    /// Allocations over one whole timeline, each loop in turn, read outside any timed region.
    public static func countAllocations(_ loops: [FrameLoop]) -> [AllocationTally] {
        loops.map { loop in
            WorkerCrumb.batch(0, library: loop.libraryIndex, limitMilliseconds: 30_000)
            defer { WorkerCrumb.leaveLibrary() }
            return AllocationTally.measure { loop.run(from: 0, count: loop.frames) }
        }
    }

    /// Every frame timed on its own (a clock read per frame), in `passes` passes that
    /// take the loops in turn; a frame's time is its median over the passes (ns).
    public static func timeFrames(_ loops: [FrameLoop], passes: Int) -> [[Double]] {
        var runs = [[[Double]]](repeating: [], count: loops.count)
        for _ in 0..<max(1, passes) {
            for (index, loop) in loops.enumerated() {
                WorkerCrumb.batch(0, library: loop.libraryIndex, limitMilliseconds: 30_000)
                defer { WorkerCrumb.leaveLibrary() }
                var times = [Double](repeating: 0, count: loop.frames)
                for frame in 0..<loop.frames {
                    let start = Clock.now()
                    loop.run(from: frame, count: 1)
                    times[frame] = Double(Clock.now() - start)
                }
                runs[index].append(times)
            }
        }
        return runs.map { passes in
            (0..<(passes.first?.count ?? 0)).map { frame in Statistics.median(passes.map { $0[frame] }) }
        }
    }

    /// The repeat probe, for variants that declare no frame memory: each frame whose context
    /// is the previous frame's (on a timeline of one tree) timed right after that frame, and
    /// right after a frame with another context. A variant that keeps nothing does the same work either way; one
    /// that keeps its last answer (or anything else of its last call) does far less in order.
    /// The ratio of the two times, in order over after another context (the clock's cost
    /// taken off both); nil where the timeline has fewer than ``RepeatProbe/minimumFrames``
    /// such frames or `probed` is false.
    public static func repeatProbe(
        _ loops: [FrameLoop], probed: [Bool], contexts: [LayoutContext], oneTree: Bool, clock: Double, passes: Int
    ) -> [Double?] {
        // Each repeated frame with the frame before its run of repeats: another context.
        var pairs: [(frame: Int, decoy: Int)] = []
        var runStart = 0
        for frame in contexts.indices.dropFirst() where oneTree {
            if contexts[frame] != contexts[frame - 1] {
                runStart = frame
            } else if runStart > 0 {
                pairs.append((frame, runStart - 1))
            }
        }
        guard pairs.count >= RepeatProbe.minimumFrames else { return loops.map { _ in nil } }
        // At most so many, spread over the timeline: the probe's cost stays a few batches'.
        if pairs.count > RepeatProbe.maximumFrames {
            pairs = (0..<RepeatProbe.maximumFrames).map { pairs[$0 * pairs.count / RepeatProbe.maximumFrames] }
        }
        return loops.indices.map { index in
            guard probed[index] else { return nil }
            let loop = loops[index]
            WorkerCrumb.batch(0, library: loop.libraryIndex, limitMilliseconds: 30_000)
            defer { WorkerCrumb.leaveLibrary() }
            // Both orders in turn, pair by pair: a machine whose speed drifts moves both alike.
            var inOrder = [[Double]](repeating: [], count: pairs.count)
            var afterOther = [[Double]](repeating: [], count: pairs.count)
            func time(_ frame: Int, after previous: Int) -> Double {
                loop.run(from: previous, count: 1)
                let start = Clock.now()
                loop.run(from: frame, count: 1)
                return Double(Clock.now() - start)
            }
            for _ in 0..<max(RepeatProbe.minimumPasses, passes) {
                for (slot, pair) in pairs.enumerated() {
                    inOrder[slot].append(time(pair.frame, after: pair.frame - 1))
                    afterOther[slot].append(time(pair.frame, after: pair.decoy))
                }
            }
            func total(_ times: [[Double]]) -> Double { times.reduce(0) { $0 + max(Statistics.median($1) - clock, 0) } }
            // Frames too short for the clock to tell apart say nothing.
            guard total(afterOther) > Double(pairs.count) * RepeatProbe.shortestFrameNanoseconds else { return nil }
            return total(inOrder) / total(afterOther)
        }
    }

    /// What timing a frame costs besides the frame: the median of `reads` empty frames,
    /// the clock read before and after nothing (ns).
    public static func clockCost(reads: Int = 10_001) -> Double {
        var times = [Double](repeating: 0, count: max(reads, 1))
        for index in times.indices {
            let start = Clock.now()
            times[index] = Double(Clock.now() - start)
        }
        return Statistics.median(times)
    }

    /// The share of each loop's frames that took longer than one frame at `refreshRate`.
    public static func overBudget(_ frameTimes: [[Double]], refreshRate: Double) -> [Double] {
        let budget = 1e9 / refreshRate
        return frameTimes.map { times in Double(times.filter { $0 > budget }.count) / Double(max(times.count, 1)) }
    }

    /// The batch: frames doubled from 1 until the fastest loop's batch lasts at least
    /// `minimumNanoseconds` (at most `maximumBatch`). The frames roll on from batch to batch, as
    /// they do while sampling, so a variant that remembers sees the timeline in order;
    /// `next` is where the first sample starts.
    public static func calibrate(_ loops: [FrameLoop], minimumNanoseconds: Double, maximumBatch: Int = 1 << 24) -> (
        batch: Int, next: Int
    ) {
        let frames = max(loops.first?.frames ?? 1, 1)
        var batch = 1
        var position = 0
        while batch < maximumBatch {
            let fastest =
                loops.map { loop -> UInt64 in
                    WorkerCrumb.batch(0, library: loop.libraryIndex, limitMilliseconds: 30_000)
                    defer { WorkerCrumb.leaveLibrary() }
                    let start = Clock.now()
                    loop.run(from: position, count: batch)
                    return Clock.now() - start
                }.min() ?? 0
            position = (position + batch) % frames
            if Double(fastest) >= minimumNanoseconds { break }
            batch *= 2
        }
        return (batch, position)
    }
}

extension Runner {
    /// The expected seconds of a scenario in a run, the cost `run --shard` balances:
    /// its share of the sampling time, plus about six passes over the timeline before
    /// sampling (verification, allocations, three timed passes, calibration), which
    /// the reference's ~120 ns per arrangement dominates. The runner's own cost model,
    /// so it lives with the runner.
    public static func expectedSeconds(arrangements: Int, frames: Int, timePerScenario: Double) -> Double {
        timePerScenario + 6 * Double(frames) * Double(arrangements) * 120e-9
    }
}

/// The repeat probe's limits (``RunPhases/repeatProbe(_:probed:contexts:oneTree:clock:passes:)``).
public enum RepeatProbe {
    /// Repeated frames needed for a ratio, and the most it times.
    public static let minimumFrames = 8
    public static let maximumFrames = 64
    /// Passes over the repeated frames after another context, at least (their median taken).
    public static let minimumPasses = 5
    /// A repeated frame's mean time after another context (ns, the clock's cost taken off)
    /// below which the probe says nothing: the clock cannot tell the two apart there.
    public static let shortestFrameNanoseconds = 100.0
    /// A variant whose repeated frames take less than this share of their time after
    /// another context remembers its last call, declared or not. Variants that keep
    /// nothing measured 0.98–1.03 over three default suites (docs/measurements.md).
    public static let rememberingRatio = 0.5
}
