import Support
import Workloads

/// One scenario × variant: everything a report carries.
public struct VariantResult: Sendable {
    public var scenario: ScenarioName
    public var variant: VariantName
    public var arrangements: Int
    public var frames: Int
    public var refreshRate: Double
    public var batchFrames: Int
    /// Nanoseconds per relayout, one per sample.
    public var samples: [Double]
    public var time: TimeSummary
    public var allocationsPerRelayout: Double
    public var bytesAllocatedPerRelayout: Double
    public var instructionsPerRelayout: Double?
    /// Each frame of the timeline timed on its own (a clock read per frame), in ns:
    /// the median of ``RunOptions/framePasses`` passes.
    public var frameTimes: [Double] = []
    /// Where the device is in each frame.
    public var framePhases: [Timeline.Phase] = []
    /// The distribution of ``frameTimes`` (p50, p90, p99) and its slowest frame.
    public var frameTime: FrameDistribution?
    /// What one read of the clock around a frame costs (the median of empty reads, ns):
    /// a frame time under ``frameTimeResolution`` times this is more clock than frame.
    public var clockNanoseconds: Double?
    /// Each frame's instructions, counted on its own by callgrind (`run --instructions`).
    public var frameInstructions: [Double] = []
    /// The distribution of ``frameInstructions`` and its costliest frame.
    public var frameInstructionCounts: FrameDistribution?
    /// What changed from the frame before, frame by frame (the last frame's before the
    /// first), in words: kept while a run lasts, for ``rankWorstFrames(count:)``.
    public var frameChanges: [String] = []
    /// The slowest frames (by their own time, where it is more than clock), slowest first.
    public var worstFramesByTime: [WorstFrame] = []
    /// The costliest frames by their own instructions (`run --instructions`), costliest first.
    public var worstFramesByInstructions: [WorstFrame] = []
    /// Callgrind's cycle estimate from its fixed-size cache simulation (``CacheSimulation``).
    public var estimatedCyclesPerRelayout: Double?
    public var peakResidentBytes: UInt64
    /// Share of the timeline's frames whose relayout took longer than 1/refreshRate.
    public var framesOverBudget: Double
    public var prepareNanoseconds: Double
    /// This variant's time over the reference's, paired by round, with its 95 % interval.
    public var ratioToReference: Estimate?
    /// This variant's time over the floor's (``SpeedOfLight``), paired by round, with its 95 % interval.
    public var ratioToFloor: Estimate?
    /// With `run --baseline-variant V`: the median of the round-by-round time ratios to
    /// V's, its interval, V's name and the verdict they give (``BaselineVerdict``).
    public var ratioToBaseline: Estimate?
    public var baselineVariant: VariantName?
    public var verdict: BaselineVerdict?
    /// FNV-1a over every frame's resolution (frames rounded to 1e-6 pt).
    public var checksum: UInt64
    /// Share of the scenario's frames whose answer differs from the previous frame's (the
    /// last frame's for the first): what a variant that remembers has to resolve again.
    public var changingFrames: Double?
    /// For a variant that remembers between frames: the adversarial history it was
    /// checked over after the timeline, with its steps by kind of change.
    public var historyCheck: HistoryCheck?
    /// Timed clearly below the floor (both intervals apart) though it declares no frame
    /// memory: it cannot have written every pane, so its time is not to be believed.
    public var belowFloor = false
    /// For a variant that declares no frame memory: its time on a context given again at
    /// once over its time the first time, on contexts it had never been given
    /// (``RunPhases/repeatProbe(_:probed:tree:contexts:clock:)``).
    public var repeatTimeRatio: Double?
    /// Shows as remembering though it declares no frame memory: a context given again took
    /// less than ``RepeatProbe/rememberingRatio`` of its first time.
    public var remembersUndeclared: Bool { repeatTimeRatio.map { $0 < RepeatProbe.rememberingRatio } ?? false }
    /// A time not to be believed (below the floor, or memory not declared): flagged, kept
    /// out of rankings, and the run's exit status 1.
    public var isImpossible: Bool { belowFloor || remembersUndeclared }

