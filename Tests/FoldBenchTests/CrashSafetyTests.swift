import Foundation
import Harness
import SceneFormat
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Results/ survives concurrent runs and crashes (benchmark-design §6).
@Suite("Crash safety of Results/", .serialized)
struct CrashSafetyTests {
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: foldbenchBinary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func recordArguments(_ scenario: String, out: String) -> [String] {
        ["run", "--record", "--scenario", scenario, "--frames", "12", "--time-per-scenario", "0.05", "--out", out]
    }

    @Test("two recording runs at once both land their rows, intact and not interleaved")
    func concurrentRecords() throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: foldbenchBinary),
            "build foldbench first (scripts/test.sh does)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = ["drag-resize/media-player/iphone-duo", "fold-cycle/moon-phase/iphone-duo"]
        let processes = try scenarios.map { try start(recordArguments($0, out: directory.path)) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let text = try String(contentsOf: directory.appendingPathComponent("history.csv"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first.map(String.init) == CSV.columns.joined(separator: ","))
        #expect(lines.filter { $0.hasPrefix("date,") }.count == 1)
        let rows = lines.dropFirst().map { CSV.parse($0) }
        #expect(rows.allSatisfy { $0?.count == CSV.columns.count })
        // Each run's rows form one block.
        let order = rows.compactMap { $0?[4] }
        let blocks = zip(order, order.dropFirst()).filter { $0 != $1 }.count + 1
        #expect(blocks == 2)
        #expect(Set(order) == Set(scenarios))
        // Two runs in the same second keep two reports.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("runs").path).count
                == 2)
    }

    @Test("SIGKILL during runs leaves every earlier file and row intact and readable")
    func killedRuns() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history.csv")
        let latest = directory.appendingPathComponent("latest.json")
        // One complete run first, so there is something to keep.
        let first = try start(recordArguments("drag-resize/media-player/iphone-duo", out: directory.path))
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        var generator = SplitMix64(seed: 11)
        var killedWhileRunning = 0
        for _ in 0..<12 {
            let before = try String(contentsOf: history, encoding: .utf8)
            let process = try start(recordArguments("drag-resize/media-player/iphone-duo", out: directory.path))
            usleep(UInt32.random(in: 20_000...400_000, using: &generator))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killedWhileRunning += 1
            }
            process.waitUntilExit()
            let after = try String(contentsOf: history, encoding: .utf8)
            #expect(after.hasPrefix(before), "earlier rows are kept as they were")
            let (series, problems) = Trend.read(after)
            #expect(!series.isEmpty)
            // At worst the last row is cut short; trend reports it and reads the rest.
            #expect(problems.allSatisfy { $0.line == after.split(separator: "\n").count })
            let report = try ReportSummary.decode([UInt8](try Data(contentsOf: latest)))
            #expect(!report.entries.isEmpty)
            for file in try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("runs").path)
            where file.hasSuffix(".json") {
                let data = try Data(contentsOf: directory.appendingPathComponent("runs/\(file)"))
                #expect((try? ReportSummary.decode([UInt8](data))) != nil, "runs/\(file) is whole")
            }
        }
        #expect(killedWhileRunning > 0)
    }
}
