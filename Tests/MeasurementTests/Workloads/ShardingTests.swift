import Foundation
import Measurement
import Reports
import Support
import TestSupport
import Testing
import Workloads

@testable import Reports

/// Sharding a suite over a CI matrix, merging the parts, and keeping machines apart.
@Suite("Sharding and merging")
struct ShardingTests {
    func cost(_ scenario: Scenario) -> Double {
        let arrangements = (try? scenario.tree.makeTree().arrangementCount) ?? 1
        return Runner.expectedSeconds(arrangements: arrangements, frames: 600, timePerScenario: 1)
    }

    @Test("every scenario of a suite is in exactly one shard, the same one every time, the shards balanced")
    func shardsPartition() throws {
        let scenarios = Suite.full.scenarios
        // Each tree built once: the full suite has hundreds of scenarios, many of the same tree.
        var treeCosts: [String: Double] = [:]
        for scenario in scenarios where treeCosts[scenario.tree.description] == nil {
            treeCosts[scenario.tree.description] = cost(scenario)
        }
        let cost = { (scenario: Scenario) in treeCosts[scenario.tree.description]! }
        for parts in 1...6 {
            var seen: [String] = []
            var loads: [Double] = []
            for index in 1...parts {
                let shard = try #require(Shard(index: index, count: parts))
                let chosen = shard.select(scenarios, cost: cost)
                #expect(chosen == shard.select(scenarios, cost: cost), "deterministic")
                // In the suite's order.
                let names = Set(chosen.map(\.description))
                #expect(chosen.map(\.description) == scenarios.map(\.description).filter { names.contains($0) })
                seen += chosen.map(\.description)
                loads.append(chosen.map(cost).reduce(0, +))
            }
            #expect(seen.sorted() == scenarios.map(\.description).sorted(), "\(parts) shards")
            // Greedy, costliest first: no part exceeds the average by more than the costliest scenario.
            let average = loads.reduce(0, +) / Double(parts)
            #expect(loads.max()! <= average + scenarios.map(cost).max()!)
        }
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3"] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test("run --shard: a bad value exits 2; two shards run what one run would, and merge into one report")
    func shardAndMerge() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let common = [
            "--scenario", "fold-cycle/balanced-d2/iphone-duo", "--scenario", "drag-resize/media-player/iphone-duo",
            "--scenario", "fold-cycle/balanced-d4/iphone-duo", "--frames", "6", "--time-per-scenario", "0",
            "--variant", "fast",
        ]
        #expect(runFoldBench(["run", "--shard", "3/2"] + common).status == 2)
        var files: [String] = []
        for index in 1...2 {
            let out = directory.appendingPathComponent("shard\(index)").path
            let result = runFoldBench(["run", "--shard", "\(index)/2", "--out", out] + common)
            #expect(result.status == 0, "\(result.err)")
            files.append("\(out)/latest.json")
        }
        let parts = try files.map { try Report.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)))) }
        let scenarios = parts.map { Set($0.results.map(\.scenario)) }
        #expect(scenarios[0].isDisjoint(with: scenarios[1]) && scenarios[0].union(scenarios[1]).count == 3)

        let merged = directory.appendingPathComponent("merged").path
        let result = runFoldBench(["merge"] + files + ["--out", merged])
        #expect(result.status == 0, "\(result.err)")
        let whole = try Report.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(merged)/latest.json"))))
        #expect(
            whole.results.map { "\($0.scenario) \($0.variant)" }
                == parts.flatMap { $0.results.map { "\($0.scenario) \($0.variant)" } })
        #expect(whole.results.map(\.samples) == parts.flatMap { $0.results.map(\.samples) })
        #expect(whole.results.map(\.frameTimes) == parts.flatMap { $0.results.map(\.frameTimes) })
        #expect(
            Set(whole.results.filter { !$0.framePhases.isEmpty }.map(\.scenario)) == scenarios[0].union(scenarios[1]))
        let csv = try String(contentsOfFile: "\(merged)/latest.csv", encoding: .utf8)
        #expect(
            csv.contains("drag-resize/media-player/iphone-duo") && csv.contains("fold-cycle/balanced-d4/iphone-duo"))
        #expect(FileManager.default.fileExists(atPath: "\(merged)/report/index.html"))

        // The same part twice: refused, naming the scenario x variant.
        let twice = runFoldBench(["merge", files[0], files[0], "--out", merged])
        #expect(twice.status == 2 && twice.err.contains("is in both"))
    }

    func report(commit: String = "abc", frames: Int = 6, cpu: String = "AMD EPYC 7B13", scenario: String) -> String {
        var report = SampleReports.pageReport()
        report.environment.commit = commit
        report.environment.cpu = cpu
        report.options.frames = frames
        for index in report.results.indices { report.results[index].scenario = ScenarioName(scenario) }
        return JSONWriter.writePretty(report.json())
    }

    @Test(
        "merge refuses reports of other commits, options or CPU models unless --allow-mixed",
        arguments: [
            ("commit", ["commit": "def"]), ("options", ["frames": "12"]), ("CPU model", ["cpu": "Intel Xeon"]),
            ("options", ["instructions": "not counted"]),
        ])
    func mixedReports(what: String, change: [String: String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try writeFile(report(scenario: "a/b/c"), named: "a.json", in: directory)
        var secondText = report(
            commit: change["commit"] ?? "abc", frames: Int(change["frames"] ?? "6")!,
            cpu: change["cpu"] ?? "AMD EPYC 7B13", scenario: "d/e/f")
        if change["instructions"] != nil {
            // A part without counts beside one with them (run without --instructions).
            var document = try #require(
                JSONSerialization.jsonObject(with: Data(secondText.utf8)) as? [String: Any])
            var options = document["options"] as? [String: Any] ?? [:]
            options["instructions"] = false
            document["options"] = options
            document["results"] = (document["results"] as? [[String: Any]] ?? []).map { result in
                var result = result
                var metrics = result["metrics"] as? [String: Any] ?? [:]
                for key in metrics.keys where key.lowercased().contains("instructions") || key.contains("Cycles") {
                    metrics[key] = nil
                }
                result["metrics"] = metrics
                return result
            }
            secondText = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
            let firstReport = try Report.decode(Array(report(scenario: "a/b/c").utf8))
            #expect(Report.counted(firstReport), "the first part counted instructions")
        }
        let second = try writeFile(secondText, named: "b.json", in: directory)
        let out = directory.appendingPathComponent("out").path
        let refused = runFoldBench(["merge", first, second, "--out", out])
        #expect(refused.status == 2)
        #expect(refused.err.contains("\(what):") && refused.err.contains("--allow-mixed"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(out)/latest.json"), "nothing written")
        let allowed = runFoldBench(["merge", first, second, "--out", out, "--allow-mixed"])
        #expect(allowed.status == 0 && allowed.err.contains("warning: merging mixed reports: \(what)"))
    }

    @Test("a report names the exact compiler; history rows carry the CPU, cores and compiler")
    func machineColumns() throws {
        let environment = RunEnvironment.current()
        #expect(environment.swift.hasPrefix("Swift version "), "\(environment.swift)")
        var report = SampleReports.pageReport()
        report.environment = environment
        let rows = report.historyRows().split(separator: "\n").compactMap { CSV.parse($0) }
        #expect(
            rows.allSatisfy {
                $0.count == 14 && $0[11] == environment.cpu && $0[12] == String(environment.cores)
                    && $0[13] == environment.swift
            })
        let legacy = report.historyRows(legacy: true).split(separator: "\n").compactMap { CSV.parse($0) }
        #expect(legacy.count == rows.count && legacy.allSatisfy { $0.count == 11 })
    }

    @Test("a history begun by an older foldbench is appended in its own columns, and trend reads it")
    func legacyHistory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.csv").path
        let old =
            CSV.line(CSV.legacyColumns)
            + CSV.line([
                "2026-11-29T00:00:00Z", "c0", "false", "h", "drag-resize/media-player/iphone-duo", "fast", "2",
                "timePerRelayout", "p50", "30", "ns",
            ])
        try old.write(toFile: history, atomically: true, encoding: .utf8)
        let result = runFoldBench([
            "run", "--scenario", "drag-resize/media-player/iphone-duo", "--variant", "fast", "--frames", "4",
            "--time-per-scenario", "0", "--record", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("has the columns of an older foldbench"))
        let text = try String(contentsOfFile: history, encoding: .utf8)
        #expect(text.hasPrefix(old))
        #expect(text.split(separator: "\n").allSatisfy { CSV.parse($0)?.count == 11 })
        let (series, problems) = Trend.read(text)
        #expect(problems.isEmpty)
        let time = try #require(series.first { $0.variant == "fast" && $0.metric == "timePerRelayout" })
        #expect(time.points.count == 2 && time.machine == "unknown")
    }

    @Test("trend keeps one series per CPU model; compare says when the machines differ")
    func machinesApart() throws {
        func row(_ cpu: String, _ value: String, _ commit: String) -> String {
            CSV.line([
                "2026-11-30T00:00:0\(commit)Z", "c\(commit)", "false", "h", "s/t/u", "fast", "1", "timePerRelayout",
                "p50", value, "ns", cpu, "2", "Swift version 6.3",
            ])
        }
        let text = CSV.line(CSV.columns) + row("AMD", "100", "1") + row("Intel", "300", "2") + row("AMD", "101", "3")
        let (series, _) = Trend.read(text)
        #expect(series.map(\.machine).sorted() == ["AMD", "Intel"])
        #expect(series.first { $0.machine == "AMD" }?.points.map(\.value) == [100, 101])
        // A variant whose history starts later than the first one's still lines up by date.
        let later =
            CSV.line(CSV.columns) + row("AMD", "100", "5") + row("AMD", "101", "6")
            + CSV.line([
                "2026-11-30T00:00:01Z", "c1", "false", "h", "s/t/u", "reference", "1", "timePerRelayout", "p50", "900",
                "ns", "AMD", "2", "Swift",
            ])
        let chart = Trend.chart(Trend.read(later).series, title: "t", width: 600)
        #expect(chart.series.map { $0.points.map(\.x) } == [[1, 2], [0]])
        let page = Trend.html(series)
        #expect(page.contains("<h2>s/t/u — Intel</h2>") && page.contains("<h2>s/t/u — AMD</h2>"))
        // One group, and one chart, per scenario and machine.
        #expect(page.components(separatedBy: "<h2>s/t/u").count - 1 == 2)
        #expect(page.components(separatedBy: "class=\"chart\"").count - 1 == 2)

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try writeFile(report(scenario: "a/b/c"), named: "a.json", in: directory)
        let b = try writeFile(report(cpu: "Intel Xeon", scenario: "a/b/c"), named: "b.json", in: directory)
        let compared = runFoldBench(["compare", a, b, "--format", "markdown"])
        #expect(
            compared.out.hasPrefix("> **Different machines**: the baseline ran on AMD EPYC 7B13"), "\(compared.out)")
        let same = runFoldBench(["compare", a, a])
        #expect(!same.out.contains("Different machines"))
    }
}
