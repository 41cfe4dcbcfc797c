import ChildProcesses
import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Results/ survives concurrent runs and crashes: reports are replaced whole, history rows
/// are appended under a lock, and a row cut short by a kill is skipped by `trend`.
@Suite("Crash safety of Results/", .serialized)
struct CrashSafetyTests {
    func start(_ arguments: [String]) throws -> ChildProcess.Running {
        try ChildProcess.start(try freshFoldBenchBinary(), arguments, outputs: .discard)
    }

    func recordArguments(_ scenario: String, out: String) -> [String] {
        ["run", "--record", "--scenario", scenario, "--frames", "12", "--time-per-scenario", "0.05", "--out", out]
    }

    @Test("two recording runs appending at the same moment both land their rows, intact and not interleaved")
    func concurrentRecords() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.csv").path
        let runs = directory.appendingPathComponent("runs").path
        // Hold the history's lock so that both runs reach their append while the other
        // is there too: each keeps its report under runs/ just before it appends.
        let descriptor = open(history, O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX) == 0)
        let scenarios = ["drag-resize/media-player/iphone-duo", "fold-cycle/moon-phase/iphone-duo"]
        let processes = try scenarios.map { try start(recordArguments($0, out: directory.path)) }
        let deadline = Date().addingTimeInterval(120)
        while ((try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? []).count < 2, Date() < deadline {
            usleep(20_000)
        }
        usleep(100_000)  // time to reach flock after the report's rename
        #expect(processes.allSatisfy { $0.isRunning }, "both runs wait for the lock")
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(processes.map { $0.wait().status } == [0, 0])

        let text = try String(contentsOfFile: history, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first.map(String.init) == CSV.columns.joined(separator: ","))
        #expect(lines.filter { $0.hasPrefix("date,") }.count == 1)
        let rows = lines.dropFirst().map { CSV.parse($0) }
        #expect(rows.allSatisfy { $0?.count == CSV.columns.count })
        // Each run's rows form one block.
        let order = rows.compactMap { $0?[CSV.columns.firstIndex(of: "scenario")!] }
        let blocks = zip(order, order.dropFirst()).filter { $0 != $1 }.count + 1
        #expect(blocks == 2)
        #expect(Set(order) == Set(scenarios))
        // Two runs in the same second keep two reports.
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs).count == 2)
    }

    @Test("a row torn by a crash is reported by trend at its line; the next append starts a fresh line")
    func tornRow() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.csv").path
        let header = CSV.line(CSV.columns)
        let whole = CSV.line([
            "2026-11-29T00:00:00Z", "c0", "false", "host", "drag-resize/media-player/iphone-duo", "fast", "1",
            "timePerRelayout", "p50", "100", "ns", RunEnvironment.current().cpu, "2", "Swift version 6.3.1",
        ])
        let torn = "2026-11-29T00:00:01Z,c1,false,host,drag-resize/med"
        try (header + whole + torn).write(toFile: history, atomically: true, encoding: .utf8)

        let result = runFoldBench(
            recordArguments("drag-resize/media-player/iphone-duo", out: directory.path) + ["--variant", "fast"])
        #expect(result.status == 0, "\(result.err)")

        let text = try String(contentsOfFile: history, encoding: .utf8)
        #expect(text.hasPrefix(header + whole + torn + "\n"), "the torn row is kept, and ended")
        let (series, problems) = Trend.read(text)
        #expect(problems.map(\.line) == [3])
        #expect(problems.first?.reason.contains("truncated") == true)
        // Every row but the torn one is read: the old point and each new headline
        // (an interval's bounds join their headline's point).
        let appended = text.split(separator: "\n").dropFirst(3).filter { !$0.contains(",ci95") }.count
        #expect(appended > 0)
        #expect(series.reduce(0) { $0 + $1.points.count } == 1 + appended)
        let trend = runFoldBench(["trend", history, "--out", directory.appendingPathComponent("trend").path])
        #expect(trend.status == 0)
        #expect(trend.err.contains("\(history): line 3: 5 fields, expected 14 (truncated?) (skipped)"), "\(trend.err)")
    }

    @Test("SIGKILL during runs leaves every earlier file and row intact and readable")
    func killedRuns() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.csv")
        let latest = directory.appendingPathComponent("latest.json")
        // One complete run first, so there is something to keep.
        let first = try start(recordArguments("drag-resize/media-player/iphone-duo", out: directory.path))
        #expect(first.wait().status == 0)
        var generator = SplitMix64(seed: 11)
        var killedWhileRunning = 0
        var tornLines: Set<Int> = []
        for _ in 0..<12 {
            let before = try String(contentsOf: history, encoding: .utf8)
            let process = try start(recordArguments("drag-resize/media-player/iphone-duo", out: directory.path))
            usleep(UInt32.random(in: 20_000...400_000, using: &generator))
            if process.isRunning {
                process.kill(SIGKILL)
                killedWhileRunning += 1
            }
            process.wait()
            let after = try String(contentsOf: history, encoding: .utf8)
            #expect(after.hasPrefix(before), "earlier rows are kept as they were")
            if !after.hasSuffix("\n") { tornLines.insert(after.split(separator: "\n").count) }
            let (series, problems) = Trend.read(after)
            #expect(!series.isEmpty)
            // Only rows a kill cut short are reported; trend reads the rest.
            #expect(Set(problems.map(\.line)).isSubset(of: tornLines), "\(problems)")
            let report = try Report.decode([UInt8](try Data(contentsOf: latest)))
            #expect(!report.results.isEmpty)
            for file in try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("runs").path)
            where file.hasSuffix(".json") {
                let data = try Data(contentsOf: directory.appendingPathComponent("runs/\(file)"))
                #expect((try? Report.decode([UInt8](data))) != nil, "runs/\(file) is whole")
            }
        }
        #expect(killedWhileRunning > 0)
    }
}
