import ChildProcesses
import Foundation
import Reports
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What foldbench writes is whole or absent: a full disk, a read-only Results/, a
/// missing directory and a baseline update beside a recording run end in success or
/// in exit 2 with a line naming the file, never in a truncated or interleaved file.
@Suite("Outputs that cannot be half-written", .serialized)
struct OutputSafetyTests {
    let scenario = "fold-cycle/balanced-d2/iphone-duo"

    func runArguments(out: String) -> [String] {
        ["run", "--record", "--scenario", scenario, "--frames", "6", "--time-per-scenario", "0.05", "--out", out]
    }

    /// Runs `command` (a program and its first arguments) with `arguments` in a child;
    /// returns its exit status and standard error.
    func runChild(_ command: [String], _ arguments: [String], in directory: URL? = nil) throws -> (Int32, String) {
        let result = try ChildProcess.run(
            command[0], Array(command.dropFirst()) + arguments, directory: directory?.path)
        return (result.status, result.errors)
    }

    /// Runs foldbench in a child through bash, whose `ulimit -f` (KiB) makes writes
    /// beyond that size fail as on a full disk (EFBIG; the signal is ignored).
    func runLimited(_ arguments: [String], fileKiB: Int) throws -> (Int32, String) {
        let limited = ["/bin/bash", "-c", "trap '' XFSZ; ulimit -f \(fileKiB); exec \"$@\"", "limited"]
        return try runChild(limited + [try freshFoldBenchBinary()], arguments)
    }

