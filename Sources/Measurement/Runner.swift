import ArrangementModel
import Foundation
import SceneGenerator
import Support
import Variants
import Workers
import Workloads

/// How a run measures.
public struct RunOptions: Sendable {
    /// Seconds of sampling per scenario, shared by all its variants.
    public var timePerScenario: Double = 1.0
    /// Frames in each scenario's timeline.
    public var frames: Int = 600
    public var refreshRate: Double = 120
    public var direction: LayoutDirection = .leftToRight
    /// Shortest batch, so that reading the clock costs under 0.1 % of it.
    public var minimumBatchNanoseconds: Double = 200_000
    /// Batches at the least, whatever the time: an interval on fewer says little.
    public var minimumSamples = 30
    public var maximumSamples = 10_000
    /// Count instructions of the measured loop with callgrind (see ``InstructionCounter``).
    public var countInstructions = false
    /// Also measure the floor (``SpeedOfLight``) of every scenario, for `ratioToFloor`.
    public var measureFloor = true
    /// Also measure the floor of each tree's depth (``ChainedFloor``), as a row of its own.
    public var measureChainedFloor = false
    /// Passes over the timeline that time every frame on its own; each frame's time is
    /// the median of its passes.
    public var framePasses = 3
    /// The seed of the adversarial history a variant that remembers is checked over after
    /// the timeline; `nil` takes one from the scenario's name (``AdversarialHistory/seed(for:)``).
    public var historySeed: UInt64?
    /// The yardstick every variant's time is compared with, round by round (`nil`: the
    /// reference, and no verdicts), and the change within which two count as the same.
    public var baselineVariant: VariantName?
    public var verdictThreshold = 0.02
    /// The suite the run measured whole (`--suite`, or the default suite when no scenario
    /// was named), so that a base measured later can say which of its scenarios are gone;
    /// `nil` for scenarios named one by one.
    public var suite: String?
    /// The part of the suite a sharded run measured (`K/N`); `nil` for the whole.
    public var shard: String?

    public init() {}
}

/// A variant broke a rule of its interface that shows only after the fact (a library
/// that wrote before its first pane, or into its context): it is not benchmarked.
public struct RuleViolation: Error, Sendable, CustomStringConvertible {
    public let variant: VariantName
    public let problem: String
    public init(variant: VariantName, problem: String) {
        self.variant = variant
        self.problem = problem
    }

    public var description: String { "variant \(variant): \(problem)" }
}

/// A variant gave a different answer from the reference: it is not benchmarked.
public struct VerificationFailure: Error, Sendable, CustomStringConvertible {
    public let scenario: ScenarioName
    public let variant: VariantName
    /// The frame of the timeline, or the step of the adversarial history (``step``).
    public let frame: Int
    /// Whether ``frame`` counts steps of the adversarial history rather than frames.
    public var isHistoryStep = false
    /// Whether ``frame`` counts frames of the edit history rather than of the timeline.
    public var isEditHistoryFrame = false
    public let difference: String
    /// Where in the verified sequence the frame came, and the context of the frame before it.
    public let history: String

    /// The two answers and what they were given, for a picture of the disagreement.
    public let evidence: Evidence?

    public struct Evidence: Sendable {
        public var tree: ArrangementTree
        public var context: LayoutContext
        /// What the variant should have answered, and whose answer that is ("reference").
        public var expected: Resolution
        public var expectedName: String
        public var got: Resolution
    }

    public init(
        scenario: ScenarioName, variant: VariantName, frame: Int, difference: String, history: String,
        evidence: Evidence? = nil
    ) {
        self.scenario = scenario
        self.variant = variant
        self.frame = frame
        self.difference = difference
        self.history = history
        self.evidence = evidence
    }

    public var description: String {
        let place =
            isEditHistoryFrame
            ? "frame \(frame) of the edit history"
            : isHistoryStep ? "step \(frame) of the adversarial history" : "frame \(frame)"
        return "\(scenario): variant \(variant) differs from the reference at \(place) (\(history)): \(difference)"
    }
}

/// What a variant that remembers was checked over after the timeline: the adversarial
/// history's seed, its length, and its steps by kind of change (``HistoryChange``).
public struct HistoryCheck: Sendable, Equatable {
    public var seed: UInt64
    public var steps: Int
    /// Steps of each kind of change, in ``HistoryChange``'s order; kinds with none left out.
    public var kinds: [Kind]

    public struct Kind: Sendable, Equatable {
        public var change: String
        public var steps: Int
        public init(change: String, steps: Int) {
            self.change = change
            self.steps = steps
        }
    }

    public init(seed: UInt64, steps: Int, kinds: [Kind]) {
        self.seed = seed
        self.steps = steps
        self.kinds = kinds
    }

