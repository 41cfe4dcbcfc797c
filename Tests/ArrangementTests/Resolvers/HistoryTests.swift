import ArrangementModel
import FastResolver
import Measurement
import ReferenceResolver
import SceneFormat
import SceneGenerator
import Testing
import Variants
import Workloads

/// Variants that remember between frames are right only if they are right over
/// histories: every step of a walk of contexts (resizes, rotations, size classes and
/// directions flipped, regions appearing, moving and vanishing, repeats, returns),
/// relayouted in order into one resolution, must equal a fresh reference. And the
/// checks must be strong enough to catch the stale caches planted in `incremental`.
@Suite("Histories")
struct HistoryTests {
    /// The first step of `walk` at which `entry`, relayouting the walk in order, differs
    /// from a fresh reference: the step and the difference, or `nil`.
    static func firstStale(_ entry: VariantEntry, _ tree: ArrangementTree, _ walk: [LayoutContext]) -> (
        step: Int, difference: String
    )? {
        let loop = entry.frameLoop(tree, walk, now: Clock.now)
        for step in walk.indices {
            let want = ReferenceResolver().resolve(tree, in: walk[step])
            if let difference = firstDifference(loop.resolution(atFrame: step), want, ids: tree.paneIDs) {
                return (step, difference)
            }
        }
        return nil
    }

    /// `Runner.verify` on `entry` alone, freshly prepared, over `contexts`.
    static func verify(_ entry: VariantEntry, _ tree: ArrangementTree, _ contexts: [LayoutContext]) throws {
        _ = try Runner.verify(
            [entry], [entry.frameLoop(tree, contexts, now: Clock.now)],
            reference: VariantList.reference.frameLoop(tree, contexts, now: Clock.now), tree: tree,
            contexts: contexts, scenario: "built")
    }

    /// Seeded trees (one in four proportional) and a walk for each.
    static func histories(seed: UInt64, count: Int, steps: Int) throws -> [(ArrangementTree, [LayoutContext])] {
        var generator = SceneGenerator(seed: seed)
        return try (0..<count).map { index in
            let arrangements = generator.source.int(in: 1...60)
            let tree =
                index % 4 == 3
                ? try generator.proportionalTree(arrangements: arrangements)
                : try generator.tree(arrangements: arrangements, maximumDepth: 12)
            return (tree, generator.walk(for: tree, steps: steps))
        }
    }

    @Test(
        "every candidate equals the reference at every step of 40 walks of 300 contexts",
        arguments: VariantList.candidates.map(\.name))
    func walks(variant: String) throws {
        let entry = try #require(VariantList.entry(named: variant))
        for (index, (tree, walk)) in try Self.histories(seed: 7, count: 40, steps: 300).enumerated() {
            if let stale = Self.firstStale(entry, tree, walk) {
                Issue.record(
                    "walk \(index), step \(stale.step): \(stale.difference)\nbefore: \(ResolutionComparison.describe(walk[max(stale.step - 1, 0)]))\nnow: \(ResolutionComparison.describe(walk[stale.step]))"
                )
                return
            }
        }
    }

    @Test("the walks contain every move: size classes and directions flipped alone, regions moved, returns")
    func walksMove() throws {
        var sizeClassAlone = 0
        var directionAlone = 0
        var regionMoved = 0
        var repeats = 0
        var returns = 0
        for (_, walk) in try Self.histories(seed: 7, count: 40, steps: 300) {
            for step in walk.indices.dropFirst() {
                let (before, now) = (walk[step - 1], walk[step])
                if before == now { repeats += 1 }
                if before.bounds == now.bounds, before.sizeClass != now.sizeClass { sizeClassAlone += 1 }
                if before.bounds == now.bounds, before.layoutDirection != now.layoutDirection { directionAlone += 1 }
                if before.reservedRegions.count == now.reservedRegions.count,
                    zip(before.reservedRegions, now.reservedRegions).filter({ $0 != $1 }).count == 1
                {
                    regionMoved += 1
                }
                if step >= 2, before != now, walk[step - 2] == now { returns += 1 }
            }
        }
        #expect(sizeClassAlone > 500)
        #expect(directionAlone > 500)
        #expect(regionMoved > 200)
        #expect(repeats > 500)
        #expect(returns > 500)
    }