    /// Why the time is not to be believed, in words, or nil when it is.
    public var impossibility: String? {
        var problems: [String] = []
        if belowFloor { problems.append("timed below the floor, which no variant that writes every pane can beat") }
        if remembersUndeclared, let ratio = repeatTimeRatio {
            problems.append(
                "a context given again at once took \(NumberText.significant(ratio, digits: 2))× its first time: it keeps something of its earlier calls"
            )
        }
        guard !problems.isEmpty else { return nil }
        return problems.joined(separator: "; ")
            + ", yet it declares no frame memory (rule 6; foldbench_variant_frame_memory): its time is not to be believed and it is left out of the ranking"
    }
    /// For a variant that remembers, beside its stateless counterpart frame by frame.
    public var counterpart: CounterpartComparison?
    /// The frames on which the tree changed (a motion with content), with their kinds of edit.
    public var editFrames: [EditFrame] = []
    /// The distributions of the edit frames' times and instructions (``Metric/editFrameTime``,
    /// ``Metric/editFrameInstructions``), kept with the frames by ``summarizeEditFrames()``.
    public var editFrameTimes: FrameDistribution?
    public var editFrameInstructionCounts: FrameDistribution?

    /// The edit frames' distributions from the frames' times and instructions, and the
    /// metrics present or absent with them.
    public mutating func summarizeEditFrames() {
        let summary = editFrameSummary
        editFrameTimes = summary?.time
        editFrameInstructionCounts = summary?.instructions
        for (metric, present) in [
            (Metric.editFrameTime, editFrameTimes != nil), (.editFrameInstructions, editFrameInstructionCounts != nil),
        ] {
            if present { absentMetrics.remove(metric) } else { absentMetrics.insert(metric) }
        }
    }
    /// The edit frames apart from the others; nil when the content never changes.
    public var editFrameSummary: EditFrameSummary? {
        EditFrameSummary(editFrames, frameTimes: frameTimes, frameInstructions: frameInstructions)
    }
    /// The measured metrics this result does not have: none for a result the runner
    /// measured; for one read from a report, those the file did not give (an older
    /// or a hand-written report). ``value(_:_:)`` is `nil` for them and their derived ones.
    public var absentMetrics: Set<Metric> = []

    public init(
        scenario: ScenarioName, variant: VariantName, arrangements: Int, frames: Int, refreshRate: Double,
        batchFrames: Int,
        samples: [Double], time: TimeSummary, allocationsPerRelayout: Double, bytesAllocatedPerRelayout: Double,
        instructionsPerRelayout: Double?, peakResidentBytes: UInt64, framesOverBudget: Double,
        prepareNanoseconds: Double, ratioToReference: Estimate?, checksum: UInt64
    ) {
        self.scenario = scenario
        self.variant = variant
        self.arrangements = arrangements
        self.frames = frames
        self.refreshRate = refreshRate
        self.batchFrames = batchFrames
        self.samples = samples
        self.time = time
        self.allocationsPerRelayout = allocationsPerRelayout
        self.bytesAllocatedPerRelayout = bytesAllocatedPerRelayout
        self.instructionsPerRelayout = instructionsPerRelayout
        self.peakResidentBytes = peakResidentBytes
        self.framesOverBudget = framesOverBudget
        self.prepareNanoseconds = prepareNanoseconds
        self.ratioToReference = ratioToReference
        self.checksum = checksum
    }

    /// A result with nothing measured yet, as a report's reader starts one: every
    /// metric absent until ``set(_:_:to:)`` gives it.
    public init(scenario: ScenarioName, variant: VariantName, arrangements: Int) {
        self.init(
            scenario: scenario, variant: variant, arrangements: arrangements, frames: 0, refreshRate: 120,
            batchFrames: 1, samples: [], time: .zero, allocationsPerRelayout: 0,
            bytesAllocatedPerRelayout: 0, instructionsPerRelayout: nil, peakResidentBytes: 0, framesOverBudget: 0,
            prepareNanoseconds: 0, ratioToReference: nil, checksum: 0)
        absentMetrics = Set(Metric.allCases.filter { !$0.isDerived })
    }

