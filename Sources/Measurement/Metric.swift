/// Every metric a result carries: its name, unit, statistics and which way is better,
/// as the report writer and reader, the CSV and `trend` need them. How `compare`
/// judges each (its rule and `--gate` name) is in `Reports` (Metric+Comparison.swift).
public enum Metric: String, CaseIterable, Sendable {
    case timePerRelayout
    case timePerArrangement
    case relayoutsPerSecond
    case allocationsPerRelayout
    case bytesAllocatedPerRelayout
    case instructionsPerRelayout
    case instructionsPerArrangement
    case estimatedCyclesPerRelayout
    case peakResidentMemory
    case framesOverBudget
    /// How many frames took longer than the frame budget (from ``framesOverBudget``).
    case framesOverBudgetCount
    /// One frame's time, each frame of the timeline timed on its own: its distribution
    /// over the frames (where ``timePerRelayout``'s percentiles are over batch means).
    case frameTime
    /// The slowest frame's time: the frame an animation drops.
    case worstFrameTime
    /// A frame's time minus the frame budget, in milliseconds, as Android's
    /// `frameOverrunMs` (negative: the frame ended that long before its deadline).
    case frameOverrun
    /// One frame's instructions, each frame counted on its own by callgrind: exact.
    case frameInstructions
    /// The costliest frame's instructions.
    case worstFrameInstructions
    /// One edit frame's time (a frame the tree changed on: a motion with content), over
    /// the edit frames only.
    case editFrameTime
    /// One edit frame's instructions, over the edit frames only (`run --instructions`).
    case editFrameInstructions
    /// The scenario's share of frames whose answer differs from the previous frame's.
    case changingFrames
    case prepareTime
    case ratioToReference
    case ratioToFloor
    /// Time over the run's chosen yardstick's (`run --baseline-variant`), round by round.
    case ratioToBaseline

    /// The name in reports, CSV files and history.
    public var name: String { rawValue }

    public var unit: String {
        switch self {
        case .timePerRelayout, .timePerArrangement, .prepareTime, .frameTime, .worstFrameTime, .editFrameTime: "ns"
        case .frameOverrun: "ms"
        case .framesOverBudgetCount, .frameInstructions, .worstFrameInstructions, .editFrameInstructions: "count"
        case .relayoutsPerSecond: "1/s"
        case .allocationsPerRelayout, .instructionsPerRelayout, .instructionsPerArrangement,
            .estimatedCyclesPerRelayout:
            "count"
        case .bytesAllocatedPerRelayout, .peakResidentMemory: "bytes"
        case .framesOverBudget, .changingFrames, .ratioToReference, .ratioToFloor, .ratioToBaseline: "ratio"
        }
    }

    /// False for the one metric where more is better.
    public var smallerIsBetter: Bool { self != .relayoutsPerSecond }

    /// The statistics a report gives, the first being the headline that history,
    /// `compare` and `trend` use.
    public var statistics: [Statistic] {
        switch self {
        case .timePerRelayout, .timePerArrangement: Statistic.timeSummary
        case .ratioToReference, .ratioToFloor, .ratioToBaseline: [.p50, .ci95Lower, .ci95Upper]
        case .frameTime, .frameOverrun, .frameInstructions: [.p99, .p50, .p90]
        case .editFrameTime, .editFrameInstructions: [.p99, .p50, .max]
        default: [.value]
        }
    }

    /// The headline statistic.
    public var headline: Statistic { statistics[0] }

    /// The metric a derived one is computed from (per arrangement, per second), or
    /// itself: a result has a derived metric exactly when it has its source.
    public var source: Metric {
        switch self {
        case .timePerArrangement, .relayoutsPerSecond: .timePerRelayout
        case .instructionsPerArrangement: .instructionsPerRelayout
        case .framesOverBudgetCount: .framesOverBudget
        case .frameOverrun: .frameTime
        default: self
        }
    }

    /// Whether the metric is computed from another rather than measured.
    public var isDerived: Bool { source != self }
}

/// One statistic of a metric in a report.
public enum Statistic: String, Sendable {
    case value, p50, min, p90, p99, max, mean, mad, ci95Lower, ci95Upper

    /// What a sampled time reports, the median first.
    public static let timeSummary: [Statistic] = [.p50, .min, .p90, .p99, .max, .mean, .mad, .ci95Lower, .ci95Upper]
}