    @Test(
        "each planted stale cache differs from the reference within 12,000 steps of the walks",
        arguments: IncrementalResolver.StaleCache.allCases)
    func staleCachesCaught(fault: IncrementalResolver.StaleCache) throws {
        let entry = try #require(VariantList.entry(named: IncrementalResolver(forgetting: fault).name))
        var steps = 0
        for (tree, walk) in try Self.histories(seed: 7, count: 40, steps: 300) {
            if let stale = Self.firstStale(entry, tree, walk) {
                steps += stale.step + 1
                print("\(entry.name): caught after \(steps) steps of the walks: \(stale.difference)")
                return
            }
            steps += walk.count
        }
        Issue.record("\(entry.name) agreed with the reference over \(steps) steps")
    }

    @Test("incremental allocates 0 bytes over 10,000 relayouts of walks that change every input")
    func allocationFree() throws {
        #expect(AllocationCounter.isAvailable, "jemalloc's counters must answer")
        var generator = SceneGenerator(seed: 11)
        let tree = try generator.tree(arrangements: 120, maximumDepth: 10)
        let walk = generator.walk(for: tree, steps: 1_000)
        let incremental = IncrementalResolver()
        let memory = incremental.prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        // Warm up once over the walk (a debug build instantiates metadata on first use).
        for context in walk { incremental.relayout(memory, in: context, into: &resolution) }
        let tally = AllocationTally.measure {
            for step in 0..<10_000 { incremental.relayout(memory, in: walk[step % walk.count], into: &resolution) }
        }
        #expect(tally.bytes == 0)
    }

    @Test("the frame loop hands out copies: while one is held, the next frames allocate nothing and leave it alone")
    func frameLoopCopies() throws {
        #expect(AllocationCounter.isAvailable, "jemalloc's counters must answer")
        let tree = try TreeFactory.balanced(depth: 4)
        let contexts = Timeline.contexts(
            motion: .dragResize, device: try DeviceProfile.shipped("iphone-duo"), frames: 24)
        for name in ["fast", "incremental"] {
            let loop = try #require(VariantList.entry(named: name)).frameLoop(tree, contexts, now: Clock.now)
            loop.run(from: 0, count: 24)
            let held = loop.resolution(atFrame: 0)
            // Sharing its storage would make the next write copy it: an allocation, and for
            // a variant that remembers, a resolution other than the one it wrote last.
            let tally = AllocationTally.measure { loop.run(from: 1, count: 23) }
            #expect(tally.bytes == 0, "\(name)")
            #expect(
                firstDifference(held, ReferenceResolver().resolve(tree, in: contexts[0]), ids: tree.paneIDs) == nil,
                "\(name)")
        }
    }

    @Test("a frame whose context repeats the previous one changes nothing and keeps the answer")
    func repeatedFrame() throws {
        var generator = SceneGenerator(seed: 3)
        let tree = try generator.tree(arrangements: 40, maximumDepth: 8)
        let context = generator.context(for: tree)
        let incremental = IncrementalResolver()
        let memory = incremental.prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        incremental.relayout(memory, in: context, into: &resolution)
        var first = Resolution(paneCount: 0)
        first.panes = resolution.panes.withUnsafeBufferPointer { Array($0) }
        // Poison a pane in place: a repeated frame that still wrote it would repair it.
        let poison = PaneLayout(visible: true, frame: .zero, sizeClass: .regular, splitAxis: .vertical, zIndex: 0)
        resolution.panes[0] = poison
        incremental.relayout(memory, in: context, into: &resolution)
        #expect(resolution.panes[0] == poison, "a repeat writes nothing")
        // Another resolution than the one written last is resolved whole.
        var other = Resolution(paneCount: tree.paneCount)
        incremental.relayout(memory, in: context, into: &other)
        #expect(other == first)
    }

    @Test(
        "the runner refuses each planted stale cache, naming the frame and the frame before it",
        arguments: IncrementalResolver.StaleCache.allCases)
    func runnerRefuses(fault: IncrementalResolver.StaleCache) throws {
        let entry = try #require(VariantList.entry(named: IncrementalResolver(forgetting: fault).name))
        // A timeline built for each input. The root (300 pt high) is divided by a fold at x = 300: pane a
        // holds a chain of ten arrangements that nothing below changes, pane b a split of
        // b1 and b2 (300 pt minimums each) with m inside b2. So a pass resolves few of the
        // 14 arrangements and the variant stays incremental.
        func chain(_ depth: Int) -> String {
            let nested = depth == 0 ? "" : #", "arrangement": \#(chain(depth - 1))"#
            return #"{"primary": {"id": "s\#(depth)p"\#(nested)}, "secondary": {"id": "s\#(depth)s"}}"#
        }
        let tree = try SceneDecoder.decode(
            sceneJSON(
                root: """
                    {"primary": {"id": "a", "arrangement": \(chain(9))},
                     "secondary": {"id": "b", "arrangement": {
                        "primary": {"id": "b1", "minWidth": 300},
                        "secondary": {"id": "b2", "minWidth": 300,
                            "arrangement": {"primary": {"id": "m1"}, "secondary": {"id": "m2"}}}}}}
                    """)
        ).tree
        #expect(tree.arrangementCount == 13)
        func at(
            _ width: Double, fold: Double = 300, _ sizeClass: SizeClass = .regular,
            _ direction: LayoutDirection = .leftToRight
        ) -> LayoutContext {
            LayoutContext(
                bounds: Rect.unchecked(0, 0, width, 300), sizeClass: sizeClass, layoutDirection: direction,
                reservedRegions: [Rect.unchecked(fold, 0, 0, 300)])
        }
        let contexts: [LayoutContext]
        switch fault {
        case .sizeClass:  // the bounds kept, the vertical class compact: every pane's class changes
            contexts = [at(1000), at(1000), at(1000, SizeClass(horizontal: .regular, vertical: .compact))]
        case .layoutDirection:
            contexts = [at(1000), at(1000), at(1000, .regular, .rightToLeft)]
        case .movedRegion:  // the fold moves within the root's bounds, and the root's split follows it
            contexts = [at(1000), at(1000), at(1000, fold: 320)]
        case .hiddenPane:  // b narrows to 500: b2 (and m) hidden; then b2 shows again as it was
            contexts = [at(1000), at(1000), at(800), at(1000)]
        }
        #expect {
            try Self.verify(entry, tree, contexts)
        } throws: { error in
            guard let failure = error as? VerificationFailure else { return false }
            return failure.variant == entry.name && failure.frame == contexts.count - 1
                && failure.history.contains("after frame \(contexts.count - 2)")
                && failure.description.contains("pane ")
        }
        // The variant itself passes the same timeline.
        try Self.verify(try #require(VariantList.entry(named: "incremental")), tree, contexts)
    }
}