    init(_ history: AdversarialHistory, edits: EditHistory? = nil) {
        let coverage = history.coverage
        let edited = edits?.coverage ?? [:]
        self.init(
            seed: history.seed, steps: history.steps.count + (edits?.contexts.count ?? 0),
            kinds: HistoryChange.allCases.compactMap { change in
                coverage[change].map { Kind(change: change.rawValue, steps: $0) }
            }
                + TreeEdit.Kind.allCases.compactMap { kind in
                    edited[kind].map { Kind(change: "edited: \(kind.rawValue)", steps: $0) }
                })
    }

    /// One line: "12,345 steps (seed 42): direction flipped 8, ...".
    public var summary: String {
        "\(steps) steps (seed \(seed)): " + kinds.map { "\($0.change) \($0.steps)" }.joined(separator: ", ")
    }
}

/// Progress while running, for the console.
public struct Progress: Sendable {
    public var scenarioIndex: Int
    public var scenarioCount: Int
    public var scenario: String
    public var phase: String
    public var elapsedSeconds: Double
}

/// The measuring loop: prepare outside the timing, verify
/// every variant against the reference frame by frame, then sample batches of frames
/// round by round until the time budget is spent. Each round takes one batch of every
/// variant of every scenario in turn, on the same frames for the variants of a
/// scenario: variants interleaved A B A B … so that their ratio survives the machine's
/// drift, and scenarios interleaved too, so that the cost-growth series (time per
/// arrangement from one tree size to the next) compares times taken side by side,
/// not minutes apart.
public struct Runner {
    public var options: RunOptions
    public var variants: [VariantEntry]
    /// Where the scenarios' devices and motions are found.
    public var catalog: Catalog

    public init(options: RunOptions, variants: [VariantEntry], catalog: Catalog = Catalog()) {
        self.options = options
        self.variants = variants
        self.catalog = catalog
    }

    /// One scenario, prepared, verified and counted, ready to be sampled.
    struct Prepared {
        let scenario: Scenario
        let arrangements: Int
        let frames: Int
        /// The variants, the floor's last when it is measured.
        var variants: [PreparedVariant]
        let phases: [Timeline.Phase]
        /// Share of frames whose answer differs from the previous frame's (cyclically).
        let changingFrames: Double
        /// The adversarial history the variants that remember were checked over.
        let historyCheck: HistoryCheck?
        /// What an empty read of the clock around a frame cost, in ns.
        let clockNanoseconds: Double
        /// What changed from the frame before, frame by frame.
        let frameChanges: [String]
        /// For the checks while and after timing: the reference's loop, the tree and its
        /// frames, and the checksum of the reference's answer to each frame.
        /// The frames on which the content changes.
        let editFrames: [EditFrame]
        let reference: FrameLoop
        let trees: TreeTimeline
        let contexts: [LayoutContext]
        let expected: [UInt64]
    }

    /// One variant of a prepared scenario: its loop, what verifying, counting and timing
    /// each frame found, and its time samples.
    struct PreparedVariant {
        let name: VariantName
        let bench: FrameLoop
        let checksum: UInt64
        let tally: AllocationTally
        let overBudget: Double
        let frameTimes: [Double]
        /// The repeat probe's ratio, for a variant that declares no frame memory.
        let repeatRatio: Double?
        /// Whether it was checked over the adversarial history (it remembers between frames).
        let historyChecked: Bool
        /// Not a resolver (a floor): not checked while timing.
        let isFloor: Bool
        /// Frames of its batches: enough for the clock, at this variant's own pace.
        let batch: Int
        /// Where its next batch starts: each variant rolls on through the timeline.
        var start: Int
        var samples: [Double] = []
    }

