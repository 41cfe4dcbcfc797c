import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

@Suite("trend")
struct TrendTests {
    static let header = CSV.line(CSV.columns)

    static func history(_ values: [Double], metric: String = "instructionsPerRelayout") -> String {
        header
            + values.enumerated().map { index, value in
                CSV.line([
                    "2026-11-\(10 + index % 18)T00:00:00Z", "c\(index)", "false", "host",
                    "fold-cycle/balanced-d8/iphone-duo", "fast", "255", metric, "value", String(value), "count",
                    "AMD EPYC", "2", "Swift version 6.3.1",
                ])
            }.joined()
    }

    @Test("a step in the series is found where it happens; a flat noisy series has none")
    func changePoints() {
        var generator = SplitMix64(seed: 3)
        let noise = (0..<40).map { _ in Double.random(in: -5...5, using: &generator) }
        let step = noise.enumerated().map { 1000 + $1 + ($0 >= 25 ? 60 : 0) }
        #expect(ChangePoints.detect(step) == [25])
        #expect(ChangePoints.detect(noise.map { 1000 + $0 }).isEmpty)
        let twoSteps = noise.enumerated().map { 1000 + $1 + ($0 >= 12 ? 80 : 0) + ($0 >= 30 ? -150 : 0) }
        #expect(ChangePoints.detect(twoSteps) == [12, 30])
    }

    @Test("trend writes a chart per series, an index and summaries; bad rows are reported by line and skipped")
    func command() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = Self.history((0..<20).map { $0 < 10 ? 50_000 : 55_000 })
        text += "2026-11-30T00:00:00Z,c99,false,host,fold-cycle/bal\n"  // a row cut short by a crash
        text += "2026-11-30T00:00:00Z,c98,false,host,s,fast,1,timePerRelayout,p50,fast!,ns,AMD EPYC,2,Swift\n"
        let path = try writeFile(text, named: "history.csv", in: directory)
        let out = directory.appendingPathComponent("trend").path
        let result = runFoldBench(["trend", path, "--out", out])
        #expect(result.status == 0)
        #expect(result.err.contains("\(path): line 22: 5 fields, expected 14 (truncated?) (skipped)"))
        #expect(result.err.contains("\(path): line 23: value 'fast!' is not a number (skipped)"))
        #expect(
            result.out.contains(
                "| fold-cycle/balanced-d8/iphone-duo | fast | instructionsPerRelayout | c10 | 50,000 | 55,000 | +10.0% | worse |"
            )
        )
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(
            files == [
                "index.html", "instructionsPerRelayout--fold-cycle_balanced-d8_iphone-duo--fast--AMD_EPYC.svg",
                "summary.csv",
                "summary.json", "summary.md",
            ])
        let svg = try String(contentsOfFile: "\(out)/\(files[1])", encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<polyline") && svg.contains("change at c10"))
        // The dashboard shows the chart itself, with the change point's commit and the step.
        let index = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
        #expect(index.contains("class=\"chart\" data-marks=\"20\""))
        #expect(index.components(separatedBy: "class=\"chart\"").count - 1 == 1, "one chart for the one series")
        #expect(index.contains("fast: change at c10") && index.contains(">fast +10.0 %</text>"))
        #expect(index.contains("<td>c10</td>") && index.contains("worse"))
        // What changed and by how much come first, where a phone's width shows them.
        #expect(
            index.contains(
                "<tr><th>scenario</th><th>variant</th><th>metric</th><th>change</th><th></th><th>before</th><th>after</th><th>commit</th><th>date</th></tr>"
            ))
    }

    @Test("a history's interval rows join their run's point; other statistics are not series")
    func historyIntervals() {
        let header = CSV.line(CSV.columns)
        func row(_ commit: String, _ metric: String, _ statistic: String, _ value: String) -> String {
            CSV.line([
                "2026-11-30T00:00:0\(commit.suffix(1))Z", commit, "false", "h", "s", "fast", "1", metric, statistic,
                value, "ns", "AMD EPYC", "2", "Swift version 6.3.1",
            ])
        }
        let text =
            header + row("c1", "timePerRelayout", "p50", "100") + row("c1", "timePerRelayout", "ci95Lower", "95")
            + row("c1", "timePerRelayout", "ci95Upper", "108") + row("c1", "timePerRelayout", "p90", "130")
            + row("c2", "timePerRelayout", "p50", "101") + row("c3", "timePerRelayout", "ci95Upper", "120")
            // The same commit run again a second later: its bound is not the first run's.
            + row("c2", "timePerRelayout", "ci95Upper", "130").replacingOccurrences(of: ":02Z", with: ":09Z")
        let (series, problems) = Trend.read(text)
        #expect(problems.isEmpty)
        #expect(series.count == 1)
        let points = series[0].points
        #expect(points.map(\.value) == [100, 101])
        #expect(points[0].interval.map { [$0.lower, $0.upper] } == [95, 108])
        #expect(points[1].interval == nil, "a bound of another run does not attach to this one")
    }

    @Test("a change is worse or better by the metric's polarity")
    func direction() {
        #expect(Trend.direction("timePerRelayout", 100, 120) == "worse")
        #expect(Trend.direction("instructionsPerRelayout", 120, 100) == "better")
        #expect(Trend.direction("relayoutsPerSecond", 100, 120) == "better")
        #expect(Trend.direction("relayoutsPerSecond", 120, 100) == "worse")
        #expect(Trend.direction("timePerRelayout", 100, 100) == "")
        #expect(Trend.direction("somethingNew", 100, 120) == "")
    }

    @Test("a missing history or a wrong header exits 2")
    func badHistory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(runFoldBench(["trend", directory.appendingPathComponent("none.csv").path]).status == 2)
        let path = try writeFile("a,b\n1,2\n", named: "h.csv", in: directory)
        let result = runFoldBench(["trend", path, "--out", directory.path])
        #expect(result.status == 2)
        #expect(result.err.contains("line 1: the header is not date,commit"))
    }
}