/// A variant right until it has relayouted `afterRelayouts` times, or right except when
/// given the same context twice in a row: faults only a check over histories finds.
struct LateStaleVariant: ResolverVariant {
    enum Fault {
        case afterRelayouts(Int)
        case onRepeat
    }
    let fault: Fault
    var name: String { "late-stale" }
    var frameMemory: FrameMemory { [.keepsState, .readsItsLastAnswer] }

    final class State: @unchecked Sendable {
        var relayouts = 0
        var last: LayoutContext?
    }

    func prepare(_ tree: ArrangementTree) -> (tree: CompiledTree, state: State) {
        (FastResolver().prepare(tree), State())
    }

    func relayout(
        _ prepared: (tree: CompiledTree, state: State), in context: LayoutContext, into resolution: inout Resolution
    ) {
        prepared.state.relayouts += 1
        defer { prepared.state.last = context }
        switch fault {
        case .afterRelayouts(let count) where prepared.state.relayouts > count: return
        case .onRepeat where prepared.state.last == context:
            resolution.panes[0] = .hidden
            return
        default: FastResolver().relayout(prepared.tree, in: context, into: &resolution)
        }
    }
}

extension HistoryTests {
    @Test("a variant right on the first pass and stale from the second is refused at the wrap-around")
    func staleFromTheSecondPass() throws {
        let tree = try TreeFactory.balanced(depth: 3)
        let contexts = Timeline.contexts(
            motion: .dragResize, device: try DeviceProfile.shipped("iphone-duo"), frames: 24)
        // Every frame differs from the one before, the last from the first too.
        #expect(contexts.indices.allSatisfy { contexts[$0] != contexts[($0 + 23) % 24] })
        for (fault, frame, history) in [
            (LateStaleVariant.Fault.afterRelayouts(24), 0, "the second pass, after frame 23"),
            (.onRepeat, 0, "the second pass, frame 0 given twice in a row"),
        ] {
            #expect {
                try Self.verify(VariantEntry(LateStaleVariant(fault: fault), summary: "test"), tree, contexts)
            } throws: { error in
                guard let failure = error as? VerificationFailure else { return false }
                return failure.frame == frame && failure.history.hasPrefix(history)
            }
        }
    }
}
