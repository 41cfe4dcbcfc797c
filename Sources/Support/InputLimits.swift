/// How much one input may hold, so that no file makes `foldbench` run out of memory
/// or time before it answers: each ceiling has a flag that raises it, and a refusal
/// names both (exit 2). docs/reference.md gives the memory each ceiling allows.
public struct InputLimits: Sendable, Equatable {
    /// Bytes of one file (`--max-input-mb`, 512 MiB).
    public var maximumFileBytes = 512 << 20
    /// Values of one JSON document (`--max-json-values`): up to about 60 bytes each in
    /// memory. A balanced scene of depth 20 has 8.9 million.
    public var maximumJSONValues = 12_000_000
    /// Arrangements of one scene (`--max-arrangements`): a balanced tree of depth 20.
    public var maximumArrangements = 1_048_575
    /// Rows of one history file (`--max-history-rows`).
    public var maximumHistoryRows = 2_000_000

    public init() {}

    public static let standard = InputLimits()

    public static let fileSizeFlag = "--max-input-mb"
    public static let jsonValuesFlag = "--max-json-values"
    public static let arrangementsFlag = "--max-arrangements"
    public static let historyRowsFlag = "--max-history-rows"
}
