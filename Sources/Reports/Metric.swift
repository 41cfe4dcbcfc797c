/// Every metric a report carries, with what each consumer needs to know about it:
/// the report writer and the CSV (name, unit, statistics), `compare` (which way is
/// better, the rule that judges a change, whether it gates by default, its `--gate`
/// name), `trend` (the unit and direction of a change) and the help texts.
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
    /// The scenario's share of frames whose answer differs from the previous frame's.
    case changingFrames
    case prepareTime
    case ratioToReference
    case ratioToFloor

    /// How `compare` judges a change in a metric.
    public enum Rule: Sendable {
        /// An exact count: any increase is a regression.
        case exactCount
        /// A deterministic count: a change beyond the instruction threshold.
        case instructionThreshold
        /// Measured in each run on its own, so two runs' values differ by more than any
        /// change worth judging on a shared machine (a process keeps one of two speeds):
        /// shown, never judged. `foldbench ab` compares builds' times.
        case informational
    }

    /// The name in reports, CSV files and history.
    public var name: String { rawValue }

    public var unit: String {
        switch self {
        case .timePerRelayout, .timePerArrangement, .prepareTime: "ns"
        case .relayoutsPerSecond: "1/s"
        case .allocationsPerRelayout, .instructionsPerRelayout, .instructionsPerArrangement,
            .estimatedCyclesPerRelayout:
            "count"
        case .bytesAllocatedPerRelayout, .peakResidentMemory: "bytes"
        case .framesOverBudget, .changingFrames, .ratioToReference, .ratioToFloor: "ratio"
        }
    }

    /// False for the one metric where more is better.
    public var smallerIsBetter: Bool { self != .relayoutsPerSecond }

    /// The statistics a report gives, the first being the headline that history,
    /// `compare` and `trend` use.
    public var statistics: [Statistic] {
        switch self {
        case .timePerRelayout, .timePerArrangement: Statistic.timeSummary
        case .ratioToReference, .ratioToFloor: [.p50, .ci95Lower, .ci95Upper]
        default: [.value]
        }
    }

    /// The headline statistic.
    public var headline: Statistic { statistics[0] }

    /// How `compare` judges it; `nil` for the metrics it does not compare.
    public var rule: Rule? {
        switch self {
        case .allocationsPerRelayout, .bytesAllocatedPerRelayout: .exactCount
        case .instructionsPerRelayout, .estimatedCyclesPerRelayout: .instructionThreshold
        case .timePerRelayout, .ratioToReference, .ratioToFloor: .informational
        default: nil
        }
    }

    /// The short name `compare --gate` takes, for the metrics it compares.
    public var gateName: String? {
        switch self {
        case .allocationsPerRelayout: "allocations"
        case .bytesAllocatedPerRelayout: "bytes"
        case .instructionsPerRelayout: "instructions"
        case .estimatedCyclesPerRelayout: "cycles"
        default: nil
        }
    }

    /// Whether a regression fails `compare` when `--gate` is not given (every judged metric).
    public var gatesByDefault: Bool { gateName != nil }

    /// The metrics `compare` judges, in the order its table lists them.
    public static let compared: [Metric] = [
        .allocationsPerRelayout, .bytesAllocatedPerRelayout, .instructionsPerRelayout, .estimatedCyclesPerRelayout,
        .timePerRelayout, .ratioToReference, .ratioToFloor,
    ]

    /// The metric with `gateName`, or `nil`.
    public static func gated(named gateName: String) -> Metric? { compared.first { $0.gateName == gateName } }

    /// The gate names, comma-separated, for help and error texts.
    public static var gateNames: String { compared.compactMap(\.gateName).joined(separator: ", ") }
}

/// One statistic of a metric in a report.
public enum Statistic: String, Sendable {
    case value, p50, min, p90, p99, max, mean, mad, ci95Lower, ci95Upper

    /// What a sampled time reports, the median first.
    public static let timeSummary: [Statistic] = [.p50, .min, .p90, .p99, .max, .mean, .mad, .ci95Lower, .ci95Upper]
}