    /// Runs every scenario; throws on bad input or a variant that disagrees with the reference.
    public func run(_ scenarios: [Scenario], progress: (Progress) -> Void = { _ in }) throws -> [VariantResult] {
        let started = Clock.now()
        func report(_ index: Int, _ phase: String) {
            progress(
                Progress(
                    scenarioIndex: index + 1, scenarioCount: scenarios.count, scenario: scenarios[index].description,
                    phase: phase, elapsedSeconds: Double(Clock.now() - started) / 1e9))
        }
        var prepared: [Prepared] = []
        for index in scenarios.indices {
            prepared.append(try prepare(scenarios[index]) { report(index, $0) })
        }
        guard !prepared.isEmpty else { return [] }

        // Sample: rounds over every scenario, and within a scenario over every variant
        // on the same frames, until the budget of all the scenarios is spent.
        progress(
            Progress(
                scenarioIndex: scenarios.count, scenarioCount: scenarios.count,
                scenario: scenarios.count == 1 ? scenarios[0].description : "all \(scenarios.count) scenarios",
                phase: "sampling \(prepared[0].variants.map(\.name.rawValue).joined(separator: " "))",
                elapsedSeconds: Double(Clock.now() - started) / 1e9))
        let deadline = Clock.now() + UInt64(options.timePerScenario * Double(scenarios.count) * 1e9)
        var round = 0
        var lastReport = Clock.now()
        // A phase of its own: the supervisor holds the report's timed total to how long it saw it last.
        WorkerCrumb.phase(.sampling)
        while round < options.maximumSamples, round < options.minimumSamples || Clock.now() < deadline {
            for index in prepared.indices {
                WorkerCrumb.scenario(index)
                for variant in prepared[index].variants.indices {
                    try sampleBatch(&prepared[index], variant, round: round)
                }
            }
            round += 1
            if Clock.now() - lastReport > 2_000_000_000 {
                lastReport = Clock.now()
                progress(
                    Progress(
                        scenarioIndex: scenarios.count, scenarioCount: scenarios.count,
                        scenario: scenarios.count == 1 ? scenarios[0].description : "all \(scenarios.count) scenarios",
                        phase: "sampling, round \(round)", elapsedSeconds: Double(Clock.now() - started) / 1e9))
            }
        }
        let peak = Clock.peakResidentBytes()
        // Every frame again: a variant whose answers changed once the check was over is
        // refused, its samples discarded with the run.
        WorkerCrumb.phase(.rechecking)
        for index in prepared.indices {
            WorkerCrumb.scenario(index)
            try Self.recheck(prepared[index])
        }
        return prepared.flatMap { results(of: $0, peakResidentBytes: peak) }
    }

    /// One timed batch of one variant, at its own pace, then the checks that follow it.
    func sampleBatch(_ scenario: inout Prepared, _ variant: Int, round: Int) throws {
        let (bench, batch, start) = (
            scenario.variants[variant].bench, scenario.variants[variant].batch, scenario.variants[variant].start
        )
        WorkerCrumb.variant(variant)
        WorkerCrumb.batch(round, library: bench.libraryIndex, limitMilliseconds: Self.batchLimit(scenario, variant))
        let sample = bench.timeBatch(from: start, count: batch)
        WorkerCrumb.leaveLibrary()
        scenario.variants[variant].samples.append(sample)
        scenario.variants[variant].start = (start + batch) % scenario.frames
        try Self.checkBatch(scenario, variant, lastFrame: (start + batch - 1) % scenario.frames, round: round)
    }

    /// A timed batch may take a hundred times what its frames took when timed one by one, and at least 5 s.
    static func batchLimit(_ scenario: Prepared, _ variant: Int) -> UInt32 {
        let perFrame = Statistics.median(scenario.variants[variant].frameTimes)
        let expected = perFrame * Double(scenario.variants[variant].batch) / 1e6
        return UInt32(min(max(5000, 100 * expected), 600_000))
    }

    /// After a timed batch: the variant broke no rule that shows after the fact, and its
    /// answer to the batch's last frame is still the reference's.
    static func checkBatch(_ scenario: Prepared, _ index: Int, lastFrame: Int, round: Int) throws {
        let variant = scenario.variants[index]
        if let problem = variant.bench.audit() { throw RuleViolation(variant: variant.name, problem: problem) }
        guard !variant.isFloor else { return }
        var checksum = ResolutionComparison.checksumSeed
        ResolutionComparison.checksum(variant.bench.lastAnswer, into: &checksum)
        guard checksum != scenario.expected[lastFrame] else { return }
        throw changedAnswer(
            scenario, variant, frame: lastFrame, got: variant.bench.lastAnswer.copyingPanes(),
            history: "the last frame of timed batch \(round): its answers changed after the check")
    }

    /// Every frame of every variant once more, after the timing, against the reference.
    static func recheck(_ scenario: Prepared) throws {
        for variant in scenario.variants where !variant.isFloor {
            for frame in 0..<scenario.frames {
                WorkerCrumb.step(.frame, frame)
                let got = variant.bench.resolution(atFrame: frame)
                var checksum = ResolutionComparison.checksumSeed
                ResolutionComparison.checksum(got, into: &checksum)
                if checksum != scenario.expected[frame] {
                    throw changedAnswer(
                        scenario, variant, frame: frame, got: got,
                        history: "checked again after timing: its answers changed after the check")
                }
            }
            if let problem = variant.bench.audit() { throw RuleViolation(variant: variant.name, problem: problem) }
        }
    }

    static func changedAnswer(
        _ scenario: Prepared, _ variant: PreparedVariant, frame: Int, got: Resolution, history: String
    )
        -> VerificationFailure
    {
        let expected = scenario.reference.resolution(atFrame: frame)
        let tree = scenario.trees.tree(atFrame: frame)
        let difference =
            ResolutionComparison.firstDifference(
                got, expected, ids: tree.paneIDs, names: ("variant \(variant.name)", "reference"))
            ?? "the answers' checksums differ"
        return VerificationFailure(
            scenario: scenario.scenario.name, variant: variant.name, frame: frame, difference: difference,
            history: history + Self.contextNote(scenario.contexts, frame) + Self.editsNote(scenario.trees, frame),
            evidence: .init(
                tree: tree, context: scenario.contexts[frame], expected: expected,
                expectedName: VariantList.referenceName.rawValue, got: got))
    }

