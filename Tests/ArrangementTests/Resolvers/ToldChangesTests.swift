import ArrangementModel
import FastResolver
import Measurement
import ReferenceResolver
import SceneGenerator
import Testing
import Variants

/// A caller may say what changed since the frame before (``ContextChanges``): the frame
/// loop works it out before any timing and says it, except where it cannot know;
/// `incremental` takes its word instead of comparing contexts, and must answer as the
/// reference does either way.
@Suite("Told what changed")
struct ToldChangesTests {
    /// What a frame loop told the variant, frame by frame.
    final class Told: @unchecked Sendable {
        var changes: [ContextChanges] = []
    }

    /// Resolves with the reference and notes what it is told.
    struct Listening: ResolverVariant {
        let told: Told
        var name: String { "listening" }
        var frameMemory: FrameMemory { [.keepsState] }
        func prepare(_ tree: ArrangementTree) -> ArrangementTree { tree }
        func relayout(_ tree: ArrangementTree, in context: LayoutContext, into resolution: inout Resolution) {
            resolution = ReferenceResolver().resolve(tree, in: context)
        }
        func relayout(
            _ tree: ArrangementTree, in context: LayoutContext, changes: ContextChanges,
            into resolution: inout Resolution
        ) {
            told.changes.append(changes)
            relayout(tree, in: context, into: &resolution)
        }
    }

    static func walk(seed: UInt64, steps: Int) throws -> (ArrangementTree, [LayoutContext]) {
        var generator = SceneGenerator(seed: seed)
        let tree = try generator.tree(arrangements: 80, maximumDepth: 10)
        return (tree, generator.walk(for: tree, steps: steps))
    }

    @Test("each part is found alone, a region's -0 told from 0; unknown has every part and is not known")
    func parts() throws {
        let base = LayoutContext(
            bounds: try Rect(x: 0, y: 0, width: 800, height: 600),
            reservedRegions: [try Rect(x: 0, y: 0, width: 0, height: 600)])
        #expect(ContextChanges(from: base, to: base) == .none)
        var moved = base
        moved.bounds = try Rect(x: 0, y: 0, width: 801, height: 600)
        #expect(ContextChanges(from: base, to: moved) == .bounds)
        var compact = base
        compact.sizeClass.horizontal = .compact
        #expect(ContextChanges(from: base, to: compact) == .sizeClass)
        var flipped = base
        flipped.layoutDirection = .rightToLeft
        #expect(ContextChanges(from: base, to: flipped) == .direction)
        var negative = base
        negative.reservedRegions = [try Rect(x: -0.0, y: 0, width: 0, height: 600)]
        #expect(ContextChanges(from: base, to: negative) == .regions)
        var none = base
        none.reservedRegions = []
        #expect(ContextChanges(from: base, to: none) == .regions)
        #expect(ContextChanges.none.isKnown && ContextChanges.bounds.isKnown && !ContextChanges.unknown.isKnown)
        #expect(ContextChanges.unknown.isSuperset(of: [.bounds, .sizeClass, .direction, .regions]))
        for raw in UInt8.min...UInt8.max {
            let changes = ContextChanges(rawValue: raw)
            let expected = changes.isKnown && !changes.isDisjoint(with: [.bounds, .sizeClass])
            #expect(changes.movesEveryPane == expected, "raw value \(raw)")
        }
    }

    @Test("the frame loop tells each frame's changes from the frame before, and unknown where the variant saw another")
    func frameLoopTells() throws {
        let (tree, walk) = try Self.walk(seed: 3, steps: 40)
        let told = Told()
        let loop = VariantEntry(Listening(told: told), summary: "", isTestOnly: true).frameLoop(
            tree, walk, now: Clock.now)
        let changes = walk.indices.map { ContextChanges(from: walk[($0 + walk.count - 1) % walk.count], to: walk[$0]) }
        #expect(changes.contains(.none) && changes.contains(where: { $0.includes(.regions) }))
        // A first range: its first frame unknown, then each frame's own changes.
        loop.run(from: 0, count: 10)
        #expect(told.changes == [.unknown] + changes[1..<10])
        // Going on from where it stopped, and round the end of the timeline.
        told.changes = []
        loop.run(from: 10, count: 35)
        #expect(told.changes == Array(changes[10..<40]) + changes[0..<5])
        // Starting elsewhere: unknown first.
        told.changes = []
        loop.run(from: 20, count: 2)
        #expect(told.changes == [.unknown, changes[21]])
        // The frames checked one by one, in order, are the timed loop's, told as it tells.
        told.changes = []
        for frame in 22..<25 { _ = loop.resolution(atFrame: frame) }
        #expect(told.changes == Array(changes[22..<25]))
        // A context from outside the timeline: the next frame is unknown.
        _ = loop.relayout(walk[7]) { _ in () }
        told.changes = []
        loop.run(from: 25, count: 2)
        #expect(told.changes == [.unknown, changes[26]])
    }