    public var timePerArrangement: TimeSummary { time.scaled(by: Double(arrangements)) }
    public var relayoutsPerSecond: Double { time.p50 > 0 ? 1e9 / time.p50 : 0 }
}

/// The one table between a result's fields and its metrics: ``VariantResult/value(_:_:)``
/// reads a statistic of a metric, ``VariantResult/set(_:_:to:)`` writes it back. The
/// report writer, its reader, the CSV and history go through these two, so a new metric
/// is a case of ``Metric`` and a line in each switch.
extension VariantResult {
    /// One statistic of one metric; `nil` where this result does not have it.
    public func value(_ metric: Metric, _ statistic: Statistic) -> Double? {
        guard !absentMetrics.contains(metric.source) else { return nil }
        switch metric {
        case .timePerRelayout: return time.value(statistic)
        case .timePerArrangement: return timePerArrangement.value(statistic)
        case .relayoutsPerSecond: return relayoutsPerSecond
        case .allocationsPerRelayout: return allocationsPerRelayout
        case .bytesAllocatedPerRelayout: return bytesAllocatedPerRelayout
        case .instructionsPerRelayout: return instructionsPerRelayout
        case .instructionsPerArrangement: return instructionsPerRelayout.map { $0 / Double(arrangements) }
        case .estimatedCyclesPerRelayout: return estimatedCyclesPerRelayout
        case .peakResidentMemory: return Double(peakResidentBytes)
        case .framesOverBudget: return framesOverBudget
        case .framesOverBudgetCount: return (framesOverBudget * Double(frames)).rounded()
        case .frameTime: return frameTime?.value(statistic)
        case .worstFrameTime: return frameTime?.worst
        case .frameOverrun: return frameTime.map { ($0.value(statistic) - 1e9 / refreshRate) / 1e6 }
        case .frameInstructions: return frameInstructionCounts?.value(statistic)
        case .editFrameTime: return editFrameTimes?.value(statistic)
        case .editFrameInstructions: return editFrameInstructionCounts?.value(statistic)
        case .worstFrameInstructions: return frameInstructionCounts?.worst
        case .changingFrames: return changingFrames
        case .prepareTime: return prepareNanoseconds
        case .ratioToReference: return ratioToReference.map { Self.pick(statistic, of: $0) }
        case .ratioToFloor: return ratioToFloor.map { Self.pick(statistic, of: $0) }
        case .ratioToBaseline: return ratioToBaseline.map { Self.pick(statistic, of: $0) }
        }
    }

    /// Gives this result one statistic of a measured metric (a derived one follows
    /// its source and is not set). A ratio's headline comes before its bounds: the
    /// headline alone is an interval of one point.
    public mutating func set(_ metric: Metric, _ statistic: Statistic, to value: Double) {
        guard !metric.isDerived else { return }
        absentMetrics.remove(metric)
        switch metric {
        case .timePerRelayout: time.set(statistic, to: value)
        case .allocationsPerRelayout: allocationsPerRelayout = value
        case .bytesAllocatedPerRelayout: bytesAllocatedPerRelayout = value
        case .instructionsPerRelayout: instructionsPerRelayout = value
        case .estimatedCyclesPerRelayout: estimatedCyclesPerRelayout = value
        case .peakResidentMemory: peakResidentBytes = UInt64(min(max(0, value), 1.8e19))
        case .framesOverBudget: framesOverBudget = value
        case .frameTime: frameTime = (frameTime ?? FrameDistribution()).setting(statistic, to: value)
        case .worstFrameTime: frameTime = (frameTime ?? FrameDistribution()).setting(.max, to: value)
        case .frameInstructions:
            frameInstructionCounts = (frameInstructionCounts ?? FrameDistribution()).setting(statistic, to: value)
        case .editFrameTime: editFrameTimes = (editFrameTimes ?? FrameDistribution()).setting(statistic, to: value)
        case .editFrameInstructions:
            editFrameInstructionCounts = (editFrameInstructionCounts ?? FrameDistribution()).setting(
                statistic, to: value)
        case .worstFrameInstructions:
            frameInstructionCounts = (frameInstructionCounts ?? FrameDistribution()).setting(.max, to: value)
        case .changingFrames: changingFrames = value
        case .prepareTime: prepareNanoseconds = value
        case .ratioToReference: ratioToReference = Self.placing(value, as: statistic, in: ratioToReference)
        case .ratioToFloor: ratioToFloor = Self.placing(value, as: statistic, in: ratioToFloor)
        case .ratioToBaseline: ratioToBaseline = Self.placing(value, as: statistic, in: ratioToBaseline)
        case .timePerArrangement, .relayoutsPerSecond, .instructionsPerArrangement, .framesOverBudgetCount,
            .frameOverrun:
            break
        }
    }