    /// Checks every variant on every scenario as a run would before timing it (every
    /// frame, then the histories of the variants that remember), timing nothing;
    /// `willCheck` is told each scenario and its timeline's length first.
    public func check(_ scenarios: [Scenario], willCheck: (Scenario, Int) -> Void) throws {
        for scenario in scenarios {
            let workload = try workload(scenario)
            willCheck(scenario, workload.contexts.count)
            let setUp = RunPhases.setUp(variants, on: workload, floor: false)
            _ = try Self.verify(
                variants, Array(setUp.variantLoops), reference: setUp.reference, trees: workload.trees,
                contexts: workload.contexts,
                scenario: scenario.name, historySeed: options.historySeed)
        }
    }

    /// The scenario's tree and frames, as this run's options shape them.
    func workload(_ scenario: Scenario) throws -> Workload {
        try Workload(
            scenario, catalog: catalog, frames: options.frames, refreshRate: options.refreshRate,
            direction: options.direction)
    }

    /// Everything about a scenario but its time samples, phase by phase (``RunPhases``):
    /// set up, verify, count the allocations, time every frame, calibrate the batch.
    func prepare(_ scenario: Scenario, report: (String) -> Void) throws -> Prepared {
        let workload = try workload(scenario)
        report("preparing")
        WorkerCrumb.phase(.preparing)
        let setUp = RunPhases.setUp(
            variants, on: workload, floor: options.measureFloor, chainedFloor: options.measureChainedFloor)
        // Verify: every variant equals the reference on every frame (and warms up), and a
        // variant that remembers between frames over the sequence the timing will run.
        // The floors are not resolvers and are not verified: they copy frame 0's answer.
        report("verifying")
        WorkerCrumb.phase(.checking)
        let verified = try Self.verify(
            variants, Array(setUp.variantLoops), reference: setUp.reference, trees: workload.trees,
            contexts: workload.contexts, scenario: scenario.name, historySeed: options.historySeed)
        let checksums = verified.checksums + setUp.floorLoops.map(RunPhases.checksum)
        WorkerCrumb.phase(.timing)
        report("counting allocations")
        let tallies = RunPhases.countAllocations(setUp.loops)
        // For the frame budget and the report's timeline.
        report("timing frames")
        let frameTimes = RunPhases.timeFrames(setUp.loops, passes: options.framePasses)
        let clock = RunPhases.clockCost()
        // The reference is the contract, slow and ours: the probe is for the variants.
        let repeatRatios =
            RunPhases.repeatProbe(
                Array(setUp.entries.dropLast(setUp.floorCount)),
                probed: setUp.entries.dropLast(setUp.floorCount).map {
                    !$0.frameMemory.remembers && $0.name != VariantList.referenceName
                },
                tree: workload.trees.segments[0].tree,
                contexts: Array(workload.contexts.prefix(workload.trees.segments.dropFirst().first?.start ?? Int.max)),
                clock: clock) + Array(repeating: nil, count: setUp.floorCount)
        report("calibrating")
        // Each variant its own batch: long enough for the clock, no longer, so that a slow
        // variant's batch does not take the time of thousands of a fast one's frames.
        let batches = setUp.loops.map {
            RunPhases.calibrate([$0], minimumNanoseconds: options.minimumBatchNanoseconds)
        }
        let overBudget = RunPhases.overBudget(frameTimes, refreshRate: options.refreshRate)
        let variants = setUp.entries.indices.map { index in
            PreparedVariant(
                name: setUp.entries[index].name, bench: setUp.loops[index], checksum: checksums[index],
                tally: tallies[index], overBudget: overBudget[index], frameTimes: frameTimes[index],
                repeatRatio: repeatRatios[index], historyChecked: setUp.entries[index].frameMemory.remembers,
                isFloor: index >= setUp.entries.count - setUp.floorCount, batch: batches[index].batch,
                start: batches[index].next)
        }
        return Prepared(
            scenario: scenario, arrangements: workload.tree.arrangementCount, frames: workload.contexts.count,
            variants: variants, phases: workload.phases(), changingFrames: verified.changingFrames,
            historyCheck: verified.historyCheck, clockNanoseconds: clock,
            frameChanges: workload.contexts.indices.map { frame in
                let count = workload.contexts.count
                let change = workload.contexts[frame].changes(from: workload.contexts[(frame + count - 1) % count])
                // The timed passes run the timeline round: the first frame follows the last.
                return (frame == 0 ? "from the last frame: " : "") + change + Self.editsNote(workload.trees, frame)
            },
            editFrames: EditFrame.frames(of: workload.trees, count: workload.contexts.count),
            reference: setUp.reference, trees: workload.trees, contexts: workload.contexts,
            expected: verified.expected)
    }