    func contents(_ directory: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) {
                files[name] = data
            }
        }
        return files
    }

    /// A history a few hundred bytes short of `kib` KiB, of rows trend reads.
    func history(filling kib: Int) -> String {
        let row =
            "2026-11-30T00:00:00Z,abc,false,h,\(scenario),fast,3,instructionsPerRelayout,p50,100,count,cpu,2,swift\n"
        var text = CSV.line(CSV.columns)
        while text.utf8.count + row.utf8.count < kib * 1024 - 300 { text += row }
        return text
    }

    @Test("a disk that fills while the history is appended to: exit 2, the history as it was")
    func fullDiskDuringAppend() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let historyText = history(filling: 64)
        let historyPath = try writeFile(historyText, named: "history.csv", in: directory)
        let (status, errors) = try runLimited(runArguments(out: directory.path), fileKiB: 64)
        #expect(status == 2, "\(errors)")
        #expect(
            errors.contains("foldbench: error: \(historyPath): cannot write: File too large (no row appended)"),
            "\(errors)")
        #expect(try String(contentsOfFile: historyPath, encoding: .utf8) == historyText)
        // What was written before the disk filled is whole.
        let report = try #require(
            FileManager.default.contents(atPath: directory.appendingPathComponent("latest.json").path))
        #expect(throws: Never.self) { try Report.decode([UInt8](report)) }
    }

    @Test("a disk too full for the report: exit 2, the old report whole, no temporary file left")
    func fullDiskDuringReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try writeFile("{\"old\": true}\n", named: "latest.json", in: directory)
        let before = contents(directory)
        let (status, errors) = try runLimited(runArguments(out: directory.path), fileKiB: 2)
        #expect(status == 2, "\(errors)")
        #expect(
            errors.contains(
                "foldbench: error: \(directory.path)/latest.json: cannot write: File too large (left as it was)"),
            "\(errors)")
        #expect(contents(directory) == before, "nothing added, nothing changed")
    }

    @Test("a read-only Results/: exit 2 before measuring, naming the directory; its files untouched")
    func readOnlyResults() throws {
        let directory = try temporaryDirectory()
        defer {
            chmod(directory.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        // Root writes anywhere: then the child runs as nobody, from a copy it can reach.
        let binary = try freshFoldBenchBinary()
        let reachable = directory.appendingPathComponent("bin")
        var command = [binary]
        if geteuid() == 0 {
            try FileManager.default.createDirectory(at: reachable, withIntermediateDirectories: true)
            let resources = URL(fileURLWithPath: binary).deletingLastPathComponent()
                .appendingPathComponent("FoldBench_Workloads.resources")
            try FileManager.default.copyItem(atPath: binary, toPath: reachable.appendingPathComponent("foldbench").path)
            try FileManager.default.copyItem(
                at: resources, to: reachable.appendingPathComponent("FoldBench_Workloads.resources"))
            chmod(directory.path, 0o755)
            command = [
                "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                reachable.appendingPathComponent("foldbench").path,
            ]
        }
        let results = directory.appendingPathComponent("Results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        _ = try writeFile(history(filling: 4), named: "history.csv", in: results)
        _ = try writeFile("{\"old\": true}\n", named: "latest.json", in: results)
        let before = contents(results)
        chmod(results.path, 0o555)
        func run(_ arguments: [String]) throws -> (Int32, String) { try runChild(command, arguments) }
        let (status, errors) = try run(runArguments(out: results.path))
        #expect(status == 2)
        #expect(errors == "foldbench: error: \(results.path): cannot write: Permission denied (nothing measured)\n")
        let trendOut = results.appendingPathComponent("trend").path
        let (trendStatus, trendErrors) = try run([
            "trend", results.appendingPathComponent("history.csv").path, "--out", trendOut,
        ])
        #expect(trendStatus == 2)
        #expect(
            trendErrors.contains(
                "foldbench: error: \(trendOut): cannot write: cannot create \(trendOut): Permission denied"),
            "\(trendErrors)")
        chmod(results.path, 0o755)
        #expect(contents(results) == before)
    }

    @Test("a missing output directory is made, however deep; a file in its way is named (exit 2)")
    func missingDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let deep = directory.appendingPathComponent("a/b/c").path
        let made = runFoldBench(runArguments(out: deep))
        #expect(made.status == 0, "\(made.err)")
        for name in ["latest.json", "latest.csv", "history.csv", "report/index.html"] {
            #expect(FileManager.default.fileExists(atPath: "\(deep)/\(name)"), "\(name)")
        }
        let exported = directory.appendingPathComponent("x/y/bmf.json").path
        #expect(runFoldBench(["export", "\(deep)/latest.json", "--format", "bmf", "--out", exported]).status == 0)
        #expect(FileManager.default.fileExists(atPath: exported))
        let blocked = directory.appendingPathComponent("a/b/c/latest.json/sub").path
        let refused = runFoldBench(runArguments(out: blocked))
        #expect(refused.status == 2)
        #expect(
            refused.err
                == "foldbench: error: \(blocked): cannot write: \(deep)/latest.json is a file, not a directory (nothing measured)\n",
            "\(refused.err)")
    }

    @Test("a baseline update racing a recording run in the same Results/: both succeed, every file whole")
    func baselineRacesRecord() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func start(_ arguments: [String]) throws -> ChildProcess.Running {
            try ChildProcess.start(try freshFoldBenchBinary(), arguments, directory: directory.path, outputs: .discard)
        }
        let baseline = try start(["baseline", "update", "--time-per-scenario", "0.02", "--frames", "120"])
        var recorders: [Int32] = []
        while baseline.isRunning {
            recorders.append(try start(runArguments(out: "Results")).wait().status)
        }
        #expect(baseline.wait().status == 0)
        #expect(recorders.allSatisfy { $0 == 0 })
        let results = directory.appendingPathComponent("Results")
        let written = try #require(
            FileManager.default.contents(atPath: results.appendingPathComponent("baseline.json").path))
        let summary = try Report.decode([UInt8](written))
        #expect(summary.results.count > 8, "the whole quick suite")
        let history = try String(contentsOf: results.appendingPathComponent("history.csv"), encoding: .utf8)
        let (series, problems) = Trend.read(history)
        #expect(problems.isEmpty && !series.isEmpty)
        #expect(series.allSatisfy { $0.points.count == recorders.count }, "one row per run and metric")
    }
}
