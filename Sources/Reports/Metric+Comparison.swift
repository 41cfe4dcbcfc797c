import Measurement

/// How `compare` judges each metric: the rule, whether it gates by default, its
/// `--gate` name.
extension Metric {
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

    /// How `compare` judges it; `nil` for the metrics it does not compare.
    public var rule: Rule? {
        switch self {
        case .allocationsPerRelayout, .bytesAllocatedPerRelayout: .exactCount
        case .instructionsPerRelayout, .estimatedCyclesPerRelayout, .worstFrameInstructions, .editFrameInstructions:
            .instructionThreshold
        case .timePerRelayout, .ratioToReference, .ratioToFloor, .worstFrameTime, .editFrameTime: .informational
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
        case .worstFrameInstructions: "worst-frame-instructions"
        case .editFrameInstructions: "edit-frame-instructions"
        default: nil
        }
    }

    /// Whether a regression fails `compare` when `--gate` is not given (every judged metric).
    public var gatesByDefault: Bool { gateName != nil }

    /// The metrics `compare` judges, in the order its table lists them.
    public static let compared: [Metric] = [
        .allocationsPerRelayout, .bytesAllocatedPerRelayout, .instructionsPerRelayout, .estimatedCyclesPerRelayout,
        .worstFrameInstructions, .editFrameInstructions, .timePerRelayout, .worstFrameTime, .editFrameTime,
        .ratioToReference, .ratioToFloor,
    ]

    /// The metric with `gateName`, or `nil`.
    public static func gated(named gateName: String) -> Metric? { compared.first { $0.gateName == gateName } }

    /// The gate names, comma-separated, for help and error texts.
    public static var gateNames: String { compared.compactMap(\.gateName).joined(separator: ", ") }
}