    /// What verification found besides agreement: each variant's checksum over its first
    /// pass, and the share of frames whose answer differs from the previous frame's.
    public struct Verification: Sendable {
        public var checksums: [UInt64]
        public var changingFrames: Double
        /// What the variants that remember were checked over after the timeline; `nil` when none remembers.
        public var historyCheck: HistoryCheck?
        /// The checksum of the reference's answer to each frame, for the checks while timing.
        public var expected: [UInt64] = []
    }

    /// Checks every variant, each prepared as `loops` (fresh, untouched), against the
    /// reference on every frame of `contexts` in order; the variants that remember are
    /// then checked over the rest of the sequence the timing runs (``verifyHistory``) and
    /// the adversarial history, and every variant over the edit history (``verifyEdits``).
    /// Throws the first disagreement, naming the frame, where in the sequence it came,
    /// the frame before it, the pane and the field.
    public static func verify(
        _ variants: [VariantEntry], _ loops: [FrameLoop], reference: FrameLoop, tree: ArrangementTree,
        contexts: [LayoutContext], scenario: ScenarioName, historySeed: UInt64? = nil
    ) throws -> Verification {
        try verify(
            variants, loops, reference: reference, trees: TreeTimeline(tree), contexts: contexts, scenario: scenario,
            historySeed: historySeed)
    }

    /// ``verify(_:_:reference:tree:contexts:scenario:historySeed:)`` on a timeline whose
    /// tree changes: each frame against the reference on its tree. The adversarial history
    /// goes on from the last frame's tree.
    public static func verify(
        _ variants: [VariantEntry], _ loops: [FrameLoop], reference: FrameLoop, trees: TreeTimeline,
        contexts: [LayoutContext], scenario: ScenarioName, historySeed: UInt64? = nil
    ) throws -> Verification {
        var checksums = [UInt64](repeating: ResolutionComparison.checksumSeed, count: loops.count)
        var changingFrames = 0
        var previous: Resolution?
        var first: Resolution?
        var expectedChecksums: [UInt64] = []
        for frame in 0..<contexts.count {
            WorkerCrumb.step(.frame, frame)
            let expected = reference.resolution(atFrame: frame)
            var expectedChecksum = ResolutionComparison.checksumSeed
            ResolutionComparison.checksum(expected, into: &expectedChecksum)
            expectedChecksums.append(expectedChecksum)
            if let previous, previous != expected { changingFrames += 1 }
            if frame == 0 { first = expected }
            previous = expected
            let tree = trees.tree(atFrame: frame)
            for (index, loop) in loops.enumerated() {
                let got = loop.resolution(atFrame: frame)
                if let difference = ResolutionComparison.firstDifference(
                    got, expected, ids: tree.paneIDs, names: ("variant \(variants[index].name)", "reference"))
                {
                    throw VerificationFailure(
                        scenario: scenario, variant: variants[index].name, frame: frame, difference: difference,
                        history: (frame == 0 ? "the first frame, cold" : "the first pass")
                            + Self.contextNote(contexts, frame) + Self.editsNote(trees, frame),
                        evidence: .init(
                            tree: tree, context: contexts[frame], expected: expected,
                            expectedName: VariantList.referenceName.rawValue,
                            got: got)
                    )
                }
                ResolutionComparison.checksum(got, into: &checksums[index])
            }
        }
        // The wrap-around from the last frame to the first is a change too.
        if let first, let previous, first != previous { changingFrames += 1 }
        let rememberers = variants.indices.filter { variants[$0].frameMemory.remembers }
        // The loops are left on the last frame's tree.
        let tree = trees.segments[trees.segments.count - 1].tree
        var adversarial: AdversarialHistory?
        if !rememberers.isEmpty {
            let entries = rememberers.map { (variants[$0], loops[$0]) }
            try verifyHistory(entries, reference: reference, trees: trees, contexts: contexts, scenario: scenario)
            let history = AdversarialHistory(
                tree: tree, timeline: contexts, seed: historySeed ?? AdversarialHistory.seed(for: scenario.rawValue),
                stepBudget: historyStepBudget(panes: tree.paneCount))
            try verifyAdversarial(entries, history: history, tree: tree, scenario: scenario)
            adversarial = history
        }
        // Every variant, not only those that remember frames: one that takes edits in place
        // remembers the tree across them either way, and one that takes none prepares anew
        // on those frames, passing at the cost of a few preparations.
        let checked = variants.filter { $0.name != VariantList.referenceName }
        let edits = checked.isEmpty ? nil : try verifyEdits(checked, tree: tree, timeline: contexts, scenario: scenario)
        let historyCheck = adversarial.map { HistoryCheck($0, edits: edits) }
        return Verification(
            checksums: checksums, changingFrames: Double(changingFrames) / Double(max(contexts.count, 1)),
            historyCheck: historyCheck, expected: expectedChecksums)
    }

