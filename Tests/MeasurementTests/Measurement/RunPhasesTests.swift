import ArrangementModel
import Support
import TestSupport
import Testing
import Variants
import Workloads

@testable import Measurement

/// The runner's phases one at a time, on a small scenario: what each returns, worked
/// out from the loops themselves rather than from the runner.
@Suite("The runner's phases")
struct RunPhasesTests {
    static func workload(frames: Int = 12) throws -> Workload {
        try Workload(Scenario("fold-cycle/balanced-d2/iphone-duo"), catalog: Catalog(), frames: frames)
    }

    static var fast: VariantEntry { VariantList.entry(named: "fast")! }

    @Test("set-up: each variant in order, the floor last copying the reference's first answer, a fresh reference")
    func setUp() throws {
        let workload = try Self.workload()
        let withFloor = RunPhases.setUp([VariantList.reference, Self.fast], on: workload, floor: true)
        #expect(withFloor.entries.map(\.name) == ["reference", "fast", SpeedOfLight.variantName])
        #expect(withFloor.loops.count == 3 && withFloor.variantLoops.count == 2 && withFloor.floorCount == 1)
        let answer = withFloor.reference.resolution(atFrame: 0)
        for frame in [0, 5, 11] { #expect(withFloor.loops[2].resolution(atFrame: frame) == answer) }
        let without = RunPhases.setUp([Self.fast], on: workload, floor: false)
        #expect(without.entries.map(\.name) == ["fast"] && without.variantLoops.count == 1 && without.floorCount == 0)
    }

    /// On a motion with content the floor takes each edit in place, as a variant that does
    /// so at no cost would: its edit frames copy the edited tree's answer (the reference's
    /// on that frame), prepared nothing, so that an edit frame's floor bounds the variants'.
    @Test
    func theFloorTakesEachEditInPlace() throws {
        for name in ["detail/balanced-d4/iphone-duo", "list-loading/balanced-d8/iphone-duo"] {
            let workload = try Workload(Scenario(name), catalog: Catalog(), frames: 240)
            let setUp = RunPhases.setUp([Self.fast], on: workload, floor: true)
            let floor = try #require(setUp.entries.last?.variant as? SpeedOfLight)
            let segments = workload.trees.segments
            var prepared = floor.prepare(segments[0].tree)
            for (index, segment) in segments.enumerated().dropFirst() {
                #expect(floor.edit(&prepared, with: segment.edits, giving: segment.tree), "\(name), segment \(index)")
                var resolution = Resolution(paneCount: segment.tree.paneCount)
                floor.relayout(prepared, in: workload.contexts[segment.start], into: &resolution)
                #expect(resolution == setUp.reference.resolution(atFrame: segment.start), "\(name), segment \(index)")
            }
            // Back to the first tree at the wrap, when the timeline's edits give it.
            if !workload.trees.wrapEdits.isEmpty {
                #expect(floor.edit(&prepared, with: workload.trees.wrapEdits, giving: segments[0].tree))
                var resolution = Resolution(paneCount: segments[0].tree.paneCount)
                floor.relayout(prepared, in: workload.contexts[0], into: &resolution)
                #expect(resolution == setUp.reference.resolution(atFrame: 0), "\(name), the wrap")
            }
            // Edits that lead nowhere on the timeline are declined (the loop prepares anew).
            #expect(!floor.edit(&prepared, with: [.remove("nowhere")], giving: segments[0].tree))
        }
    }

    @Test("set-up: the chained floor after the floor, copying the same answer, and not verified either")
    func chainedFloorSetUp() throws {
        let workload = try Self.workload()
        let setUp = RunPhases.setUp([Self.fast], on: workload, floor: true, chainedFloor: true)
        #expect(setUp.entries.map(\.name) == ["fast", SpeedOfLight.variantName, ChainedFloor.variantName])
        #expect(setUp.variantLoops.count == 1 && setUp.floorLoops.count == 2)
        // Balanced trees have no negative or -0 x, so the copy is exact.
        let answer = setUp.reference.resolution(atFrame: 0)
        for frame in [0, 7] { #expect(setUp.loops[2].resolution(atFrame: frame) == answer) }
        let alone = RunPhases.setUp([Self.fast], on: workload, floor: false, chainedFloor: true)
        #expect(alone.entries.map(\.name) == ["fast", ChainedFloor.variantName] && alone.floorCount == 1)
    }

    @Test("the chained floor's links: level order, each holder a pane of an arrangement before it, panes depth-first")
    func chainedFloorLinks() throws {
        // balanced-d2: the root (panes 0 and 3), its primary's arrangement (1, 2), its
        // secondary's (4, 5).
        let links = ChainedFloor.links(try TreeFactory.balanced(depth: 2))
        #expect(
            links == [
                .init(holder: -1, primary: 0, secondary: 3), .init(holder: 0, primary: 1, secondary: 2),
                .init(holder: 3, primary: 4, secondary: 5),
            ])
        // Deeper trees go level by level, as fast stores them: depths never decrease.
        let deeper = ChainedFloor.links(try TreeFactory.balanced(depth: 4))
        var depthOfPane: [Int: Int] = [:]
        var depths: [Int] = []
        for link in deeper {
            let depth = link.holder < 0 ? 0 : try #require(depthOfPane[link.holder]) + 1
            depths.append(depth)
            depthOfPane[link.primary] = depth
            depthOfPane[link.secondary] = depth
        }
        #expect(depths == depths.sorted() && depths.count == 15)
        // A chain nests in the secondary: level by level, each held by the one before.
        let chain = ChainedFloor.links(try TreeFactory.chain(depth: 4))
        #expect(chain.map(\.holder) == [-1, 1, 3, 5] && chain.map(\.primary) == [0, 2, 4, 6])
        for seed in 1...5 as ClosedRange<UInt64> {
            let tree = try TreeFactory.random(arrangements: 60, seed: seed)
            let links = ChainedFloor.links(tree)
            #expect(links.count == 60)
            #expect(Set(links.flatMap { [$0.primary, $0.secondary] }) == Set(0..<tree.paneCount))
            var written: Set<Int> = []
            for link in links {
                #expect(link.holder == -1 ? written.isEmpty : written.contains(link.holder), "seed \(seed)")
                written.formUnion([link.primary, link.secondary])
            }
        }
    }

    @Test("checksum: FNV-1a over every frame's answer in order, so a reordered timeline differs")
    func checksum() throws {
        let workload = try Self.workload()
        let loop = Self.fast.frameLoop(workload.tree, workload.contexts, now: Clock.now)
        var expected = ResolutionComparison.checksumSeed
        for frame in 0..<12 { ResolutionComparison.checksum(loop.resolution(atFrame: frame), into: &expected) }
        #expect(RunPhases.checksum(loop) == expected)
        let reversed = Self.fast.frameLoop(workload.tree, workload.contexts.reversed(), now: Clock.now)
        #expect(RunPhases.checksum(reversed) != expected)
    }

    @Test("allocations: none for fast over a whole timeline, some for the reference")
    func allocations() throws {
        let workload = try Self.workload()
        let setUp = RunPhases.setUp([VariantList.reference, Self.fast], on: workload, floor: false)
        for loop in setUp.loops { loop.run(from: 0, count: loop.frames) }
        let tallies = RunPhases.countAllocations(setUp.loops)
        // Bytes are this thread's counter, exact while other tests run in parallel; the
        // request count is process-wide, so only the single-threaded runner can pin it at 0.
        #expect(tallies[1].bytes == 0)
        #expect(tallies[0].allocations > 0 && tallies[0].bytes > 0)
    }

    @Test("frame times: one per frame per loop; over budget is the share above 1/refresh rate")
    func frameTimes() throws {
        let workload = try Self.workload(frames: 7)
        let setUp = RunPhases.setUp([Self.fast], on: workload, floor: true)
        let times = RunPhases.timeFrames(setUp.loops, passes: 3)
        #expect(times.count == 2 && times.allSatisfy { $0.count == 7 && $0.allSatisfy { $0 > 0 } })
        // 1e9 / 1000 Hz = 1,000,000 ns: two of four frames above it, one exactly at it (not over).
        #expect(
            RunPhases.overBudget([[999_999, 1_000_000, 1_000_001, 5_000_000], []], refreshRate: 1000) == [0.5, 0])
    }

    @Test("calibration: the batch doubles until the fastest loop's batch lasts the minimum, and the frames roll on")
    func calibrate() throws {
        let workload = try Self.workload(frames: 12)
        let setUp = RunPhases.setUp([Self.fast], on: workload, floor: false)
        // No minimum: the first batch, one frame.
        let none = RunPhases.calibrate(setUp.loops, minimumNanoseconds: 0)
        #expect(none.batch == 1 && none.next == 1)
        // A minimum no batch can reach: the largest batch, 64 frames, having rolled
        // through 1 + 2 + … + 32 = 63 frames of twelve.
        let never = RunPhases.calibrate(setUp.loops, minimumNanoseconds: .infinity, maximumBatch: 64)
        #expect(never.batch == 64 && never.next == 63 % 12)
    }
}
