import Charts
import ChildProcesses
import Foundation
import Measurement
import Reports
import Support
import TestSupport
import Testing
import Workloads

/// Comparing variants as users do: each sampled at its own pace, any one as the yardstick,
/// and the small things a new user tripped on.
@Suite("comparing variants")
struct ComparingVariantsTests {
    /// A run's report as JSON, and its table.
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String, report: JSONValue?) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench(["run", "--out", directory.path] + arguments)
        let path = directory.appendingPathComponent("latest.json").path
        let report = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { try? JSONParser.parse($0) }
        return (result.status, result.out, result.err, report)
    }

    func results(_ report: JSONValue?) -> [String: JSONValue] {
        guard case .array(let list)? = report?["results"] else { return [:] }
        var byVariant: [String: JSONValue] = [:]
        for result in list { if case .string(let name)? = result["variant"] { byVariant[name] = result } }
        return byVariant
    }

    func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    @Test(
        "each variant has its own batch: the reference's is shorter than the floor's, and every interval rests on 30 batches at least"
    )
    func ownPace() throws {
        let result = try run([
            "--scenario", "hold/balanced-d8/iphone-duo", "--variant", "reference", "--time-per-scenario", "0.2",
        ])
        #expect(result.status == 0, "\(result.err)")
        let rows = results(result.report)
        let reference = try #require(number(rows["reference"]?["batchFrames"]))
        let floor = try #require(number(rows["floor"]?["batchFrames"]))
        #expect(reference < floor, "reference \(reference), floor \(floor)")
        for (name, row) in rows { #expect((number(row["samples"]) ?? 0) >= 30, "\(name)") }
    }

    @Test(
        "--baseline-variant: a ratio with its interval and a verdict per variant, in the table and the JSON; the yardstick measured even when not named"
    )
    func yardstick() throws {
        let result = try run([
            "--scenario", "hold/balanced-d8/iphone-duo", "--variant", "incremental", "--baseline-variant", "fast",
            "--time-per-scenario", "0.2",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("× fast") && result.out.contains("(yardstick)"), "\(result.out)")
        let rows = results(result.report)
        #expect(rows["fast"] != nil)
        #expect(rows["incremental"]?["baselineVariant"] == .string("fast"))
        // On a still timeline incremental does next to nothing: clearly faster than fast.
        #expect(rows["incremental"]?["verdict"] == .string("faster"), "\(String(describing: rows["incremental"]))")
        let ratio = rows["incremental"]?["metrics"]?["ratioToBaseline"]
        #expect((number(ratio?["p50"]) ?? 1) < 1)
    }

    @Test("the verdicts follow the interval and the threshold")
    func verdicts() {
        func verdict(_ low: Double, _ high: Double) -> String {
            BaselineVerdict(Estimate((low + high) / 2, Interval(low, high)), threshold: 0.02).rawValue
        }
        #expect(verdict(0.5, 0.97) == "faster")
        #expect(verdict(1.03, 1.5) == "slower")
        #expect(verdict(0.99, 1.01) == "same")
        #expect(verdict(0.97, 1.01) == "inconclusive")
    }

    @Test("a variant named twice is measured once")
    func duplicateVariant() throws {
        let result = try run([
            "--scenario", "hold/balanced-d1/iphone-duo", "--variant", "fast", "--variant", "fast",
            "--time-per-scenario", "0.05",
        ])
        #expect(result.status == 0, "\(result.err)")
        guard case .array(let list)? = result.report?["results"] else { throw Failure("no results") }
        #expect(list.filter { $0["variant"] == .string("fast") }.count == 1)
    }

    @Test(
        "a misspelt command, option, variant, motion or device is answered with the name meant",
        arguments: [
            (["rnu"], "unknown command 'rnu' (did you mean 'run'?)"),
            (["run", "--varient", "fast"], "unknown option '--varient' for 'run' (did you mean '--variant'?)"),
            (["run", "--variant", "fsat"], "unknown variant 'fsat' (did you mean 'fast'?)"),
            (
                ["run", "--scenario", "fold-cycel/balanced-d1/iphone-duo"],
                "unknown motion \"fold-cycel\" (did you mean 'fold-cycle'?)"
            ),
            (
                ["run", "--scenario", "fold-cycle/balanced-d1/iphone-dou"],
                "unknown device \"iphone-dou\" (did you mean 'iphone-duo'?)"
            ),
        ])
    func didYouMean(arguments: [String], message: String) {
        let result = runFoldBench(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("nothing close is suggested for a name far from every known one")
    func noWildGuess() {
        #expect(Suggestion.closest(to: "xylophone", among: ["run", "list", "profile"]) == nil)
        #expect(Suggestion.closest(to: "run", among: ["run"]) == nil)
    }

    @Test("list fits a screen: the suites by size, their scenarios a command away")
    func shortList() {
        let result = runFoldBench(["list"])
        #expect(result.out.split(separator: "\n").count < 80)
        #expect(result.out.contains("  full: \(Suite.full.scenarios.count) scenarios"))
    }

    @Test("help names --version")
    func helpNamesVersion() {
        #expect(runFoldBench(["help"]).out.contains("foldbench --version"))
    }

    @Test(
        "an OUT/report or, with --record, an OUT/runs that cannot be written stops the run before measuring: exit 2, nothing written"
    )
    func outputsCheckedFirst() throws {
        for (blocked, extra) in [("report", [String]()), ("runs", ["--record"])] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            _ = try writeFile("in the way", named: blocked, in: directory)
            let result = runFoldBench(
                [
                    "run", "--scenario", "hold/balanced-d1/iphone-duo", "--time-per-scenario", "0.05", "--out",
                    directory.path,
                ]
                    + extra)
            #expect(result.status == 2, "\(blocked): \(result.err)")
            #expect(
                result.err.contains(
                    "\(directory.path)/\(blocked): cannot write: a file is in the way (nothing measured)"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [blocked])
        }
    }

    @Test("every page has a viewport, and a run without a baseline says it compared no counts")
    func pages() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            [
                "run", "--scenario", "hold/balanced-d1/iphone-duo", "--time-per-scenario", "0.05", "--out",
                directory.path,
            ],
            directory: directory)
        #expect(result.status == 0, "\(result.err)")
        let page = try String(contentsOfFile: "\(directory.path)/report/index.html", encoding: .utf8)
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(page.contains("no baseline to compare counts with"))
        #expect(!page.contains("no count regression"))
        #expect(page.contains("ms a frame") && !page.contains("ns a frame"))
    }

    @Test("list --json gives every listed variant, suite and device to scripts")
    func listJSON() throws {
        let result = runFoldBench(["list", "--json"])
        #expect(result.status == 0)
        let document = try JSONParser.parse(result.out)
        guard case .array(let variants)? = document["variants"], case .object(let suites)? = document["suites"] else {
            throw Failure("not the shape documented")
        }
        #expect(variants.contains { $0["name"] == .string("fast") })
        #expect(suites.contains { $0.key == "quick" })
    }

    @Test("Ctrl-C during run --instructions stops the workers and valgrind, and leaves no callgrind folder")
    func interrupt() throws {
        guard ChildProcess.onPath("valgrind") != nil else { return }
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.path
        let running = try ChildProcess.start(
            try freshFoldBenchBinary(),
            [
                "run", "--scenario", "fold-cycle/balanced-d8/iphone-duo", "--instructions", "--time-per-scenario",
                "0.1", "--out",
                scratch.appendingPathComponent("out").path,
            ],
            environment: environment)
        // Until callgrind's folder exists: the counting worker runs under valgrind.
        let deadline = Date().addingTimeInterval(60)
        func callgrindFolders() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter {
                $0.hasPrefix("foldbench-callgrind-")
            }
        }
        while callgrindFolders().isEmpty, running.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!callgrindFolders().isEmpty, "callgrind never started")
        usleep(500_000)
        running.kill(SIGINT)
        let result = running.wait()
        #expect(result.status == 130, "\(result.errors)")
        // The workers the cleanup kills are not reported as crashes.
        #expect(result.errors.contains("foldbench: interrupted; workers stopped, temporary files removed"))
        #expect(!result.errors.contains("a bug in FoldBench"), "\(result.errors)")
        usleep(200_000)
        #expect(callgrindFolders().isEmpty)
        // No process still names the scratch folder (valgrind's out file is in it).
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { pid in
            // /proc's files say they are empty: read them to their end, not by their size.
            guard Int(pid) != nil,
                let data = FileHandle(forReadingAtPath: "/proc/\(pid)/cmdline")?.readDataToEndOfFile()
            else { return false }
            return String(decoding: data, as: UTF8.self).contains(scratch.path)
        }
        #expect(left.isEmpty, "still running: \(left)")
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("a variant that remembers beside its stateless counterpart")
struct CounterpartTests {
    @Test("frames dearer than the counterpart's and the worst ratio, by instructions where counted")
    func byInstructions() throws {
        var incremental = VariantResult(scenario: "s", variant: "incremental", arrangements: 1)
        var fast = VariantResult(scenario: "s", variant: "fast", arrangements: 1)
        incremental.frameInstructions = [100, 210, 50, 100]
        fast.frameInstructions = [100, 100, 100, 99]
        var results = [incremental, fast]
        results.compareWithCounterparts(["incremental": "fast"])
        let comparison = try #require(results[0].counterpart)
        #expect(comparison.framesDearer == 2 && comparison.frames == 4)
        #expect(comparison.worstRatio == 2.1 && comparison.worstFrame == 1 && comparison.unit == "instructions")
        #expect(results[1].counterpart == nil)
        #expect(
            comparison.summary
                == "dearer than fast in 2 of 4 frames, at worst 2.1× its frame (frame 1, by instructions)")
        // Never dearer (a small tree's frames are fast's): said so, with the nearest frame.
        var same = [incremental, fast]
        same[0].frameInstructions = [100, 90, 50, 99]
        same.compareWithCounterparts(["incremental": "fast"])
        #expect(
            try #require(same[0].counterpart).summary
                == "never dearer than fast in 4 frames; at most 1× its frame (frame 0, by instructions)")
        // Times alone, every frame under the clock: nothing compared, and said so.
        var quick = VariantResult(scenario: "s", variant: "incremental", arrangements: 1)
        var quickFast = VariantResult(scenario: "s", variant: "fast", arrangements: 1)
        (quick.clockNanoseconds, quickFast.clockNanoseconds) = (20, 20)
        (quick.frameTimes, quickFast.frameTimes) = ([30, 40], [50, 60])
        var timed = [quick, quickFast]
        timed.compareWithCounterparts(["incremental": "fast"])
        #expect(try #require(timed[0].counterpart).summary.hasPrefix("not compared with fast frame by frame"))
    }
}

