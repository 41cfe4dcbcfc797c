import Measurement
import Support
import Variants

/// One markdown report for a pull request, written so that its first lines are enough:
/// the count gate's verdict (the gate's own count), what the counts were compared with,
/// the worst change by name and size, the time verdict, and where to look for more.
/// Below, each part once: the scenario × variant pairs that moved (each pair once), the
/// time trials, frames over the budget (only those), every variant's check against the
/// reference, and the profile diffs of what moved. Written for GitHub's renderer (tables,
/// `<details>`), checked with cmark-gfm.
public struct PullRequestReport {
    public var run: Report
    /// What the counts were compared with, in words, or `nil` when they were not.
    public var against: String?
    /// The count comparison (``Comparison/compare(baseline:new:policy:variantPairs:)``).
    public var rows: [ComparisonRow] = []
    /// What the gate could not judge: when not empty, the report says so first.
    public var blind: [BlindGate] = []
    /// Lines under the counts: scenarios new or gone since the base, the committed baseline's age.
    public var notes: [String] = []
    /// `foldbench ab --format markdown` output, embedded as written.
    public var abMarkdown: String?
    /// `foldbench profile --baseline` outputs, each titled by the scenario × variant it profiles.
    public var profileDiffs: [(title: String, text: String)] = []

    public init(run: Report, against: String?, abMarkdown: String?) {
        self.run = run
        self.against = against
        self.abMarkdown = abMarkdown
    }

    /// The exit status of the gate this report shows: bad input when it cannot judge,
    /// failed on a gated regression.
    public var status: ExitStatus {
        if !blind.isEmpty { return .badInput }
        return Comparison.hasRegression(rows) ? .failed : .success
    }

    /// The whole report.
    public func markdown() -> String {
        summary() + countGate() + timeVerdicts() + frames() + checks() + movedCounts()
    }

    /// The first lines: verdict, what it was compared with, the worst change, time, pointers.
    func summary() -> String {
        let gate = GateSummary(rows)
        var text: String
        if !blind.isEmpty {
            text = "## FoldBench: ⚠️ the gate cannot judge \(blind.count) comparison\(blind.count == 1 ? "" : "s")\n\n"
        } else if against == nil {
            text = "## FoldBench: counts not compared (no base given)\n\n"
        } else {
            text = "## FoldBench: \(gate.failures.isEmpty ? "✅" : "❌") \(gate.verdict)\n\n"
        }
        text +=
            "Commit `\(run.environment.commit.prefix(12))`\(run.environment.dirty ? " with uncommitted changes" : "")"
        if let against { text += " against \(escape(against))" }
        text += ".\n"
        if blind.isEmpty, against != nil { text += "**\(escape(gate.worstLine))**\n" }
        if let time = timeHeadline() { text += "Time (`foldbench ab`): \(time)\n" }
        var below = ["the counts that moved"] + (abMarkdown == nil ? [] : ["the time trials"])
        below += ["frames over the budget", "the checks"]
        if !profileDiffs.isEmpty { below.append("the functions whose instructions moved") }
        text +=
            "Below: \(below.joined(separator: ", ")); every figure in the run's `latest.json` and its page `report/index.html` (the job's artifacts).\n\n"
        return text
    }

    /// `ab`'s own headline, the last one it printed (a confirming experiment's when there was one).
    func timeHeadline() -> String? {
        guard let abMarkdown else { return nil }
        let lines = abMarkdown.split(separator: "\n").filter { $0.hasPrefix("**") }
        return lines.last.map { String($0).trimmingTrailingPeriod }
    }

    /// The pairs that moved, each once, or what the gate cannot judge.
    func countGate() -> String {
        var text = "### Counts that moved\n\n"
        guard against != nil else { return text + "No base given: counts not compared.\n\n" }
        guard blind.isEmpty else {
            text += "**Cannot judge** \(blind.count) comparison\(blind.count == 1 ? "" : "s"):\n\n"
            text += BlindGate.summary(blind).map { "- \(escape($0))\n" }.joined()
            return text + "\n"
        }
        let table = GateSummary(rows).movedTable(markdown: true, escape: escape)
        text += table.isEmpty ? "None: every judged count is the base's.\n" : table
        for note in notes { text += "\n> \(escape(note))\n" }
        return text + "\n"
    }

    func timeVerdicts() -> String {
        let header = "### Time (`foldbench ab`, both builds in one process)\n\n"
        guard let abMarkdown, !abMarkdown.isEmpty else { return header + "No `ab` experiment given.\n\n" }
        return header + abMarkdown.trimmingTrailingNewlines + "\n\n"
    }

    /// The scenario × variant pairs with frames over the budget, or one line saying none has.
    func frames() -> String {
        var text = "### Frames over the budget\n\n"
        let measured = run.results.filter { !VariantList.isFloor($0.variant) }
        let over = measured.filter { $0.framesOverBudget > 0 }
        guard !over.isEmpty else {
            let slowest = measured.compactMap { $0.frameTime?.worst }.max()
            let worst = slowest.map { "; the slowest frame \(NumberText.significant($0 / 1e3)) µs" } ?? ""
            return text
                + "None: every frame of \(measured.count) scenario × variant pair\(measured.count == 1 ? "" : "s") within its budget\(worst).\n\n"
        }
        let rows = over.map { result -> [String] in
            let budget = 1e9 / result.refreshRate
            func time(_ value: Double?) -> String {
                guard let value else { return "-" }
                return result.isResolvedFrameTime(value) ? "\(NumberText.significant(value / 1e3)) µs" : "< clock"
            }
            return [
                escape(result.scenario.rawValue), escape(result.variant.rawValue), time(result.frameTime?.p99),
                time(result.frameTime?.worst), "\(NumberText.significant(budget / 1e6)) ms",
                "**\(NumberText.percent(result.framesOverBudget, of: 1))**",
            ]
        }
        text += TextTable.markdown(
            header: ["scenario", "variant", "p99 frame", "worst frame", "budget", "over budget"],
            alignments: ["---", "---", "---:", "---:", "---:", "---:"], rows)
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
            var line =
                "- `\(variant)`: every frame equal to the reference's (\(NumberText.grouped(Double(frames))) frames in \(own.count) scenario\(own.count == 1 ? "" : "s"))"
            let histories = own.compactMap(\.historyCheck)
            if !histories.isEmpty {
                let steps = histories.reduce(0) { $0 + $1.steps }
                line +=
                    "; it remembers between frames, and was also checked over \(histories.count) adversarial histor\(histories.count == 1 ? "y" : "ies") of \(NumberText.grouped(Double(steps))) steps"
            }
            text += line + "\n"
        }
        return text + "\n"
    }

    /// The functions whose instructions moved, from each profile diff given (the changes
    /// themselves are in the counts' table).
    func movedCounts() -> String {
        guard !profileDiffs.isEmpty else { return "" }
        var text = "### Where the instructions moved\n"
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
    fileprivate var trimmingTrailingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }

    fileprivate var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text.removeLast() }
        return String(text)
    }
}