    /// The frame's own context for a failure's history, and what changed from the frame
    /// before: "; its context: bounds (…), …; from frame 6: a fold appeared".
    static func contextNote(_ contexts: [LayoutContext], _ frame: Int) -> String {
        let before = frame == 0 ? contexts.count - 1 : frame - 1
        return
            "; its context: \(ResolutionComparison.describe(contexts[frame])); from frame \(before): \(contexts[frame].changes(from: contexts[before]))"
    }

    /// What changed in the content on `frame`, for a failure's history: "" when nothing did.
    static func editsNote(_ trees: TreeTimeline, _ frame: Int) -> String {
        guard trees.changesContent(atFrame: frame) else { return "" }
        let edits = trees.edits(atFrame: frame)
        return edits.isEmpty
            ? "; the content changed back to the first frame's tree"
            : "; edits on this frame: " + edits.map(\.description).joined(separator: ", ")
    }

    /// Steps of the adversarial history for a tree of `panes` panes: each step compares
    /// every pane, so large trees get fewer base contexts (never weaker probes).
    static func historyStepBudget(panes: Int) -> Int { min(16_000, max(1_500, 40_000_000 / max(panes, 1))) }

    /// Verifies the variants that remember over an adversarial history (``AdversarialHistory``),
    /// going on from where the timeline left them: every step against the reference's
    /// answer, and at sixteen steps spread over the history, warm against a freshly
    /// prepared copy given that step's context alone.
    static func verifyAdversarial(
        _ entries: [(VariantEntry, FrameLoop)], history: AdversarialHistory, tree: ArrangementTree,
        scenario: ScenarioName
    ) throws {
        let steps = history.steps
        let sampled = Set((0..<16).map { $0 * steps.count / 16 })
        func failure(
            _ entry: VariantEntry, _ step: Int, _ difference: String, expected: Resolution, name: String,
            got: Resolution, cold: Bool
        )
            -> VerificationFailure
        {
            let now = history.context(atStep: step)
            let change = steps[step]
            let before =
                step == 0
                ? "the timeline's last frame" : ResolutionComparison.describe(history.context(atStep: step - 1))
            var failure = VerificationFailure(
                scenario: scenario, variant: entry.name, frame: step,
                difference: cold ? "warm against a fresh copy: \(difference)" : difference,
                history:
                    "adversarial history, seed \(history.seed), step \(step) of \(steps.count): \(change.change.rawValue) (\(change.detail)); its context: \(ResolutionComparison.describe(now)); before: \(before)",
                evidence: .init(tree: tree, context: now, expected: expected, expectedName: name, got: got))
            failure.isHistoryStep = true
            return failure
        }
        for (step, change) in steps.enumerated() {
            WorkerCrumb.step(.history, step)
            let context = history.contexts[change.context]
            let expected = history.answers[change.context]
            for (entry, loop) in entries {
                // One relayout a step: the answer is compared where it lies, and copied
                // out only at the sampled steps (a copy kept would move the variant's buffer).
                let (difference, warm): (String?, Resolution?) = loop.relayout(context) { got in
                    let difference =
                        got == expected
                        ? nil
                        : ResolutionComparison.firstDifference(
                            got, expected, ids: tree.paneIDs, names: ("variant \(entry.name)", "reference"))
                    return (difference, difference != nil || sampled.contains(step) ? got.copyingPanes() : nil)
                }
                if let difference, let got = warm {
                    throw failure(
                        entry, step, difference, expected: expected, name: VariantList.referenceName.rawValue, got: got,
                        cold: false)
                }
                if let warm {
                    let cold = entry.frameLoop(tree, [context], now: Clock.now).resolution(atFrame: 0)
                    if let difference = ResolutionComparison.firstDifference(
                        warm, cold, ids: tree.paneIDs, names: ("warm \(entry.name)", "a fresh copy"))
                    {
                        throw failure(
                            entry, step, difference, expected: cold, name: "a fresh copy of \(entry.name)", got: warm,
                            cold: true)
                    }
                }
            }
        }
    }