    @Test("told what changed (unknown every 37th frame) or finding out, incremental equals the reference on 80 walks")
    func toldWalks() throws {
        let incremental = IncrementalResolver()
        let walks =
            try HistoryTests.histories(seed: 7, count: 40, steps: 300)
            + HistoryTests.histories(seed: 19, count: 40, steps: 300)
        for (index, (tree, walk)) in walks.enumerated() {
            let (told, findingOut) = (incremental.prepare(tree), incremental.prepare(tree))
            var (toldAnswer, foundAnswer) = (
                Resolution(paneCount: tree.paneCount), Resolution(paneCount: tree.paneCount)
            )
            for step in walk.indices {
                // Told, but for every 37th frame (the first too), when the caller does not
                // know: the two ways interleaved, each leaving the memory for the other.
                let changes =
                    step % 37 == 0 ? ContextChanges.unknown : ContextChanges(from: walk[step - 1], to: walk[step])
                incremental.relayout(told, in: walk[step], changes: changes, into: &toldAnswer)
                incremental.relayout(findingOut, in: walk[step], into: &foundAnswer)
                let want = ReferenceResolver().resolve(tree, in: walk[step])
                for (answer, how) in [(toldAnswer, "told"), (foundAnswer, "finding out")] {
                    if let difference = firstDifference(answer, want, ids: tree.paneIDs) {
                        Issue.record("walk \(index), step \(step), \(how) (\(changes.rawValue)): \(difference)")
                        return
                    }
                }
            }
        }
    }

    @Test("incremental takes the caller's word: told that nothing changed when the bounds did, it keeps its answer")
    func wordIsTaken() throws {
        let (tree, walk) = try Self.walk(seed: 5, steps: 2)
        let incremental = IncrementalResolver()
        let memory = incremental.prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        incremental.relayout(memory, in: walk[0], changes: .unknown, into: &resolution)
        let first = resolution.copyingPanes()
        var resized = walk[0]
        resized.bounds = try Rect(
            x: resized.bounds.x, y: resized.bounds.y, width: resized.bounds.width * 0.5, height: resized.bounds.height)
        incremental.relayout(memory, in: resized, changes: .none, into: &resolution)
        #expect(resolution == first)
        incremental.relayout(memory, in: resized, changes: .unknown, into: &resolution)
        #expect(resolution == ReferenceResolver().resolve(tree, in: resized))
    }

    @Test("told anything on its first frame after prepare, incremental resolves the whole tree, then follows the walk")
    func toldAfterPrepareAndEdit() throws {
        let (tree, walk) = try Self.walk(seed: 9, steps: 60)
        let incremental = IncrementalResolver()
        for changes in [ContextChanges.none, .bounds, .regions, .direction] {
            let memory = incremental.prepare(tree)
            var resolution = Resolution(paneCount: tree.paneCount)
            incremental.relayout(memory, in: walk[0], changes: changes, into: &resolution)
            #expect(resolution == ReferenceResolver().resolve(tree, in: walk[0]), "told \(changes.rawValue)")
            // Then the walk, told truthfully: the memory knew no region list before.
            for step in 1..<walk.count {
                incremental.relayout(
                    memory, in: walk[step], changes: ContextChanges(from: walk[step - 1], to: walk[step]),
                    into: &resolution)
                #expect(
                    resolution == ReferenceResolver().resolve(tree, in: walk[step]),
                    "told \(changes.rawValue) first, step \(step)")
            }
        }
    }

    @Test("incremental told what changed allocates 0 bytes over 10,000 relayouts")
    func toldAllocationFree() throws {
        #expect(AllocationCounter.isAvailable, "jemalloc's counters must answer")
        let (tree, walk) = try Self.walk(seed: 11, steps: 1_000)
        let changes = walk.indices.map { ContextChanges(from: walk[($0 + walk.count - 1) % walk.count], to: walk[$0]) }
        let incremental = IncrementalResolver()
        let memory = incremental.prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        for (context, changed) in zip(walk, changes) {
            incremental.relayout(memory, in: context, changes: changed, into: &resolution)
        }
        let tally = AllocationTally.measure {
            for step in 0..<10_000 {
                let index = step % walk.count
                incremental.relayout(memory, in: walk[index], changes: changes[index], into: &resolution)
            }
        }
        #expect(tally.bytes == 0)
    }
}
