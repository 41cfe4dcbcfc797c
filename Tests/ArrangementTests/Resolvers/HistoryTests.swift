import ArrangementModel
import FastResolver
import Measurement
import ReferenceResolver
import SceneFormat
import SceneGenerator
import Support
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
        arguments: allCandidates.map(\.name.rawValue))
    func walks(variant: String) throws {
        let entry = try #require(candidate(named: variant))
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
        arguments: StaleCacheResolver.Fault.allCases)
    func staleCachesCaught(fault: StaleCacheResolver.Fault) throws {
        let entry = try #require(VariantList.entry(named: VariantName(StaleCacheResolver(forgetting: fault).name)))
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
        for name: VariantName in ["fast", "incremental"] {
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
        arguments: StaleCacheResolver.Fault.allCases)
    func runnerRefuses(fault: StaleCacheResolver.Fault) throws {
        let entry = try #require(VariantList.entry(named: VariantName(StaleCacheResolver(forgetting: fault).name)))
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
                && failure.history.contains(
                    "its context: \(ResolutionComparison.describe(contexts[contexts.count - 1])); from frame \(contexts.count - 2): "
                )
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
            (
                LateStaleVariant.Fault.afterRelayouts(24), 0,
                "the second pass; its context: \(ResolutionComparison.describe(contexts[0])); from frame 23: "
            ),
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

/// The adversarial history the runner checks variants that remember over, after the
/// timeline: whatever the motion, every input is changed alone and changed back.
@Suite("Adversarial histories")
struct AdversarialHistoryTests {
    static func workload(_ name: String, frames: Int = 24) throws -> Workload {
        try Workload(Scenario(name), catalog: Catalog(), frames: frames)
    }

    @Test("a move back from a large change comes after a quiet run of 64 steps or more, so incremental has settled")
    func settlesBeforeReturning() throws {
        let workload = try Self.workload("fold-cycle/balanced-d4/iphone-duo")
        let history = AdversarialHistory(tree: workload.tree, timeline: workload.contexts, seed: 11)
        let returns = history.steps.indices.filter { history.steps[$0].detail == "back: rotated" }
        #expect(returns.count >= 2)
        for index in returns {
            let before = history.steps[max(index - 64, 0)..<index]
            #expect(
                index >= 64 && before.allSatisfy { $0.change == .quiet },
                "step \(index): \(before.filter { $0.change != .quiet }.count) of the 64 before it are not quiet")
        }
    }

    @Test("a history from one still context has every kind of change, and one seed gives one history")
    func everyKind() throws {
        let workload = try Self.workload("hold/random-n200/iphone-duo")
        let history = AdversarialHistory(tree: workload.tree, timeline: workload.contexts, seed: 5)
        let coverage = history.coverage
        for change in HistoryChange.allCases {
            #expect(coverage[change, default: 0] > 0, "\(change.rawValue)")
        }
        let again = AdversarialHistory(tree: workload.tree, timeline: workload.contexts, seed: 5)
        #expect(again.steps.map(\.context) == history.steps.map(\.context))
        #expect(again.contexts == history.contexts)
        let other = AdversarialHistory(tree: workload.tree, timeline: workload.contexts, seed: 6)
        #expect(other.contexts != history.contexts)
        // Each step's kind says what changed from the step before.
        for index in history.steps.indices.dropFirst() {
            let (before, now) = (history.context(atStep: index - 1), history.context(atStep: index))
            switch history.steps[index].change {
            case .repeated: #expect(before == now)
            case .directionFlipped:
                #expect(before.layoutDirection != now.layoutDirection && before.bounds == now.bounds)
            case .sizeClassFlipped: #expect(before.sizeClass != now.sizeClass && before.bounds == now.bounds)
            case .translated:
                #expect(before.bounds.width == now.bounds.width && before.bounds.height == now.bounds.height)
                #expect(before.bounds != now.bounds)
            case .resizedFarEdgeAnchored:
                #expect(before.bounds.maxX == now.bounds.maxX && before.bounds.maxY == now.bounds.maxY)
            case .regionMoved, .regionsReordered:
                #expect(before.reservedRegions.count == now.reservedRegions.count)
                #expect(before.reservedRegions != now.reservedRegions && before.bounds == now.bounds)
            case .quiet: #expect(before.bounds == now.bounds && before.sizeClass == now.sizeClass)
            default: break
            }
        }
        // The reference's answers are the reference's.
        for index in stride(from: 0, to: history.contexts.count, by: 7) {
            #expect(history.answers[index] == ReferenceResolver().resolve(workload.tree, in: history.contexts[index]))
        }
    }

    /// Which planted stale caches a scenario's tree can show at all, and why not the others.
    static let equivalent: [String: [String: String]] = [
        "hold/balanced-d1/iphone-duo": ["hidden-pane": "one arrangement: no pane holds a nested one"],
        "tabletop-jitter/balanced-d4/iphone-duo": [
            "hidden-pane": "a balanced tree has no minimums and no axis restriction: no pane is ever hidden"
        ],
    ]

    @Test(
        "the runner refuses every planted stale cache on motions that never change what it forgets",
        arguments: [
            "hold/balanced-d1/iphone-duo", "tabletop-jitter/balanced-d4/iphone-duo", "hold/random-n200/iphone-duo",
        ])
    func refusedWhateverTheMotion(scenario: String) throws {
        let workload = try Self.workload(scenario)
        // The caches that forget an edit are refused on edits (ContentRunTests).
        for entry in VariantList.staleCaches where !entry.name.rawValue.hasSuffix("edits") {
            let fault = String(entry.name.rawValue.dropFirst("incremental-forgets-".count))
            let refused: VerificationFailure?
            do {
                try HistoryTests.verify(entry, workload.tree, workload.contexts)
                refused = nil
            } catch let failure as VerificationFailure {
                refused = failure
            }
            if let reason = Self.equivalent[scenario]?[fault] {
                #expect(refused == nil, "\(entry.name) is equivalent here (\(reason)) but was refused")
                continue
            }
            let failure = try #require(refused, "\(entry.name) passed \(scenario)")
            // On the timeline these motions change nothing it forgets: the history finds it.
            #expect(failure.isHistoryStep, "\(failure)")
            #expect(failure.description.contains("step \(failure.frame) of the adversarial history"))
            #expect(failure.history.contains("seed \(AdversarialHistory.seed(for: "built"))"))
            #expect(failure.history.contains("its context: bounds") && failure.history.contains("before: bounds"))
            #expect(failure.difference.hasPrefix("pane "))
        }
        // The shipped variant passes the same history.
        let verification = try Runner.verify(
            [try #require(VariantList.entry(named: "incremental"))],
            [
                try #require(VariantList.entry(named: "incremental")).frameLoop(
                    workload.tree, workload.contexts, now: Clock.now)
            ],
            reference: VariantList.reference.frameLoop(workload.tree, workload.contexts, now: Clock.now),
            tree: workload.tree, contexts: workload.contexts, scenario: "built")
        let check = try #require(verification.historyCheck)
        #expect(check.steps > 1_000 && check.kinds.contains { $0.change == "direction flipped" })
    }

    @Test("a refusal names the seed, and the same seed refuses at the same step")
    func reproducible() throws {
        let workload = try Self.workload("hold/balanced-d4/iphone-duo")
        let entry = try #require(VariantList.entry(named: "incremental-forgets-position"))
        func failure(seed: UInt64) throws -> VerificationFailure? {
            do {
                _ = try Runner.verify(
                    [entry], [entry.frameLoop(workload.tree, workload.contexts, now: Clock.now)],
                    reference: VariantList.reference.frameLoop(workload.tree, workload.contexts, now: Clock.now),
                    tree: workload.tree, contexts: workload.contexts, scenario: "s", historySeed: seed)
                return nil
            } catch let failure as VerificationFailure { return failure }
        }
        let first = try #require(try failure(seed: 77))
        let second = try #require(try failure(seed: 77))
        #expect(first.frame == second.frame && first.history == second.history)
        #expect(first.history.contains("seed 77") && first.history.contains("translated"))
        // A variant that keeps nothing between frames is not checked over a history.
        let fast = try #require(VariantList.entry(named: "fast"))
        let verification = try Runner.verify(
            [fast], [fast.frameLoop(workload.tree, workload.contexts, now: Clock.now)],
            reference: VariantList.reference.frameLoop(workload.tree, workload.contexts, now: Clock.now),
            tree: workload.tree, contexts: workload.contexts, scenario: "s")
        #expect(verification.historyCheck == nil)
    }
}
