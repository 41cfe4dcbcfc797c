import ChildProcesses
import Foundation
import Measurement
import Reports
import Support
import TestSupport
import Testing

/// What `run` prints and writes for someone comparing resolvers: one ranking over the
/// run (the table's last lines, the JSON, the CSV, the top of the page), in 120 columns.
@Suite("Rankings over a run")
struct RankingOutputTests {
    /// `run` into a fresh folder: its status and outputs, and the folder (removed by the caller).
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String, directory: URL) {
        let directory = try temporaryDirectory()
        let result = try runBinary(["run", "--out", directory.path] + arguments)
        return (result.status, result.out, result.err, directory)
    }

    /// Lines of `text` longer than 120 characters.
    func tooWide(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > 120 }
    }

    @Test(
        "a suite ends with a ranking whose figures are its JSON's computed by hand, in the JSON, the CSV and at the top of the page, every line within 120 columns"
    )
    func rankingByHand() throws {
        let result = try run([
            "--suite", "default", "--variant", "fast", "--variant", "incremental", "--variant", "fast-preorder",
            "--baseline-variant", "fast", "--frames", "60", "--time-per-scenario", "0.01",
        ])
        defer { try? FileManager.default.removeItem(at: result.directory) }
        #expect(result.status == 0, "\(result.err.suffix(800))")
        #expect(tooWide(result.out).isEmpty, "\(tooWide(result.out))")
        // A line a scenario, not a block: a screen's worth for 28 scenarios.
        #expect(result.out.split(separator: "\n").count < 50, "\(result.out)")
        let text = try String(contentsOf: result.directory.appendingPathComponent("latest.json"), encoding: .utf8)
        let json = try JSONParser.parse(text)
        let ranked = try #require(json["ranking"]?["variants"]?.arrayValue)
        #expect(json["ranking"]?["yardstick"]?.stringValue == "fast")
        #expect(Set(ranked.compactMap { $0["variant"]?.stringValue }) == ["incremental", "fast-preorder"])
        let results = try #require(json["results"]?.arrayValue)
        let csv = try String(
            contentsOf: result.directory.appendingPathComponent("latest-ranking.csv"), encoding: .utf8)
        for entry in ranked {
            let variant = try #require(entry["variant"]?.stringValue)
            // By hand: each scenario's ratio to fast and its interval, from the results.
            let ratios = results.filter { $0["variant"]?.stringValue == variant }.compactMap {
                result -> (Double, Double, Double)? in
                guard let ratio = result["metrics"]?["ratioToBaseline"], let value = ratio["p50"]?.numberValue,
                    let interval = ratio["ci95"]?.arrayValue, let lower = interval.first?.numberValue,
                    let upper = interval.last?.numberValue
                else { return nil }
                return (value, lower, upper)
            }
            #expect(ratios.count == 28)
            let mean = ratios.map { log($0.0) }.reduce(0, +) / Double(ratios.count)
            let z = 1.959964
            let variance = ratios.map { pow((log($0.2) - log($0.1)) / (2 * z), 2) }.reduce(0, +)
            let half = z * variance.squareRoot() / Double(ratios.count)
            let geometricMean = try #require(entry["geometricMean"]?.numberValue)
            let bounds = entry["ci95"]?.arrayValue ?? []
            let interval = bounds.compactMap(\.numberValue)
            try #require(interval.count == 2)
            #expect(abs(geometricMean - exp(mean)) < 1e-9 * exp(mean))
            #expect(abs(interval[0] - exp(mean - half)) < 1e-9 && abs(interval[1] - exp(mean + half)) < 1e-9)
            let counts = ["faster", "slower", "same", "inconclusive"].compactMap { entry[$0]?.numberValue }
            #expect(counts.reduce(0, +) == 28)
            // The table's line and the CSV's row say the same.
            let shown = NumberText.estimate(geometricMean, Interval(interval[0], interval[1]))
            let lines = result.out.split(separator: "\n").map {
                $0.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
            }
            let line = lines.first { $0.contains(". \(variant) ") }
            #expect(line?.contains(". \(variant) \(shown) ") == true, "\(shown): \(line ?? "no line")")
            #expect(csv.contains(",\(variant),fast,28,\(formatNumber(geometricMean)),"), "\(csv)")
        }
        #expect(result.out.contains("Ranking over 28 scenarios, time × fast"))
        let page = try String(
            contentsOf: result.directory.appendingPathComponent("report/index.html"), encoding: .utf8)
        let top = try #require(page.range(of: "<table class=\"suite\">"))
        let summary = try #require(page.range(of: "<h2>Summary</h2>"))
        #expect(top.lowerBound < summary.lowerBound, "the ranking comes first")
        #expect(page.utf8.count < 4_000_000, "\(page.utf8.count) bytes")
    }

    @Test("a few scenarios get a block each, still within 120 columns, with instructions and a long name")
    func blocksWithinWidth() throws {
        var arguments = [
            "--scenario", "fold-cycle/balanced-d8/iphone-duo", "--scenario", "list-loading/balanced-d4/iphone-duo",
            "--variant", "fast", "--variant", "incremental-prepares-anew", "--baseline-variant", "fast",
            "--frames", "60", "--time-per-scenario", "0.01",
        ]
        if ChildProcess.onPath("valgrind") != nil { arguments.append("--instructions") }
        let result = try run(arguments)
        defer { try? FileManager.default.removeItem(at: result.directory) }
        #expect(result.status == 0, "\(result.err.suffix(800))")
        #expect(tooWide(result.out).isEmpty, "\(tooWide(result.out))")
        // Each abbreviation is explained once, before it is used.
        #expect(result.out.hasPrefix("Key: time: ns a relayout"))
        #expect(result.out.contains("fold-cycle/balanced-d8/iphone-duo: 255 arrangements"))
        #expect(!result.out.contains("1 arrangements"))
        #expect(!result.out.contains("; the same)"), "a frame whose context did not change says so")
        #expect(result.out.contains("Ranking over 2 scenarios"))
    }
}

extension JSONValue {
    fileprivate var arrayValue: [JSONValue]? {
        guard case .array(let values) = self else { return nil }
        return values
    }
    fileprivate var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }
    fileprivate var numberValue: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }
}
