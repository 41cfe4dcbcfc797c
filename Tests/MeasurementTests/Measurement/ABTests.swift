import Foundation
import Measurement
import Reports
import Support
import TestSupport
import Testing

@Suite("foldbench ab")
struct ABTests {
    @Test("the t quantile and the normal quantile match their tables")
    func quantiles() {
        #expect(abs(Statistics.normalQuantile(0.975) - 1.959964) < 1e-5)
        #expect(abs(Statistics.tQuantile(0.975, degrees: 4) - 2.776) < 0.01)
        #expect(abs(Statistics.tQuantile(0.975, degrees: 19) - 2.093) < 0.002)
        #expect(abs(Statistics.standardDeviation([1, 2, 3, 4]) - 1.290994) < 1e-6)
    }

    @Test("a trial answers in one line of JSON, read back exactly; anything else is refused")
    func trialAnswer() {
        let trial = ABTrial(logRatio: -0.012345678901234, checksumsAgree: false, arrangements: 255, batchFrames: 64)
        #expect(
            trial.json
                == "{\"logRatio\": -0.012345678901234, \"checksumsAgree\": false, \"arrangements\": 255, \"batchFrames\": 64}"
        )
        #expect(ABTrial(json: trial.json) == trial)
        #expect(ABTrial(json: "trial -0.01 1 255 64") == nil)
        #expect(
            ABTrial(json: "{\"logRatio\": 0.1, \"checksumsAgree\": true, \"arrangements\": 2.5, \"batchFrames\": 1}")
                == nil)
        #expect(ABTrial(json: "{\"logRatio\": 0.1, \"arrangements\": 2, \"batchFrames\": 1}") == nil)
    }

    @Test(
        "verdicts: the interval above, below or inside the threshold, or none of these",
        arguments: [
            ([0.050, 0.052, 0.048, 0.051, 0.049], ABVerdict.slower),
            ([-0.050, -0.052, -0.048, -0.051, -0.049], .faster),
            ([0.001, -0.002, 0.000, 0.002, -0.001], .same),
            ([0.10, -0.10, 0.05, -0.05, 0.0], .inconclusive),
            ([0.015, 0.025, 0.020, 0.018, 0.022], .inconclusive),  // about 2 %: neither same nor slower
        ] as [([Double], ABVerdict)])
    func verdicts(_ logs: [Double], _ verdict: ABVerdict) {
        let estimate = ABEstimate.from(trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: 1)
        #expect(estimate.verdict == verdict, "\(estimate)")
        #expect(estimate.interval.contains(estimate.ratio))
    }

    @Test("verdicts are looked for at 5, 10, 20, 40, 80 trials and the last, each at the end of a pair of layouts")
    func looks() {
        var options = ABOptions()
        #expect(options.looks == [6, 10, 20, 40, 80, 160])
        #expect((0..<6).map(options.layout(ofTrial:)) == [0, 0, 1, 1, 2, 2])
        options.maximumTrials = 5
        #expect(options.looks == [5])
        options.maximumTrials = 12
        #expect(options.looks == [6, 10, 12])
        options.layouts = 3
        #expect((0..<8).map(options.layout(ofTrial:)) == [0, 0, 1, 1, 2, 2, 0, 0])
        options.layouts = 1
        #expect(options.looks == [5, 10, 12])
        #expect((0..<3).map(options.layout(ofTrial:)) == [0, 0, 0])
    }

    @Test("trials are grouped by their pair of layouts in order of first use; the layout deviation is ANOVA's")
    func layoutCells() {
        let cells = LayoutCells(logs: [0.01, 0.05, 0.03, 0.04, 0.02, 0.06], layouts: [7, 2, 7, 5, 7, 5])
        #expect(cells.cells == [[0.01, 0.03, 0.02], [0.05], [0.04, 0.06]])
        #expect(cells.means.map { ($0 * 1e6).rounded() / 1e6 } == [0.02, 0.05, 0.05])
        // NumPy, from the mean squares between and within and the unequal-size n0 (Searle):
        // 0.017188791273808218.
        #expect(abs(cells.layoutDeviation! - 0.017188791273808218) < 1e-12, "\(cells.layoutDeviation!)")
        // Pairs that differ less than their own trials do: no layout component.
        #expect(LayoutCells(logs: [0.0, 0.1, 0.01, 0.09], layouts: [0, 0, 1, 1]).layoutDeviation == 0)
        // One pair, or no pair measured twice: nothing to tell apart.
        #expect(LayoutCells(logs: [0.01, 0.02], layouts: [0, 0]).layoutDeviation == nil)
        #expect(LayoutCells(logs: [0.01, 0.02], layouts: [0, 1]).layoutDeviation == nil)
    }

    @Test("more comparisons widen each interval; one trial gives no interval")
    func bonferroni() {
        let logs = [0.03, 0.05, 0.04, 0.06, 0.02]
        let one = ABEstimate.from(trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: 1)
        let four = ABEstimate.from(trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: 4)
        #expect(four.interval.upper - four.interval.lower > one.interval.upper - one.interval.lower)
        let single = ABEstimate.from(trialLogRatios: [0.1], threshold: 0.02, confidence: 0.95, comparisons: 1)
        #expect(single.verdict == .inconclusive && single.smallestDetectable == .infinity)
    }

    /// The plugin library built beside the `foldbench` the tests run, copied under two names.
    func twoCopies(in directory: URL) throws -> (String, String) {
        let binary = try freshFoldBenchBinary()
        let library = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent(
            "libFoldBenchPlugin.so"
        ).path
        try #require(FileManager.default.fileExists(atPath: library), "build the plugin (scripts/test.sh does)")
        let copies = ["a", "b"].map { directory.appendingPathComponent("\($0).so").path }
        for copy in copies { try FileManager.default.copyItem(atPath: library, toPath: copy) }
        return (copies[0], copies[1])
    }

    @Test("two copies of one build in one process: the answers agree, the reference is judged slower than fast")
    func sameBuild() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (a, b) = try twoCopies(in: directory)
        let result = try runBinary([
            "ab", "--baseline", a, "--candidate", b, "--scenario", "drag-resize/media-player/iphone-duo",
            "--pair", "fast=reference", "--frames", "24", "--max-trials", "10", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.err)")
        let document = try JSONParser.parse(result.out)
        #expect(document["kind"] == .string("ab"))
        guard case .array(let results) = document["results"] ?? .null, let first = results.first else {
            Issue.record("no results: \(result.out)")
            return
        }
        #expect(first["checksumsAgree"] == .bool(true), "fast and reference give the same answers")
        #expect(first["candidate"]?["variant"] == .string("reference"))
        guard case .array(let trials) = first["trialLogRatios"] ?? .null else {
            Issue.record("no trials")
            return
        }
        // The reference is slower than fast (even in a debug build): judged as soon as a verdict may be given,
        // at the first look (5 trials), or at the second on a machine busy enough to widen the first.
        #expect(trials.count == 5 || trials.count == 10, "\(trials.count)")
        #expect(first["verdict"] == .string("slower"))
        if case .number(let ratio) = first["ratio"] ?? .null { #expect(ratio > 1.1, "\(ratio)") }
        #expect(result.err.contains("drag-resize/media-player/iphone-duo: trial 5"))
        let tooFew = try runBinary(["ab", "--baseline", a, "--candidate", b, "--max-trials", "2"])
        #expect(tooFew.status == 2 && tooFew.err.contains("--max-trials"), "\(tooFew.err)")
    }

    @Test("a build without the plugin, an unknown revision and a scenario the build lacks exit 2")
    func badBuilds() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (a, b) = try twoCopies(in: directory)
        let missing = try runBinary(["ab", "--baseline", "/bin/true", "--candidate", b, "--max-trials", "5"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("/bin/libFoldBenchPlugin.so: missing"), "\(missing.err)")
        let notPlugin = directory.appendingPathComponent("empty.so").path
        #expect(FileManager.default.createFile(atPath: notPlugin, contents: Data()))
        let unloadable = try runBinary(["ab", "--baseline", notPlugin, "--candidate", b, "--max-trials", "5"])
        #expect(unloadable.status == 2)
        #expect(unloadable.err.contains("empty.so: cannot load"), "\(unloadable.err)")
        let unknown = try runBinary(["ab", "--baseline", "no-such-revision-xyz", "--candidate", b])
        #expect(unknown.status == 2)
        // Outside a git checkout (a copy of the tree), revisions cannot be looked up at all.
        #expect(
            unknown.err.contains("'no-such-revision-xyz' is neither a build")
                || unknown.err.contains("not inside the foldbench git repository"), "\(unknown.err)")
        let device = try runBinary([
            "ab", "--baseline", a, "--candidate", b, "--scenario", "fold-cycle/balanced-d2/moon-base", "--max-trials",
            "5",
        ])
        #expect(device.status == 2)
        #expect(device.err.contains("unknown device \"moon-base\""), "\(device.err)")
        let variant = try runBinary(["ab", "--baseline", a, "--candidate", b, "--variant", "warp", "--max-trials", "5"])
        #expect(variant.status == 2)
        // The plug-in's message is the one wording of an unknown name (the names to pick
        // from), and ends where its text does: the byte after it is the terminator.
        let line = variant.err.split(separator: "\n").first { $0.contains("unknown variant 'warp'") }
        #expect(line?.contains("unknown variant 'warp' (expected one of reference, fast") == true, "\(variant.err)")
        #expect(line?.hasSuffix(")") == true, "\(variant.err)")
    }

    @Test("ab reads device and motion files in both builds; a bad trace exits 2 before anything runs")
    func deviceAndMotionFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (a, b) = try twoCopies(in: directory)
        var profile = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/galaxy-z-trifold.json"),
            encoding: .utf8)
        profile = profile.replacingOccurrences(of: #""name": "galaxy-z-trifold""#, with: #""name": "my-trifold""#)
        let device = try writeFile(profile, named: "my-trifold.json", in: directory)
        let trace = try writeFile(
            "time,angle1,angle2,orientation\n0,0,0,landscape\n0.05,100,100,landscape\n0.1,180,180,landscape\n",
            named: "open.csv", in: directory)
        let result = try runBinary([
            "ab", "--baseline", a, "--candidate", b, "--scenario", "open/balanced-d3/my-trifold", "--device-file",
            device,
            "--motion-file", trace, "--frames", "24", "--max-trials", "5", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.err)")
        let document = try JSONParser.parse(result.out)
        guard case .array(let results) = document["results"] ?? .null, let first = results.first else {
            Issue.record("no results: \(result.out)")
            return
        }
        #expect(first["checksumsAgree"] == .bool(true))
        let bad = try writeFile("time,angle,orientation\n0,0,portrait\n", named: "one.csv", in: directory)
        let refused = try runBinary([
            "ab", "--baseline", a, "--candidate", b, "--scenario", "one/balanced-d3/my-trifold", "--device-file",
            device,
            "--motion-file", bad, "--max-trials", "5",
        ])
        #expect(refused.status == 2)
        #expect(
            refused.err.contains("gives 1 hinge angle per row; device \"my-trifold\" has 2 hinges"), "\(refused.err)")
    }

    /// dlopen searches the library path for a name without a slash: `a.so` in the
    /// current directory must be loaded as the file it names.
    @Test("ab --baseline a.so --candidate b.so: bare file names in the current directory")
    func bareFileNames() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try twoCopies(in: directory)
        let result = try runBinary(
            [
                "ab", "--baseline", "a.so", "--candidate", "b.so", "--scenario", "drag-resize/media-player/iphone-duo",
                "--frames", "24", "--max-trials", "5", "--format", "json",
            ], directory: directory)
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("cannot open shared object file"), "\(result.err)")
    }
}
