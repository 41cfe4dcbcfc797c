import Measurement
import Support
import Variants

/// `run --budget-gate P`: fails a run in which more than P % of a variant's frames took
/// longer than the frame budget at the run's refresh rate (8.33 ms at 120 Hz), each
/// frame timed on its own. The floors are not variants and are not judged.
public struct BudgetGate {
    /// The share allowed over budget, in percent; `nil`: no gate.
    public var percent: Double?

    public init(percent: Double?) { self.percent = percent }

    /// Failed, with a line per variant over the gate, or success.
    public func judge(_ results: [VariantResult], console: Console) -> ExitStatus {
        guard let percent else { return .success }
        let over = results.filter { result in
            !VariantList.isFloor(result.variant) && result.framesOverBudget * 100 > percent
        }
        for result in over {
            let budget = 1e3 / result.refreshRate
            console.err(
                "foldbench: over budget: \(result.scenario) × \(result.variant): \(NumberText.percent(result.framesOverBudget, of: 1)) of frames (\(NumberText.grouped((result.framesOverBudget * Double(result.frames)).rounded())) of \(result.frames)) took longer than \(NumberText.significant(budget)) ms, more than the gate's \(NumberText.significant(percent)) %; the slowest \(NumberText.significant((result.frameTime?.worst ?? 0) / 1e6)) ms\n"
            )
        }
        return over.isEmpty ? .success : .failed
    }
}
