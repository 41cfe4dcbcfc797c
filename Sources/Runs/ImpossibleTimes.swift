import Measurement
import Support

/// Times a run cannot stand behind: a variant that declares no frame memory yet was
/// timed below the floor, or that took far less time on a context given again at once
/// than the first time (the repeat probe). The report keeps them (flagged, out of
/// every ranking); the run fails, so that a CI job does not pass on them.
public enum ImpossibleTimes {
    /// Failed, with a line per flagged variant, or success.
    public static func judge(_ results: [VariantResult], console: Console) -> ExitStatus {
        let flagged = results.filter(\.isImpossible)
        for result in flagged {
            console.err("foldbench: failed: \(result.scenario) × \(result.variant): \(result.impossibility ?? "")\n")
        }
        return flagged.isEmpty ? .success : .failed
    }
}