    /// Checks each variant, freshly prepared, over the edit history of
    /// `tree` (``EditHistory``: every kind of edit alone at an unchanged context, undone
    /// with the context changed, two at once), twice round, against the reference.
    static func verifyEdits(
        _ entries: [VariantEntry], tree: ArrangementTree, timeline: [LayoutContext], scenario: ScenarioName
    ) throws -> EditHistory {
        let history: EditHistory
        do {
            history = try EditHistory(tree: tree, timeline: timeline)
        } catch {
            throw VerificationFailure(
                scenario: scenario, variant: VariantList.referenceName, frame: 0,
                difference: "the edit history's edits are refused: \(error)", history: "edit history", evidence: nil)
        }
        let (trees, contexts) = (history.trees, history.contexts)
        let reference = VariantList.reference.frameLoop(trees, contexts, now: Clock.now)
        let loops = entries.map { $0.frameLoop(trees, contexts, now: Clock.now) }
        for pass in 0..<2 {
            for frame in contexts.indices {
                WorkerCrumb.step(.editHistory, frame)
                let expected = reference.resolution(atFrame: frame)
                let tree = trees.tree(atFrame: frame)
                for (entry, loop) in zip(entries, loops) {
                    let got = loop.resolution(atFrame: frame)
                    guard
                        let difference = ResolutionComparison.firstDifference(
                            got, expected, ids: tree.paneIDs, names: ("variant \(entry.name)", "reference"))
                    else { continue }
                    let step = history.steps[frame].isEmpty ? "no edit, the context as before" : history.steps[frame]
                    var failure = VerificationFailure(
                        scenario: scenario, variant: entry.name, frame: frame, difference: difference,
                        history:
                            "\(contexts.count) frames\(pass == 1 ? ", the second pass" : ""): \(step)"
                            + Self.contextNote(contexts, frame),
                        evidence: .init(
                            tree: tree, context: contexts[frame], expected: expected,
                            expectedName: VariantList.referenceName.rawValue, got: got))
                    failure.isEditHistoryFrame = true
                    throw failure
                }
            }
        }
        return history
    }

    /// Verifies the variants that remember over the sequence the timing will run, after
    /// the first pass they have just had: the timeline a second time (starting with the
    /// wrap-around from the last frame to the first), each eighth frame repeated as the
    /// untimed frame before a batch repeats it; then cold against warm: at sixteen frames
    /// spread over the timeline, a freshly prepared copy resolving that frame alone must
    /// give what the warm one gave.
    static func verifyHistory(
        _ entries: [(VariantEntry, FrameLoop)], reference: FrameLoop, trees: TreeTimeline,
        contexts: [LayoutContext], scenario: ScenarioName
    ) throws {
        let count = contexts.count
        let sampled = Set((0..<16).map { $0 * count / 16 })
        var warm = [Int: [Resolution]]()
        for frame in 0..<count {
            WorkerCrumb.step(.secondPass, frame)
            let expected = reference.resolution(atFrame: frame)
            let tree = trees.tree(atFrame: frame)
            for (entry, bench) in entries {
                var got = bench.resolution(atFrame: frame)
                var history = "the second pass" + Self.contextNote(contexts, frame) + Self.editsNote(trees, frame)
                let names = ("variant \(entry.name)", "reference")
                if let difference = ResolutionComparison.firstDifference(got, expected, ids: tree.paneIDs, names: names)
                {
                    throw VerificationFailure(
                        scenario: scenario, variant: entry.name, frame: frame, difference: difference,
                        history: history,
                        evidence: .init(
                            tree: tree, context: contexts[frame], expected: expected,
                            expectedName: VariantList.referenceName.rawValue,
                            got: got))
                }
                if frame % 8 == 0 {
                    got = bench.resolution(atFrame: frame)
                    history =
                        "the second pass, frame \(frame) given twice in a row" + Self.contextNote(contexts, frame)
                    if let difference = ResolutionComparison.firstDifference(
                        got, expected, ids: tree.paneIDs, names: names)
                    {
                        throw VerificationFailure(
                            scenario: scenario, variant: entry.name, frame: frame, difference: difference,
                            history: history,
                            evidence: .init(
                                tree: tree, context: contexts[frame], expected: expected,
                                expectedName: VariantList.referenceName.rawValue,
                                got: got))
                    }
                }
                if sampled.contains(frame) { warm[frame, default: []].append(got) }
            }
        }
        for frame in sampled.sorted() {
            let tree = trees.tree(atFrame: frame)
            for (index, (entry, _)) in entries.enumerated() {
                let cold = entry.frameLoop(trees, contexts, now: Clock.now).resolution(atFrame: frame)
                if let difference = ResolutionComparison.firstDifference(
                    warm[frame]![index], cold, ids: tree.paneIDs, names: ("warm \(entry.name)", "a fresh copy"))
                {
                    throw VerificationFailure(
                        scenario: scenario, variant: entry.name, frame: frame,
                        difference: "warm against a fresh copy: \(difference)",
                        history: "warm after two passes against a freshly prepared copy given this frame alone",
                        evidence: .init(
                            tree: tree, context: contexts[frame], expected: cold,
                            expectedName: "a fresh copy of \(entry.name)", got: warm[frame]![index]))
                }
            }
        }
    }