    private static func pick(_ statistic: Statistic, of ratio: Estimate) -> Double {
        switch statistic {
        case .ci95Lower: ratio.interval.lower
        case .ci95Upper: ratio.interval.upper
        default: ratio.value
        }
    }

    private static func placing(
        _ value: Double, as statistic: Statistic, in ratio: Estimate?
    ) -> Estimate {
        var ratio = ratio ?? Estimate(value, Interval(value, value))
        switch statistic {
        case .ci95Lower: ratio.interval.lower = value
        case .ci95Upper: ratio.interval.upper = value
        default: ratio.value = value
        }
        return ratio
    }
}

/// One of a variant's worst frames: where it is in the timeline, its cost, the phase of
/// the motion and what changed from the frame before.
public struct WorstFrame: Sendable, Equatable {
    public var frame: Int
    /// Nanoseconds or instructions, as the list it is in.
    public var value: Double
    public var phase: String
    public var change: String

    public init(frame: Int, value: Double, phase: String, change: String) {
        self.frame = frame
        self.value = value
        self.phase = phase
        self.change = change
    }
}

extension VariantResult {
    /// Lists the `count` slowest and costliest frames from the per-frame times and
    /// counts, with their phases and changes (a frame's time only where it is more than
    /// clock). Ties go to the earlier frame.
    public mutating func rankWorstFrames(count: Int = 5) {
        func worst(_ values: [Double], resolved: (Double) -> Bool) -> [WorstFrame] {
            values.indices.filter { resolved(values[$0]) }
                .sorted { values[$0] != values[$1] ? values[$0] > values[$1] : $0 < $1 }
                .prefix(count).map { frame in
                    WorstFrame(
                        frame: frame, value: values[frame],
                        phase: frame < framePhases.count ? framePhases[frame].label : "",
                        change: frame < frameChanges.count ? frameChanges[frame] : "")
                }
        }
        worstFramesByTime = worst(frameTimes, resolved: isResolvedFrameTime)
        worstFramesByInstructions = worst(frameInstructions) { _ in true }
    }
}

/// A per-frame quantity over the frames of a timeline (a frame's time, its
/// instructions): quantiles over frames, not over batches, and the worst frame.
public struct FrameDistribution: Sendable, Equatable {
    public var p50 = 0.0
    public var p90 = 0.0
    public var p99 = 0.0
    public var worst = 0.0

    public init() {}

    /// The distribution of `values`, one per frame (`nil` when there are none).
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        p50 = Statistics.quantile(sorted, 0.5)
        p90 = Statistics.quantile(sorted, 0.9)
        p99 = Statistics.quantile(sorted, 0.99)
        worst = sorted[sorted.count - 1]
    }

    public func value(_ statistic: Statistic) -> Double {
        switch statistic {
        case .p90: p90
        case .p99: p99
        case .max: worst
        default: p50
        }
    }

    func setting(_ statistic: Statistic, to value: Double) -> FrameDistribution {
        var copy = self
        switch statistic {
        case .p90: copy.p90 = value
        case .p99: copy.p99 = value
        case .max: copy.worst = value
        default: copy.p50 = value
        }
        return copy
    }
}

extension VariantResult {
    /// Whether a per-frame time is mostly frame rather than clock: at least
    /// ``frameTimeResolution`` times what an empty read of the clock costs. Unknown
    /// clock cost: yes.
    public func isResolvedFrameTime(_ nanoseconds: Double) -> Bool {
        guard let clock = clockNanoseconds else { return true }
        return nanoseconds >= Self.frameTimeResolution * clock
    }

