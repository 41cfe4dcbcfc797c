import Measurement
import Support
import Variants

/// One markdown report for a pull request, from a run, its comparison with the baseline
/// and `ab`'s time verdicts: the count gate, the time verdicts, the frames against the
/// budget, every variant's check against the reference, and, where a count moved, the
/// functions whose instructions moved most (`profile --baseline` output, when given).
/// Written for GitHub's renderer (tables, `<details>`), checked with cmark-gfm.
public struct PullRequestReport {
    public var run: Report
    public var baseline: Report?
    /// `foldbench ab --format markdown` output, embedded as written.
    public var abMarkdown: String?
    /// `foldbench profile --baseline` outputs, each titled by the scenario × variant it profiles.
    public var profileDiffs: [(title: String, text: String)] = []

    public init(run: Report, baseline: Report?, abMarkdown: String?) {
        self.run = run
        self.baseline = baseline
        self.abMarkdown = abMarkdown
    }

    /// The whole report.
    public func markdown() -> String {
        var text = "## FoldBench: `\(run.environment.commit)`"
        if let baseline { text += " against the baseline `\(baseline.environment.commit)`" }
        text += "\n\n"
        // Compared once, with compare's default gates: what it cannot judge, or its rows.
        let blind = baseline.map { Comparison.blindGates(baseline: $0, new: run, policy: ComparisonPolicy()) } ?? []
        let rows =
            blind.isEmpty ? baseline.map { Comparison.compare(baseline: $0, new: run, policy: ComparisonPolicy()) } : nil
        text += countGate(blind: blind, rows: rows) + timeVerdicts() + frames() + checks() + movedCounts(rows ?? [])
        return text
    }

    /// The count gate: `compare`'s verdict, or what it cannot judge.
    func countGate(blind: [BlindGate], rows: [ComparisonRow]?) -> String {
        var text = "### Counts (instructions, allocations)\n\n"
        guard baseline != nil else { return text + "No baseline given: counts not compared.\n\n" }
        guard let rows else {
            text += "**Cannot judge** \(blind.count) comparison\(blind.count == 1 ? "" : "s"):\n\n"
            text += BlindGate.summary(blind).map { "- \(escape($0))\n" }.joined()
            return text + "\n"
        }
        let moved = rows.filter { $0.metric != nil && ($0.verdict == .regression || $0.verdict == .improved) }
        text += Comparison.headline(rows) + (moved.isEmpty ? ".\n\n" : "; what moved:\n\n")
        if !moved.isEmpty {
            text += TextTable.markdown(
                header: ["scenario", "variant", "metric", "baseline", "new", "change", "verdict"],
                alignments: ["---", "---", "---", "---:", "---:", "---:", "---"],
                moved.map { row in
                    [
                        escape(row.scenario.rawValue), escape(row.variant), row.metric!.name,
                        NumberText.grouped(row.baseline ?? 0), NumberText.grouped(row.new ?? 0),
                        row.change.map { NumberText.signedPercent($0, of: 1) } ?? "n/a",
                        row.verdict == .regression ? "**regression**" : row.verdict.rawValue,
                    ]
                })
            text += "\n"
        }
        return text
    }

    func timeVerdicts() -> String {
        let header = "### Time (`foldbench ab`, both builds in one process)\n\n"
        guard let abMarkdown, !abMarkdown.isEmpty else { return header + "No `ab` experiment given.\n\n" }
        return header + abMarkdown.trimmingTrailingNewlines + "\n\n"
    }

    /// Each scenario × variant's p99 and worst frame against the budget.
    func frames() -> String {
        var text = "### Frames against the budget\n\n"
        let rows = run.results.filter { !VariantList.isFloor($0.variant) }.map { result -> [String] in
            let budget = 1e9 / result.refreshRate
            func time(_ value: Double?) -> String {
                guard let value else { return "-" }
                return result.isResolvedFrameTime(value) ? "\(NumberText.significant(value / 1e3)) µs" : "< clock"
            }
            let over = result.framesOverBudget > 0
            return [
                escape(result.scenario.rawValue), escape(result.variant.rawValue), time(result.frameTime?.p99),
                time(result.frameTime?.worst), "\(NumberText.significant(budget / 1e6)) ms",
                over ? "**\(NumberText.percent(result.framesOverBudget, of: 1))**" : "0",
                result.frameInstructionCounts.map { NumberText.grouped($0.worst) } ?? "-",
            ]
        }
        guard !rows.isEmpty else { return text + "No frames in the run.\n\n" }
        text += TextTable.markdown(
            header: ["scenario", "variant", "p99 frame", "worst frame", "budget", "over budget", "worst frame (instr.)"],
            alignments: ["---", "---", "---:", "---:", "---:", "---:", "---:"], rows)
        return text + "\n"
    }

    /// Every variant was checked against the reference before it was timed (a run that
    /// disagrees writes no report); those that remember, over an adversarial history too.
    func checks() -> String {
        var text = "### Checked against the reference\n\n"
        var variants: [VariantName] = []
        for result in run.results where !variants.contains(result.variant) && !VariantList.isFloor(result.variant) {
            variants.append(result.variant)
        }
        for variant in variants {
            let own = run.results.filter { $0.variant == variant }
            let frames = own.reduce(0) { $0 + $1.frames }
            var line = "- `\(variant)`: every frame equal to the reference's (\(NumberText.grouped(Double(frames))) frames in \(own.count) scenario\(own.count == 1 ? "" : "s"))"
            let histories = own.compactMap(\.historyCheck)
            if !histories.isEmpty {
                let steps = histories.reduce(0) { $0 + $1.steps }
                line += "; it remembers between frames, and was also checked over \(histories.count) adversarial histor\(histories.count == 1 ? "y" : "ies") of \(NumberText.grouped(Double(steps))) steps"
            }
            text += line + "\n"
        }
        return text + "\n"
    }

    /// Where instructions moved: the change, and the functions from a profile diff when given.
    func movedCounts(_ rows: [ComparisonRow]) -> String {
        let moved = rows.filter {
            $0.metric == .instructionsPerRelayout && ($0.verdict == .regression || $0.verdict == .improved)
        }
        guard !moved.isEmpty || !profileDiffs.isEmpty else { return "" }
        var text = "### Where the instructions moved\n\n"
        for row in moved {
            text +=
                "- \(escape(row.scenario.rawValue)) × \(escape(row.variant)): \(NumberText.grouped(row.baseline ?? 0)) → \(NumberText.grouped(row.new ?? 0)) instructions a relayout\n"
        }
        for diff in profileDiffs {
            text += "\n<details><summary>\(escape(diff.title)): functions whose instructions moved most</summary>\n\n"
            text += "```\n\(diff.text.trimmingTrailingNewlines)\n```\n\n</details>\n"
        }
        return text + "\n"
    }

    /// Text safe in a markdown table cell and outside code: no pipes, no markup.
    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "*", with: "\\*").replacingOccurrences(of: "_", with: "\\_")
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text.removeLast() }
        return String(text)
    }
}