    /// A sampled scenario's results, one per variant.
    func results(of scenario: Prepared, peakResidentBytes peak: UInt64) -> [VariantResult] {
        let variants = scenario.variants
        /// The median of the round-by-round ratios to the variant at `base`, with its interval.
        func ratio(_ index: Int, to base: Int?) -> Estimate? {
            guard let base else { return nil }
            let ratios = zip(variants[index].samples, variants[base].samples).map { $0 / $1 }.sorted()
            return Estimate(Statistics.quantile(ratios, 0.5), Statistics.medianConfidenceInterval(ratios))
        }
        let referenceIndex = variants.firstIndex { $0.name == VariantList.referenceName }
        let floorIndex = variants.firstIndex { $0.name == SpeedOfLight.variantName }
        return variants.indices.map { index in
            let variant = variants[index]
            var result = VariantResult(
                scenario: scenario.scenario.name, variant: variant.name,
                arrangements: scenario.arrangements, frames: scenario.frames, refreshRate: options.refreshRate,
                batchFrames: variant.batch, samples: variant.samples, time: TimeSummary(samples: variant.samples),
                allocationsPerRelayout: Double(variant.tally.allocations) / Double(scenario.frames),
                bytesAllocatedPerRelayout: Double(variant.tally.bytes) / Double(scenario.frames),
                instructionsPerRelayout: nil, peakResidentBytes: peak, framesOverBudget: variant.overBudget,
                prepareNanoseconds: Double(variant.bench.prepareNanoseconds),
                ratioToReference: ratio(index, to: referenceIndex), checksum: variant.checksum)
            result.ratioToFloor = ratio(index, to: floorIndex)
            if let name = options.baselineVariant, let base = variants.firstIndex(where: { $0.name == name }),
                !variant.isFloor
            {
                result.baselineVariant = name
                result.ratioToBaseline = ratio(index, to: base)
                if index != base, let ratio = result.ratioToBaseline {
                    result.verdict = BaselineVerdict(ratio, threshold: options.verdictThreshold)
                }
            }
            result.frameTimes = variant.frameTimes
            result.frameTime = FrameDistribution(variant.frameTimes)
            result.clockNanoseconds = scenario.clockNanoseconds
            result.changingFrames = scenario.changingFrames
            result.framePhases = scenario.phases
            result.frameChanges = scenario.frameChanges
            result.editFrames = scenario.editFrames
            result.summarizeEditFrames()
            result.rankWorstFrames()
            if variant.historyChecked { result.historyCheck = scenario.historyCheck }
            result.repeatTimeRatio = variant.repeatRatio
            // A variant that keeps nothing between frames must write every pane: timed
            // clearly under the copy of an answer, it cannot have done its work. Where the
            // content changes too: on an edit frame the floor takes the next tree's answer
            // at no cost and copies it, which no variant that takes the edit can beat.
            if let floorIndex, SpeedOfLight.isOptimised, !variant.historyChecked,
                !variant.isFloor, !variants[floorIndex].samples.isEmpty,
                result.time.ci95.upper < TimeSummary(samples: variants[floorIndex].samples).ci95.lower
            {
                result.belowFloor = true
            }
            return result
        }
    }
}

extension Runner {
    /// The callgrind child's work: for each scenario and variant, prepare and warm
    /// up uncounted, then count one pass over the timeline and dump it under its label;
    /// with `perFrame`, then count each frame of a further pass on its own (the frames
    /// in order, so a variant that remembers sees the timeline as it did).
    /// `progress` is told each scenario as its counting starts (outside what is counted).
    public func countInstructionLoops(
        _ scenarios: [Scenario], perFrame: Bool = false, progress: (Progress) -> Void = { _ in }
    ) throws {
        let started = Clock.now()
        for (index, scenario) in scenarios.enumerated() {
            progress(
                Progress(
                    scenarioIndex: index + 1, scenarioCount: scenarios.count, scenario: scenario.description,
                    phase: "counting instructions", elapsedSeconds: Double(Clock.now() - started) / 1e9))
            WorkerCrumb.phase(.counting, scenario: index)
            let setUp = RunPhases.setUp(
                variants, on: try workload(scenario), floor: options.measureFloor,
                chainedFloor: options.measureChainedFloor)
            for (variant, (entry, loop)) in zip(setUp.entries, setUp.loops).enumerated() {
                WorkerCrumb.variant(variant)
                WorkerCrumb.step(.none, 0)
                let key = ResultKey(scenario: scenario.name, variant: entry.name)
                loop.run(from: 0, count: loop.frames)
                InstructionCounter.countAndDump(label: key.label) {
                    loop.run(from: 0, count: loop.frames)
                }
                if perFrame {
                    InstructionCounter.countEachAndDump(key: key, frames: loop.frames) { frame, count in
                        loop.run(from: frame, count: count)
                    }
                }
            }
        }
    }
}