    /// A frame timed on its own reads about 50–60 ns more than its share of a batch
    /// (the clock read twice, the loop entered and left; measured in docs/reference.md,
    /// "Frames"), about twice an empty read of the clock: from 20 reads up, that is at
    /// most about 12 % of what is shown.
    public static let frameTimeResolution = 20.0
}

extension TimeSummary {
    /// One statistic of the summary (`value` is the median).
    public func value(_ statistic: Statistic) -> Double {
        switch statistic {
        case .value, .p50: p50
        case .min: min
        case .p90: p90
        case .p99: p99
        case .max: max
        case .mean: mean
        case .mad: mad
        case .ci95Lower: ci95.lower
        case .ci95Upper: ci95.upper
        }
    }

    /// Sets what ``value(_:)`` reads.
    public mutating func set(_ statistic: Statistic, to value: Double) {
        switch statistic {
        case .value, .p50: p50 = value
        case .min: min = value
        case .p90: p90 = value
        case .p99: p99 = value
        case .max: max = value
        case .mean: mean = value
        case .mad: mad = value
        case .ci95Lower: ci95.lower = value
        case .ci95Upper: ci95.upper = value
        }
    }
}

/// What names a result within a report: its scenario and its variant. A report has
/// at most one result per key.
public struct ResultKey: Hashable, Sendable, CustomStringConvertible {
    public var scenario: ScenarioName
    public var variant: VariantName

    public init(scenario: ScenarioName, variant: VariantName) {
        self.scenario = scenario
        self.variant = variant
    }

    public var description: String { "\(scenario) × \(variant)" }

    /// The key as the callgrind child labels its dump: a JSON object, so that names
    /// with spaces (a scene file's path) read back whole.
    public var label: String {
        JSONWriter.write(.object([("scenario", .string(scenario.rawValue)), ("variant", .string(variant.rawValue))]))
    }

    /// A dump's label read back; `nil` for a frame's dump (``frame(label:)``), the final
    /// dump or any other text.
    public init?(label: String) {
        guard let (key, frame) = Self.parse(label: label), frame == nil else { return nil }
        self = key
    }

    /// The label of one frame's dump.
    public func label(frame: Int) -> String {
        JSONWriter.write(
            .object([
                ("scenario", .string(scenario.rawValue)), ("variant", .string(variant.rawValue)),
                ("frame", .number(Double(frame))),
            ]))
    }

    /// A frame's dump label read back: its key and frame.
    public static func frame(label: String) -> (ResultKey, Int)? {
        guard let (key, frame) = parse(label: label), let frame, frame >= -64, frame < 1e9, frame == frame.rounded()
        else { return nil }
        return (key, Int(frame))
    }

    /// A label's key, and its frame when it has one (`nil` for text that is no label).
    private static func parse(label: String) -> (ResultKey, Double?)? {
        guard let value = try? JSONParser.parse(label), case .string(let scenario)? = value["scenario"],
            case .string(let variant)? = value["variant"]
        else { return nil }
        let key = ResultKey(scenario: ScenarioName(scenario), variant: VariantName(variant))
        guard let frame = value["frame"] else { return (key, nil) }
        guard case .number(let number) = frame else { return nil }
        return (key, number)
    }
}

extension VariantResult {
    public var key: ResultKey { ResultKey(scenario: scenario, variant: variant) }
}

/// A variant against the run's yardstick (`run --baseline-variant`), from the interval of
/// the round-by-round ratio of their times: `faster` when all of it lies below
/// 1 / (1 + threshold), `slower` above 1 + threshold, `same` inside both, else `inconclusive`.
public enum BaselineVerdict: String, Sendable, CaseIterable {
    case faster, slower, same, inconclusive

    public init(_ ratio: Estimate, threshold: Double) {
        let (low, high) = (ratio.interval.lower, ratio.interval.upper)
        if high < 1 / (1 + threshold) {
            self = .faster
        } else if low > 1 + threshold {
            self = .slower
        } else if low >= 1 / (1 + threshold), high <= 1 + threshold {
            self = .same
        } else {
            self = .inconclusive
        }
    }
}

