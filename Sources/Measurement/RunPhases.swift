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

    /// The repeat probe, for variants that declare no frame memory: each variant prepared
    /// afresh on contexts it has never been given (up to ``RepeatProbe/maximumFrames`` of
    /// the timeline's, each moved right by its own fraction of a point), and each of those
    /// relayouted twice in a row, both timed. A variant that keeps nothing does the same work
    /// both times; one that keeps its last answer, or a table of earlier answers, does far
    /// less the second time, whether or not the timeline repeats its contexts. The median
    /// over the pairs of the second time over the first (the clock's cost taken off both,
    /// the first few pairs of each preparation left out as a warm-up), over
    /// ``RepeatProbe/rounds`` preparations; nil where `probed` is false or the frames are
    /// too short for the clock to tell apart.
    public static func repeatProbe(
        _ entries: [VariantEntry], probed: [Bool], tree: ArrangementTree, contexts: [LayoutContext], clock: Double
    ) -> [Double?] {
        let count = min(contexts.count, RepeatProbe.maximumFrames)
        guard count > RepeatProbe.warmUp + RepeatProbe.minimumFrames else { return entries.map { _ in nil } }
        return entries.indices.map { index in
            guard probed[index] else { return nil }
            var firsts: [Double] = []
            var ratios: [Double] = []
            // Several fresh preparations, each on contexts of its own: a single time is at
            // the mercy of an interrupt, the median of some hundreds of pairs is not.
            for round in 0..<RepeatProbe.rounds {
                let unseen = (0..<count).map { slot in
                    RepeatProbe.moved(contexts[slot * contexts.count / count], by: Double(round * count + slot + 1) / 8)
                }
                let loop = entries[index].frameLoop(TreeTimeline(tree), unseen, now: Clock.now)
                WorkerCrumb.batch(round, library: loop.libraryIndex, limitMilliseconds: 30_000)
                defer { WorkerCrumb.leaveLibrary() }
                for frame in 0..<count {
                    var times = [0.0, 0.0]
                    for turn in 0..<2 {
                        let start = Clock.now()
                        loop.run(from: frame, count: 1)
                        times[turn] = max(Double(Clock.now() - start) - clock, 0)
                    }
                    guard frame >= RepeatProbe.warmUp, times[0] > 0 else { continue }
                    firsts.append(times[0])
                    ratios.append(times[1] / times[0])
                }
            }
            // Frames too short for the clock to tell apart say nothing.
            guard !ratios.isEmpty, Statistics.median(firsts) > RepeatProbe.shortestFrameNanoseconds else {
                return nil
            }
            return Statistics.median(ratios)
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

/// The repeat probe's limits (``RunPhases/repeatProbe(_:probed:tree:contexts:clock:)``).
public enum RepeatProbe {
    /// Contexts the probe gives a variant at most, and at least (after the warm-up).
    public static let maximumFrames = 64
    public static let minimumFrames = 8
    /// The first pairs, which warm the freshly prepared variant's caches, are not counted.
    public static let warmUp = 4
    /// Fresh preparations, each on unseen contexts of its own.
    public static let rounds = 3
    /// A frame's mean time the first time (ns, the clock's cost taken off) below which the
    /// probe says nothing: the clock cannot tell the two apart there.
    public static let shortestFrameNanoseconds = 100.0
    /// A variant whose frames take less than this share of their first time when given
    /// again at once remembers its last calls, declared or not. Variants that keep nothing
    /// measured 0.85–1.02 over three default suites, a planted cache 0.05–0.42
    /// (docs/measurements.md).
    public static let rememberingRatio = 0.5

    /// `context` moved right by `offset` points, its regions with it: a context no timeline
    /// gives (an eighth of a point is exact in binary, so every offset is distinct).
    public static func moved(_ context: LayoutContext, by offset: Double) -> LayoutContext {
        var moved = context
        func shift(_ rect: Rect) -> Rect {
            Rect(uncheckedX: rect.x + offset, y: rect.y, width: rect.width, height: rect.height)
        }
        moved.bounds = shift(context.bounds)
        moved.reservedRegions = context.reservedRegions.map(shift)
        return moved
    }
}