@Suite("axes of data that is never negative")
struct NonNegativeAxisTests {
    @Test("a series of zeros (no frame over budget) is drawn on 0…1, a negative flat series still around itself")
    func flatZero() {
        let zeros = Scale(covering: [0, 0, 0], from: 0, to: 100)
        #expect(zeros.low == 0 && zeros.high == 1)
        let negative = Scale(covering: [-2, -2], from: 0, to: 100)
        #expect(negative.low < -2 && negative.high > -2)
    }
}

@Suite("a preference names one kind")
struct PreferenceKindTests {
    @Test("a scene preference naming both ratio and length is refused, naming the place and the rule")
    func bothKinds() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Benchmarks/Scenes/media-player.json"), encoding: .utf8)
        let original = "\"horizontal\": {\"length\": {\"ideal\": 360}}"
        #expect(scene.contains(original))
        let broken = scene.replacingOccurrences(
            of: original, with: "\"horizontal\": {\"length\": {\"ideal\": 360}, \"ratio\": {\"max\": 0.5}}")
        let path = try writeFile(broken, named: "both.json", in: directory)
        let result = runFoldBench(["resolve", path])
        #expect(result.status == 2)
        #expect(result.err.contains("a preference is \"fixed\" or exactly one of ratio, length"), "\(result.err)")
        #expect(result.err.contains("split.horizontal"), "\(result.err)")
    }
}

@Suite("nothing to do is said")
struct NothingToDoTests {
    @Test("an empty shard and a history of a header only each say so")
    func saidNotSilent() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shard = runFoldBench([
            "run", "--scenario", "hold/balanced-d1/iphone-duo", "--shard", "2/2", "--time-per-scenario", "0.01",
            "--out",
            directory.appendingPathComponent("out").path,
        ])
        #expect(shard.status == 0, "\(shard.err)")
        #expect(shard.err.contains("shard 2/2 holds none of the scenarios chosen"), "\(shard.err)")
        let header = CSV.line(CSV.columns)
        let history = try writeFile(header, named: "history.csv", in: directory)
        let trend = runFoldBench(["trend", history, "--out", directory.appendingPathComponent("trend").path])
        #expect(trend.status == 0, "\(trend.err)")
        #expect(trend.err.contains("holds no rows yet"), "\(trend.err)")
    }
}