/// A variant that remembers beside its stateless counterpart (`incremental` beside
/// `fast`), frame by frame over the same timeline: in how many frames it cost more, and
/// how much more at worst, by each frame's own instructions when they were counted (exact),
/// else by each frame's time.
public struct CounterpartComparison: Sendable, Equatable {
    public var variant: VariantName
    /// "instructions" or "ns".
    public var unit: String
    public var framesDearer: Int
    public var frames: Int
    /// The largest ratio of this variant's frame to the counterpart's, and its frame.
    public var worstRatio: Double
    public var worstFrame: Int

    public init(variant: VariantName, unit: String, framesDearer: Int, frames: Int, worstRatio: Double, worstFrame: Int)
    {
        self.variant = variant
        self.unit = unit
        self.framesDearer = framesDearer
        self.frames = frames
        self.worstRatio = worstRatio
        self.worstFrame = worstFrame
    }

    /// The comparison of `result` with `counterpart` (same scenario), or nil without per-frame figures.
    public static func of(_ result: VariantResult, against counterpart: VariantResult) -> CounterpartComparison? {
        let counted =
            !result.frameInstructions.isEmpty && result.frameInstructions.count == counterpart.frameInstructions.count
        let mine = counted ? result.frameInstructions : result.frameTimes
        let theirs = counted ? counterpart.frameInstructions : counterpart.frameTimes
        guard !mine.isEmpty, mine.count == theirs.count else { return nil }
        var dearer = 0
        var worst = (ratio: 0.0, frame: 0)
        for frame in mine.indices {
            // Times under the clock's resolution say nothing of a frame: only counts, or
            // times both resolved, are compared.
            if !counted, !(result.isResolvedFrameTime(mine[frame]) && counterpart.isResolvedFrameTime(theirs[frame])) {
                continue
            }
            if mine[frame] > theirs[frame] { dearer += 1 }
            let ratio = mine[frame] / max(theirs[frame], 1)
            if ratio > worst.ratio { worst = (ratio, frame) }
        }
        return CounterpartComparison(
            variant: counterpart.variant, unit: counted ? "instructions" : "ns", framesDearer: dearer,
            frames: mine.count,
            worstRatio: worst.ratio, worstFrame: worst.frame)
    }

    /// "dearer than fast in 12 of 600 frames, at worst 1.03× (frame 276, by instructions)".
    /// With no frame compared (times alone, every one under the clock): that, and how to compare.
    public var summary: String {
        guard worstRatio > 0 else {
            return
                "not compared with \(variant) frame by frame: no frame time of either is above the clock's resolution (--instructions counts every frame)"
        }
        guard framesDearer > 0 else {
            return
                "never dearer than \(variant) in \(frames) frames; at most \(formatNumber((worstRatio * 1000).rounded() / 1000))× its frame (frame \(worstFrame), by \(unit))"
        }
        return
            "dearer than \(variant) in \(framesDearer) of \(frames) frames, at worst \(formatNumber((worstRatio * 1000).rounded() / 1000))× its frame (frame \(worstFrame), by \(unit))"
    }
}

extension [VariantResult] {
    /// Each result of a variant that remembers, compared with its stateless counterpart
    /// of the same scenario, where both were measured.
    public mutating func compareWithCounterparts(_ counterparts: [VariantName: VariantName]) {
        for index in indices {
            guard let other = counterparts[self[index].variant],
                let counterpart = first(where: { $0.scenario == self[index].scenario && $0.variant == other })
            else { continue }
            self[index].counterpart = CounterpartComparison.of(self[index], against: counterpart)
        }
    }
}

extension Sequence where Element == VariantResult {
    /// The scenarios, in the order their first result comes.
    public var scenarioOrder: [ScenarioName] {
        reduce(into: []) { if !$0.contains($1.scenario) { $0.append($1.scenario) } }
    }

    /// The variants, in the order their first result comes.
    public var variantOrder: [VariantName] {
        reduce(into: []) { if !$0.contains($1.variant) { $0.append($1.variant) } }
    }

    /// The yardstick of `run --baseline-variant`, when the run had one.
    public var baselineVariant: VariantName? { lazy.compactMap(\.baselineVariant).first }
}
