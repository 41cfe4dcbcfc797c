import Charts
import Foundation
import Measurement
import Support
import Workloads

/// The HTML report of a run: one self-contained page (inline SVG and CSS, no script,
/// nothing fetched) with what needs attention first, the summary table, and per
/// scenario the distribution of every variant's samples, its ratios to the reference
/// and to the floor with their intervals, and the fold animation as a timeline of
/// frame times over the device's postures, with the frame budget drawn.
public enum RunReportPage {
    /// The page for `report`; with a `baseline`, its count regressions are listed first.
    public static func html(_ report: Report, baseline: Report? = nil) -> String {
        let environment = report.environment
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>FoldBench run \(SVG.escape(report.environment.commit))</title>
            <style>
            body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1280px; color: #222; padding: 0 16px; }
            table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
            .wide { overflow-x: auto; }
            th, td { padding: 3px 9px; text-align: right; white-space: nowrap; }
            th { border-bottom: 1px solid #999; font-weight: 600; white-space: normal; vertical-align: bottom; }
            td.name:first-child { white-space: normal; max-width: 15em; }
            td small { color: #666; }
            td:first-child, th:first-child, td.name { text-align: left; }
            tr:nth-child(even) td { background: #f6f7f9; }
            .charts { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; overflow-x: auto; }
            h1, h2, p, li { overflow-wrap: anywhere; }
            .attention { background: #fff4e5; border-left: 4px solid #e69f00; padding: 8px 14px; }
            .ok { background: #eef8f0; border-left: 4px solid #009e73; padding: 8px 14px; }
            h2 { margin-top: 36px; border-bottom: 1px solid #ddd; }
            .meta { color: #555; }
            .filmstrip { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
            .filmstrip figure { margin: 0; padding: 6px; border-radius: 4px; }
            .filmstrip figcaption { font-size: 12px; max-width: 240px; }
            figure.framechart { margin: 12px 0; }
            figure.framechart figcaption { font-size: 13px; margin-bottom: 4px; }
            figure.framechart .note { color: #555; }
            .key { white-space: nowrap; font-size: 12px; margin-right: 6px; }
            table.suite td.name, table.suite th:nth-child(2) { white-space: normal; text-align: left; }
            table.suite caption { text-align: left; caption-side: top; font-size: 13px; color: #444; }
            tr.group th { text-align: left; background: #eef1f5; font-weight: 600; white-space: normal; }
            .key i { display: inline-block; width: 12px; height: 9px; margin-right: 4px; vertical-align: baseline; }
            </style></head><body>
            <h1>FoldBench run</h1>
            <p class="meta">commit \(SVG.escape(report.environment.commit)) · \(SVG.escape(report.environment.date)) · \(SVG.escape(environment.host)) · \(SVG.escape(environment.cpu)) · \(SVG.escape(environment.cores > 0 ? String(environment.cores) : "?")) cores · \(SVG.escape(environment.swift.isEmpty ? "Swift ?" : environment.swift)) · \(SVG.escape(environment.buildConfiguration))</p>

            """
        html += suiteRanking(report)
        html += attention(report, baseline: baseline)
        html += summaryTable(report)
        var drawn: [String: Int] = [:]
        for (index, scenario) in report.scenarios.enumerated() {
            let entries = report.results.filter { $0.scenario == scenario }
            html += "<h2 id=\"s\(index)\">\(SVG.escape(scenario.rawValue))</h2>\n"
            if let first = entries.first {
                html +=
                    "<p class=\"meta\">\(first.arrangements) arrangement\(first.arrangements == 1 ? "" : "s") · \(first.frameTimes.count) frames at \(NumberText.forReader(first.refreshRate)) Hz · budget \(NumberText.significant(1000 / first.refreshRate)) ms a frame\(changing(first))\(first.editFrames.isEmpty ? "" : " · the content changes on \(first.editFrames.count) frames")</p>\n"
            }
            html += historyChecks(entries)
            html += impossibleTimes(entries)
            html += ranking(entries)
            html += "<div class=\"charts\">\n"
            html +=
                DistributionChart(
                    title: "Time per relayout, 200 samples at most", unit: "ns per relayout",
                    groups: entries.map { .init(name: $0.variant.rawValue, values: $0.samples) }
                ).svg()
            html += ratioChart(entries, metric: .ratioToReference, title: "Time over the reference's (95 % interval)")
            html += ratioChart(entries, metric: .ratioToFloor, title: "Time over the floor's: what is left to win")
            html += "</div>\n"
            // Wide charts scroll inside their own box on a narrow screen, at a size that
            // reads; their titles and legends wrap above them.
            html += timelineChart(scenario: scenario, entries: entries, phases: report.phases(of: scenario))
            html += instructionChart(entries: entries, phases: report.phases(of: scenario))
            if let strip = Filmstrip.make(
                scenario: scenario, frames: report.options.frames, refreshRate: report.options.refreshRate,
                direction: report.options.direction)
            {
                html +=
                    "<p class=\"meta\">The reference's layout at one frame of each phase, on the phase's colour above:</p>\n"
                html += strip.html(reusing: &drawn)
            } else if let omission = Filmstrip.omission(scenario: scenario, frames: report.options.frames) {
                html += "<p class=\"meta\">\(SVG.escape(omission))</p>\n"
            }
        }
        return html + "</body></html>\n"
    }

    /// Count regressions against the baseline, and variants that go over the frame budget.
    static func attention(_ report: Report, baseline: Report?) -> String {
        var items: [String] = []
        if let baseline {
            let blind = Comparison.blindGates(baseline: baseline, new: report, policy: ComparisonPolicy())
            for line in BlindGate.summary(blind) {
                items.append("<li><b>cannot judge</b>: \(SVG.escape(line))</li>")
            }
            let rows = Comparison.compare(baseline: baseline, new: report, policy: ComparisonPolicy())
            for row in rows where row.verdict == .regression {
                guard let metric = row.metric, let before = row.baseline, let after = row.new else { continue }
                items.append(
                    "<li><b>regression</b>: \(SVG.escape(row.scenario.rawValue)), \(SVG.escape(row.variant)), \(metric.name): \(NumberText.forReader(before)) → \(NumberText.forReader(after)) (\(NumberText.signedPercent(after - before, of: before)))</li>"
                )
            }
        }
        for entry in report.results.sorted(by: {
            ($0.metrics[.framesOverBudget] ?? 0) > ($1.metrics[.framesOverBudget] ?? 0)
        })
        where (entry.metrics[.framesOverBudget] ?? 0) > 0 {
            let slowest = entry.frameTimes.max() ?? 0
            items.append(
                "<li><b>over budget</b>: \(SVG.escape(entry.scenario.rawValue)), \(SVG.escape(entry.variant.rawValue)): \(NumberText.percent(entry.metrics[.framesOverBudget] ?? 0, of: 1)) of frames, the slowest \(NumberText.forReader(slowest)) ns</li>"
            )
        }
        let against = baseline.map { " against the baseline (\(SVG.escape($0.environment.commit)))" } ?? ""
        // Impossible times come first among what needs attention.
        for entry in report.results where entry.isImpossible {
            items.insert(
                "<li><b>impossible time</b>: \(SVG.escape(entry.scenario.rawValue)), \(SVG.escape(entry.variant.rawValue)): \(SVG.escape(entry.impossibility ?? ""))</li>",
                at: 0)
        }
        guard !items.isEmpty else {
            // Without a baseline no count was compared: say what was looked at, no more.
            let counts = baseline == nil ? "no baseline to compare counts with" : "no count regression\(against)"
            return "<p class=\"ok\">Nothing needs attention: \(counts), every frame within its budget.</p>\n"
        }
        return
            "<div class=\"attention\"><p>Needs attention\(against):</p><ul>\(items.joined(separator: "\n"))</ul></div>\n"
    }

    /// Every scenario × variant, scenario by scenario in the run's order (each a row of
    /// its own, so that its name does not take a column on a phone), the figures a reader
    /// compares first; columns nothing filled are left out.
    static func summaryTable(_ report: Report) -> String {
        let yardstick = report.results.baselineVariant
        var columns: [(String, (VariantResult) -> String?)] = [
            (
                "time ns [95 %]",
                { entry in
                    entry.metrics[.timePerRelayout].map { value in
                        NumberText.forReader(value)
                            + (entry.intervals[.timePerRelayout].map {
                                "<br><small>[\(NumberText.forReader($0.lower))–\(NumberText.forReader($0.upper))]</small>"
                            } ?? "")
                    }
                }
            )
        ]
        if let yardstick {
            columns.append(("× \(SVG.escape(yardstick.rawValue))", { ratio($0, .ratioToBaseline) }))
            columns.append(("verdict", { $0.verdict?.rawValue ?? ($0.variant == yardstick ? "yardstick" : nil) }))
        }
        columns += [
            ("× reference", { ratio($0, .ratioToReference) }),
            ("× floor", { entry in ratio(entry, .ratioToFloor).map { $0 + (entry.isImpossible ? " <b>!</b>" : "") } }),
            ("slowest frame ns", { $0.frameTimes.max().map(NumberText.forReader) }),
            ("over budget", { $0.metrics[.framesOverBudget].map { NumberText.percent($0, of: 1) } }),
            ("ns/arrangement", { $0.metrics[.timePerArrangement].map(NumberText.forReader) }),
            ("allocations", { $0.metrics[.allocationsPerRelayout].map(NumberText.forReader) }),
            ("instructions", { $0.metrics[.instructionsPerRelayout].map(NumberText.grouped) }),
            ("est. cycles", { $0.metrics[.estimatedCyclesPerRelayout].map(NumberText.grouped) }),
        ]
        columns = columns.filter { column in report.results.contains { column.1($0) != nil } }
        var html = "<h2>Summary</h2>\n<div class=\"wide\"><table class=\"summary\"><tr><th>variant</th>"
        html += columns.map { "<th>\($0.0)</th>" }.joined() + "</tr>\n"
        for (index, scenario) in report.scenarios.enumerated() {
            // A scenario may break after each slash, so the row fits the page.
            let name = SVG.escape(scenario.rawValue).replacingOccurrences(of: "/", with: "/<wbr>")
            html +=
                "<tr class=\"group\"><th colspan=\"\(columns.count + 1)\"><a href=\"#s\(index)\">\(name)</a></th></tr>\n"
            for entry in report.results where entry.scenario == scenario {
                html += "<tr><td class=\"name\">\(SVG.escape(entry.variant.rawValue))</td>"
                html += columns.map { "<td>\($0.1(entry) ?? "–")</td>" }.joined() + "</tr>\n"
            }
        }
        return html + "</table></div>\n"
    }

    /// A ratio metric with its interval under it, or nil when the result has none.
    static func ratio(_ entry: VariantResult, _ metric: Metric) -> String? {
        guard let value = entry.metrics[metric] else { return nil }
        guard let interval = entry.intervals[metric] else { return NumberText.forReader(value) }
        return
            "\(NumberText.forReader(value))<br><small>[\(NumberText.forReader(interval.lower)), \(NumberText.forReader(interval.upper))]</small>"
    }

    /// The ranking over the run (``SuiteRanking``), first on the page: narrow enough for a
    /// phone, the worst scenario under each variant's name.
    static func suiteRanking(_ report: Report) -> String {
        guard report.scenarios.count > 1, let ranking = report.ranking else { return "" }
        let yardstick = SVG.escape(ranking.yardstick.rawValue)
        var html =
            "<table class=\"suite\"><caption>Ranking over \(report.scenarios.count) scenarios: time × \(yardstick), the geometric mean with its 95 % interval; scenarios faster (+), slower (−), the same (=) beyond \(formatNumber(report.options.verdictThreshold * 100)) %, or inconclusive (?)</caption><tr><th>#</th><th>variant</th><th>× \(yardstick)</th><th>+ − = ?</th></tr>\n"
        for (place, entry) in ranking.entries.enumerated() {
            let estimate = NumberText.estimate(entry.geometricMean, entry.interval)
            let (value, interval) = (estimate.prefix { $0 != " " }, estimate.drop { $0 != " " }.dropFirst())
            let leftOut = entry.leftOut > 0 ? "; \(entry.leftOut) impossible left out" : ""
            html +=
                "<tr><td>\(place + 1)</td><td class=\"name\">\(SVG.escape(entry.variant.rawValue))<br><small>worst \(NumberText.significant(entry.worstRatio, digits: 2))× on \(SVG.escape(entry.worstScenario.rawValue).replacingOccurrences(of: "/", with: "/<wbr>"))\(leftOut)</small></td><td>\(value)<br><small>\(interval)</small></td><td>\(entry.faster) \(entry.slower) \(entry.same) \(entry.inconclusive)</td></tr>\n"
        }
        for variant in ranking.leftOut {
            html +=
                "<tr><td>–</td><td class=\"name\">\(SVG.escape(variant.rawValue))<br><small>not ranked: every time impossible</small></td><td>–</td><td>–</td></tr>\n"
        }
        return html + "</table>\n"
    }

    static func ratioChart(_ entries: [VariantResult], metric: Metric, title: String) -> String {
        let rows = entries.compactMap { entry -> IntervalChart.Row? in
            guard let value = entry.metrics[metric], value > 0 else { return nil }
            return .init(
                label: entry.variant.rawValue, value: value, interval: entry.intervals[metric] ?? Interval(value, value)
            )
        }
        // A chart with nothing to draw (a run without the reference) is left out.
        return rows.isEmpty ? "" : IntervalChart(title: title, rows: rows).svg()
    }

    /// What there was to skip: the share of frames whose answer changes, when the report says.
    static func changing(_ entry: VariantResult) -> String {
        guard let share = entry.metrics[.changingFrames] else { return "" }
        return
            " · the answer changes in \(NumberText.percent(share, of: 1)) of frames (a variant that remembers resolves only those)"
    }

    /// With a yardstick (`run --baseline-variant`): the variants ranked by time, each with
    /// its ratio to the yardstick's, the interval and the verdict.
    static func ranking(_ entries: [VariantResult]) -> String {
        guard let yardstick = entries.first(where: { $0.baselineVariant != nil })?.baselineVariant else { return "" }
        let ranked = entries.filter { $0.ratioToBaseline != nil && !$0.isImpossible }.sorted {
            $0.time.p50 < $1.time.p50
        }
        let rows = ranked.enumerated().map { place, entry -> String in
            let ratio = entry.ratioToBaseline!
            return
                "<tr><td>\(place + 1)</td><td>\(SVG.escape(entry.variant.rawValue))</td><td>\(NumberText.forReader(entry.time.p50)) ns</td><td>\(NumberText.significant(ratio.value)) [\(NumberText.significant(ratio.interval.lower)), \(NumberText.significant(ratio.interval.upper))]</td><td>\(entry.verdict?.rawValue ?? "the yardstick")</td></tr>"
        }
        return
            "<table class=\"ranking\"><caption>Ranked by time; × \(SVG.escape(yardstick.rawValue)) with its 95 % interval, paired round by round</caption><tr><th>#</th><th>variant</th><th>time</th><th>× \(SVG.escape(yardstick.rawValue))</th><th>verdict</th></tr>\(rows.joined())</table>\n"
    }

    /// A variant whose time is impossible for one that declares no frame memory (below the
    /// floor, or its repeated frames far quicker in order).
    static func impossibleTimes(_ entries: [VariantResult]) -> String {
        entries.filter(\.isImpossible).map { entry in
            "<p class=\"meta warning\"><strong>Impossible time:</strong> \(SVG.escape(entry.variant.rawValue)) \(SVG.escape(entry.impossibility ?? "")).</p>\n"
        }.joined()
    }

    /// What each variant that remembers was checked over after the timeline.
    static func historyChecks(_ entries: [VariantResult]) -> String {
        entries.compactMap { entry in
            entry.historyCheck.map { check in
                "<p class=\"meta\">\(SVG.escape(entry.variant.rawValue)) was also checked against the reference over an adversarial history of \(SVG.escape(check.summary))</p>\n"
            }
        }.joined()
            + entries.compactMap { entry in
                entry.counterpart.map {
                    "<p class=\"meta\">\(SVG.escape(entry.variant.rawValue)) was \(SVG.escape($0.summary))</p>\n"
                }
            }.joined()
            // A motion with content: the frames the tree changed on, apart from the others.
            + entries.compactMap { entry in
                entry.editFrameSummary.map {
                    "<p class=\"meta\">\(SVG.escape(entry.variant.rawValue)): \(SVG.escape($0.summary))</p>\n"
                }
            }.joined()
    }

    /// The fold animation: each variant's time per frame across the timeline, the
    /// postures shaded behind, the budget as a rule.
    static func timelineChart(scenario: ScenarioName, entries: [VariantResult], phases: [Timeline.Phase]) -> String {
        guard
            var chart = perFrameChart(
                entries, values: \.frameTimes, phases: phases,
                title: "The animation frame by frame: time per frame (median of the passes)",
                yLabel: "ns per frame (log scale)", unit: "ns", value: NumberText.forReader,
                resolved: unresolvedFrameTime(entries))
        else { return "" }
        chart.height = 320
        if let refresh = entries.first?.refreshRate {
            // On a log axis a budget far above every frame would squeeze the frames into
            // the bottom of the chart: it is drawn only when a frame comes within a
            // tenth of it, and said in a note otherwise.
            let budget = 1e9 / refresh
            let slowest = entries.compactMap { $0.frameTimes.max() }.max() ?? 0
            let label = "frame budget \(NumberText.significant(budget / 1e6)) ms (1/\(NumberText.forReader(refresh)) s)"
            if slowest >= budget / 10 {
                chart.rules = [(budget, label)]
            } else {
                chart.note =
                    "\(label), above the chart: the slowest frame takes \(NumberText.percent(slowest, of: budget)) of it"
            }
        }
        return chart.figure()
    }

    /// The shortest frame time the clock resolves on this machine (the table's `<clock`
    /// below it: ``VariantResult/isResolvedFrameTime(_:)``), when a frame falls under it.
    static func unresolvedFrameTime(_ entries: [VariantResult]) -> Double? {
        let clock = entries.compactMap(\.clockNanoseconds).max()
        guard let clock else { return nil }
        let limit = VariantResult.frameTimeResolution * clock
        return entries.contains { $0.frameTimes.contains { $0 < limit } } ? limit : nil
    }

    /// Each frame's own instructions (`run --instructions`), exact, over the same phases:
    /// where a variant's costliest frames fall in the motion.
    static func instructionChart(entries: [VariantResult], phases: [Timeline.Phase]) -> String {
        perFrameChart(
            entries, values: \.frameInstructions, phases: phases,
            title: "The animation frame by frame: instructions per frame (each counted on its own)",
            yLabel: "instructions per frame (log scale)", unit: "instructions", value: NumberText.grouped
        )?.figure() ?? ""
    }

    /// A log-scale line a variant of one per-frame quantity over the timeline, the
    /// motion's phases behind; `nil` when no variant has it.
    static func perFrameChart(
        _ entries: [VariantResult], values: KeyPath<VariantResult, [Double]>, phases: [Timeline.Phase],
        title: String, yLabel: String, unit: String, value: (Double) -> String, resolved: Double? = nil
    ) -> LineChart? {
        let given = entries.filter { !$0[keyPath: values].isEmpty }
        guard !given.isEmpty else { return nil }
        let series = given.map { entry in
            LineChart.Series(
                name: entry.variant.rawValue,
                points: entry[keyPath: values].enumerated().map { frame, amount in
                    // A frame the clock does not resolve sits on the edge of the shaded
                    // region, as the table shows it `<clock`, not at a number it cannot mean.
                    if let resolved, amount < resolved {
                        return LineChart.Point(x: Double(frame), y: resolved, tooltip: "<clock")
                    }
                    return LineChart.Point(x: Double(frame), y: max(amount, 1), tooltip: value(amount))
                }, dots: false)
        }
        var chart = LineChart(title: title, xLabel: "frame", yLabel: yLabel, series: series)
        chart.logarithmic = true
        chart.width = 1240
        chart.height = 280
        chart.bands = phaseBands(phases)
        chart.captionOutside = true
        // Columns of about a seventieth of the chart: a suite's page holds dozens of these.
        chart.hoverColumnWidth = 16
        chart.hoverByColumn = { first, last in
            let (first, last) = (Int(first), Int(last))
            let frames = first == last ? "frame \(first)" : "frames \(first)–\(last)"
            return (first < phases.count ? "\(frames) (\(label(phases[first])))" : frames) + ", \(unit)"
        }
        if let resolved {
            chart.unresolvedBelow = (
                resolved,
                "under the clock: a frame below \(value(resolved)) \(unit) is not resolved (<clock, as in the table)"
            )
        }
        return chart
    }

    /// The motion's phases behind a per-frame chart: one band per run of equal frames.
    static func phaseBands(_ phases: [Timeline.Phase]) -> [LineChart.Band] {
        var bands: [LineChart.Band] = []
        var start = 0
        while start < phases.count {
            var end = start + 1
            while end < phases.count, phases[end] == phases[start] { end += 1 }
            bands.append(
                .init(
                    from: Double(start) - 0.5, to: Double(end) - 0.5, fill: fill(phases[start]),
                    label: label(phases[start])))
            start = end
        }
        return bands
    }

    static func label(_ phase: Timeline.Phase) -> String { phase.label }

    static func fill(_ phase: Timeline.Phase) -> String {
        if phase.inTransition { return phase.outerDisplay ? "#ffc4c4" : "#ffe0ec" }
        let portrait = phase.orientation == .portrait
        switch phase.posture {
        case .closed: return portrait ? "#e4e4e4" : "#efefef"
        case .halfOpen: return portrait ? "#ffe9a8" : "#fff4cf"
        case .flat: return portrait ? "#cfe3ff" : "#e6f0ff"
        case .foldedBack: return portrait ? "#d4f0d8" : "#e8f7ea"
        }
    }
}
