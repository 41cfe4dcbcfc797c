import ArrangementModel
import Charts
import Foundation
import Measurement
import Reports
import SceneFormat
import Support
import TestSupport
import Testing
import Variants
import Workloads

@testable import FoldBenchCLI
@testable import Runs

@Suite("foldbench run and list")
struct RunCommandTests {
    @Test("a tiny run writes a JSON and a CSV report and prints the table")
    func tinyRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench([
            "run", "--scenario", "drag-resize/media-player/iphone-duo", "--time-per-scenario", "0.01", "--frames", "12",
            "--out", directory.path, "--record",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("drag-resize/media-player/iphone-duo"))
        #expect(result.err.contains("[1/1] drag-resize/media-player/iphone-duo: sampling"))
        let json = try Data(contentsOf: directory.appendingPathComponent("latest.json"))
        let summary = try Report.decode([UInt8](json))
        #expect(summary.results.map(\.variant) == VariantList.defaultRun.map(\.name) + ["floor"])
        let csv = try String(contentsOf: directory.appendingPathComponent("latest.csv"), encoding: .utf8)
        #expect(csv.hasPrefix(CSV.columns.joined(separator: ",")))
        let history = try String(contentsOf: directory.appendingPathComponent("history.csv"), encoding: .utf8)
        #expect(history.split(separator: "\n").count > 2)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("runs").path).count
                == 1)
    }

    @Test("--chained-floor adds the floor of the tree's depth after the floor, each timed against the floor")
    func chainedFloor() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench([
            "run", "--scenario", "fold-cycle/chain-d6/iphone-duo", "--variant", "fast", "--chained-floor",
            "--time-per-scenario", "0.01", "--frames", "12", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("floor-chained"))
        let summary = try Report.decode([UInt8](try Data(contentsOf: directory.appendingPathComponent("latest.json"))))
        #expect(summary.results.map(\.variant) == ["fast", "floor", "floor-chained"])
        #expect(summary.results.allSatisfy { $0.ratioToFloor != nil })
        // Without the flag, no such row.
        let plain = runFoldBench([
            "run", "--scenario", "fold-cycle/chain-d6/iphone-duo", "--variant", "fast", "--time-per-scenario", "0.01",
            "--frames", "12", "--out", directory.path,
        ])
        #expect(plain.status == 0 && !plain.out.contains("floor-chained"), "\(plain.err)")
    }

    /// Each bad run is also given one scenario and its own output directory, so that if
    /// the validation under test regressed, the run would be tiny and write nowhere shared.
    @Test(
        "bad flags exit 2 with a clear message",
        arguments: [
            (["--suite", "huge"], "a suite is quick, default or full, not 'huge'"),
            (["--frames", "0"], "option '--frames' needs a whole number in 1...1000000, got '0'"),
            (["--scenario", "fold/balanced-d2/iphone-duo"], "unknown motion \"fold\""),
            (["--scenario", "fold-cycle/balanced-d99/iphone-duo"], "balanced trees have depth 1...20"),
            (["--variant", "quantum"], "unknown variant 'quantum'"),
            (["--layout-direction", "up"], "--layout-direction is leftToRight or rightToLeft"),
            (["--time-per-scenario", "soon"], "option '--time-per-scenario' needs a number"),
            (["--scenario", "fold-cycle/balanced-d2/moon-base"], "unknown device \"moon-base\""),
        ])
    func badFlags(_ arguments: [String], _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var extra = ["--out", directory.path]
        if !arguments.contains("--scenario") { extra += ["--scenario", "drag-resize/media-player/iphone-duo"] }
        if !arguments.contains("--frames") { extra += ["--frames", "2"] }
        if !arguments.contains("--time-per-scenario") { extra += ["--time-per-scenario", "0"] }
        let result = runFoldBench(["run"] + arguments + extra)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test(
        "a variant that disagrees with the reference fails the run: exit 1, the frame named, no report, the layouts drawn"
    )
    func refusedVariant() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench([
            "run", "--scenario", "fold-cycle/random-n200/hinged-duo", "--variant", "incremental-forgets-hidden-pane",
            "--time-per-scenario", "0", "--frames", "24", "--out", directory.path,
        ])
        #expect(result.status == 1)
        // Frame 2's own context, not frame 1's, and what changed since.
        let workload = try Workload(
            Scenario("fold-cycle/random-n200/hinged-duo"), catalog: Catalog(), frames: 24, refreshRate: 120,
            direction: .leftToRight)
        let context = ResolutionComparison.describe(workload.contexts[2])
        #expect(workload.contexts[2] != workload.contexts[1])
        let history =
            "the first pass; its context: \(context); from frame 1: \(workload.contexts[2].changes(from: workload.contexts[1]))"
        #expect(
            result.err.contains(
                "variant incremental-forgets-hidden-pane differs from the reference at frame 2 (\(history)):"),
            "\(result.err)")
        // Whose each value is, the variant's first.
        #expect(
            result.err.contains(
                "pane v173: visibility, variant incremental-forgets-hidden-pane: hidden, reference: shown"),
            "\(result.err)")
        // No report; the page of the two layouts at frame 2, the pane the variant hid
        // outlined in both drawings (where the reference shows it).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["disagreement.html"])
        let page = directory.appendingPathComponent("disagreement.html").path
        #expect(result.err.contains("the two layouts side by side, the differing panes outlined: \(page)"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("fold-cycle/random-n200/hinged-duo, frame 2"))
        #expect(html.contains(SVG.escape(history)), "the page names the frame's own context")
        // The variant's column before the reference's, and only the fields that differ.
        #expect(html.contains("<th>pane</th><th>field</th><th>incremental-forgets-hidden-pane</th><th>reference</th>"))
        #expect(html.contains("<td>v173</td><td>visible</td><td class=\"differs\">false</td><td>true</td>"))
        #expect(!html.contains("<td>sizeClass</td>"))
        #expect(html.utf8.count < 150_000, "\(html.utf8.count) bytes")
        let outlined = html.matches(
            of:
                #/<rect x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)" class="differs" data-pane="([^"]*)" fill="none" stroke="#e00000" stroke-width="3"( stroke-dasharray="2 4")?/#
        )
        let v173 = outlined.filter { $0.output.5 == "v173" }
        #expect(v173.count == 2)
        // The same place in both drawings (the reference's frame), dashed in the variant's
        // (drawn first), where it is hidden.
        #expect(Set(v173.map { "\($0.output.1) \($0.output.2) \($0.output.3) \($0.output.4)" }).count == 1)
        #expect(v173.map { $0.output.6 != nil } == [true, false])
    }

    @Test("list takes no argument")
    func listExtra() {
        let result = runFoldBench(["list", "extra"])
        #expect(result.status == 2)
        #expect(result.err.contains("unexpected argument 'extra'"), "\(result.err)")
    }

    static let shippedDevice = repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/iphone-duo.json")

    @Test(
        "bad device files exit 2 naming the file, the place and the rule",
        arguments: [
            (
                "\"posture\": {\"closedBelow\": 20, \"flatFrom\": 160}",
                "\"posture\": {\"closedBelow\": 170, \"flatFrom\": 160}",
                "posture.flatFrom: flatFrom 160 must be greater than closedBelow 170"
            ),
            ("\"transitionFrames\": 12", "\"transitionFrames\": 1.5", "transitionFrames: 1.5 is not a whole number"),
            (
                "\"x\": 475, \"y\": 0, \"width\": 0", "\"x\": 975, \"y\": 0, \"width\": 0",
                "innerDisplay.landscape.fold: the fold lies outside"
            ),
            ("\"trailing\": 84", "\"trailing\": 84, \"left\": 3", "innerDisplay.landscape.safeArea.left: unknown key"),
            // Lengths on the pixel grid (docs/devices.md, "Pixels").
            (
                "\"portrait\": {\"width\": 822,", "\"portrait\": {\"width\": 822.5,",
                "innerDisplay.portrait.width: 822.5 pt is 2467.5 px at scale 3: not a whole pixel"
            ),
            (
                "\"fold\": {\"x\": 0, \"y\": 475,", "\"fold\": {\"x\": 0, \"y\": 475.5,",
                "innerDisplay.portrait.fold: y 475.5 pt is 1426.5 px at scale 3: not a whole pixel"
            ),
            ("\"scale\": 3,", "", "scale: missing"),
            ("\"scale\": 3,", "\"scale\": 0,", "scale: 0 is not a display's pixels per point in 0.5...16"),
            ("\"name\": \"iphone-duo\",", "", "name: missing"),
            // The error is at the closing brace after the stray comma, wherever the file puts it.
            (
                "\"transitionFrames\": 12", "\"transitionFrames\": 12,",
                "LAST_BRACE: malformed JSON: expected a string key"
            ),
        ])
    func badDeviceFiles(_ original: String, _ replacement: String, _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shipped = try String(contentsOf: Self.shippedDevice, encoding: .utf8)
        #expect(shipped.contains(original))
        let text = shipped.replacingOccurrences(of: original, with: replacement)
        let path = try writeFile(text, named: "mine.json", in: directory)
        let lastBrace = text.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0.hasPrefix("}") }!
        let expected = message.replacingOccurrences(of: "LAST_BRACE", with: "line \(lastBrace + 1), column 1")
        let out = directory.appendingPathComponent("out").path
        let result = runFoldBench([
            "run", "--device-file", path, "--scenario", "drag-resize/media-player/iphone-duo", "--frames", "2",
            "--time-per-scenario", "0", "--out", out,
        ])
        #expect(result.status == 2)
        #expect(result.err.contains("\(path): \(expected)"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a user's device file is used by name, by run and by resolve")
    func userDevice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A wider status bar than the shipped profile's, so the result shows which file was used.
        let shipped = try String(contentsOf: Self.shippedDevice, encoding: .utf8)
        let mine =
            shipped
            .replacingOccurrences(of: "\"name\": \"iphone-duo\"", with: "\"name\": \"my-phone\"")
            .replacingOccurrences(of: "\"trailing\": 84", with: "\"trailing\": 100")
        #expect(mine != shipped.replacingOccurrences(of: "\"name\": \"iphone-duo\"", with: "\"name\": \"my-phone\""))
        let path = try writeFile(mine, named: "mine.json", in: directory)
        let result = runFoldBench([
            "run", "--device-file", path, "--scenario", "fold-cycle/balanced-d2/my-phone", "--frames", "4",
            "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let summary = try Report.decode(
            [UInt8](try Data(contentsOf: directory.appendingPathComponent("latest.json"))))
        #expect(!summary.results.isEmpty)
        #expect(summary.results.allSatisfy { $0.scenario == "fold-cycle/balanced-d2/my-phone" })
        let moonPhase = repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json").path
        let resolved = runFoldBench([
            "resolve", moonPhase, "--device-file", path, "--posture", "halfOpen", "--orientation", "landscape",
        ])
        #expect(resolved.status == 0, "\(resolved.err)")
        // 950 pt less the 100 pt bar, split at the fold at x = 475: 475 and 375.
        #expect(try resolvedPanes(resolved.out).map { $0.frame[2] } == [475, 375])
    }

    @Test("list names every suite, motion, device and variant")
    func list() {
        let result = runFoldBench(["list"])
        #expect(result.status == 0)
        for word in [
            "quick: 4 scenarios", "default: ", "fold-cycle", "drag-resize", "iphone-duo", "hinged-duo", "fast",
            "reference", "fast-preorder",
        ] {
            #expect(result.out.contains(word))
        }
        // Listed, but a comparison point: not in a run that names no variant.
        #expect(result.out.contains("fast-preorder: ") && result.out.contains("(not run by default)"))
        #expect(!result.out.contains("fast-slowed"))
    }
}

@Suite("Frames against the budget")
struct FrameBudgetTests {
    static func result(_ variant: VariantName, overBudget: Double) -> VariantResult {
        var result = VariantResult(scenario: "s", variant: variant, arrangements: 1)
        result.frames = 600
        result.refreshRate = 120
        result.framesOverBudget = overBudget
        result.absentMetrics = []
        return result
    }

    @Test(
        "run --budget-gate P fails when more than P % of a variant's frames are over budget; the floors are not judged")
    func budgetGate() {
        let captured = CapturedOutput()
        let gate = BudgetGate(percent: 5)
        #expect(gate.judge([Self.result("fast", overBudget: 0.05)], console: captured.console) == .success)
        #expect(gate.judge([Self.result("floor", overBudget: 1)], console: captured.console) == .success)
        #expect(captured.err.isEmpty)
        #expect(gate.judge([Self.result("fast", overBudget: 0.06)], console: captured.console) == .failed)
        #expect(
            captured.err.contains("s × fast: 6.0 % of frames (36 of 600) took longer than 8.33 ms"), "\(captured.err)")
        #expect(
            BudgetGate(percent: nil).judge([Self.result("fast", overBudget: 1)], console: captured.console) == .success)
    }

    @Test("a run whose every frame is over the budget exits 1 with --budget-gate, 0 without; the report is written")
    func budgetGateRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // At 1,000 Hz the budget is 1 ms; the reference takes longer on balanced-d13.
        let arguments = [
            "run", "--scenario", "hold/balanced-d13/iphone-duo", "--variant", "reference", "--refresh-rate", "1000",
            "--frames", "2", "--time-per-scenario", "0", "--out", directory.path,
        ]
        let gated = runFoldBench(arguments + ["--budget-gate", "50"])
        #expect(gated.status == 1 && gated.err.contains("over budget: hold/balanced-d13/iphone-duo × reference"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("latest.json").path))
        #expect(runFoldBench(arguments).status == 0)
    }

    @Test("per-frame statistics are over frames, and a frame time under ten reads of the clock is not shown")
    func perFrameStatistics() throws {
        var result = Self.result("fast", overBudget: 0)
        result.frameTimes = (0..<600).map { Double($0 == 599 ? 50_000 : 100 + $0 % 10) }
        result.frameTime = FrameDistribution(result.frameTimes)
        result.clockNanoseconds = 20
        #expect(result.value(.worstFrameTime, .value) == 50_000)
        #expect(result.value(.frameTime, .p50) == 104.5)
        #expect(result.value(.frameOverrun, .p99).map { abs($0 - (109 - 1e9 / 120) / 1e6) < 1e-9 } == true)
        #expect(ResultTable.frameTime(result, .p50) == "<clock")
        #expect(ResultTable.frameTime(result, .max) == "50000")
        result.clockNanoseconds = 5
        #expect(ResultTable.frameTime(result, .p50) == "105")
        result.frameChanges = [String](repeating: "the same", count: 600)
        result.rankWorstFrames()
        #expect(result.worstFramesByTime.map(\.frame).first == 599)
    }
}

/// What a new user met (issue #43): each defect, as the command line shows it.
@Suite("New users' defects")
struct NewUserTests {
    @Test("a scenario given twice is measured once, and the report reads back")
    func duplicateScenario() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench([
            "run", "--scenario", "hold/balanced-d1/iphone-duo", "--scenario", "hold/balanced-d1/iphone-duo",
            "--variant", "fast", "--time-per-scenario", "0", "--frames", "4", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let report = directory.appendingPathComponent("latest.json").path
        #expect(runFoldBench(["compare", report, report]).status == 0)
        #expect(runFoldBench(["export", report, "--format", "bmf"]).status == 0)
    }

    @Test("every output is checked before anything is measured; a bad one leaves nothing behind")
    func outputsFirst() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let result = runFoldBench([
            "run", "--scenario", "hold/balanced-d1/iphone-duo", "--time-per-scenario", "0", "--frames", "4",
            "--export", "bmf:/proc/x/b.json", "--out", out.path,
        ])
        #expect(
            result.status == 2 && result.err.contains("/proc/x: cannot write")
                && result.err.contains("nothing measured"))
        #expect(!result.err.contains("sampling"), "measured before failing")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let profile = runFoldBench(["profile", "--scenario", "hold/balanced-d1/iphone-duo", "--out", "/proc/x"])
        #expect(profile.status == 2 && profile.err.contains("nothing profiled") && profile.out.isEmpty)
        let pr = runFoldBench(["pr-report", "/nonexistent.json", "--out", "/proc/x/pr.md"])
        #expect(pr.status == 2 && pr.err.contains("/proc/x"))
    }

    @Test("a misspelt tree names the tree forms and the scenes, and leaves no --out folder")
    func misspeltTree() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let result = runFoldBench(["run", "--scenario", "fold-cycle/balancd-d8/iphone-duo", "--out", out.path])
        #expect(result.status == 2)
        #expect(result.err.contains("a tree is balanced-dN") && result.err.contains("media-player"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a device file named like a shipped device is refused, naming the clash")
    func deviceClash() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("mine.json")
        try FileManager.default.copyItem(
            atPath: repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/galaxy-z-fold7.json").path,
            toPath: file.path)
        let result = runFoldBench([
            "run", "--device-file", file.path, "--scenario", "hold/balanced-d1/galaxy-z-fold7", "--out",
            directory.appendingPathComponent("out").path,
        ])
        #expect(result.status == 2 && result.err.contains("named \"galaxy-z-fold7\", as a shipped device is"))
    }

    @Test("trend on a file that is no history says so once")
    func trendOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try writeFile("not,a,history\n1,2,3\n", named: "h.csv", in: directory)
        let result = runFoldBench(["trend", file, "--out", directory.appendingPathComponent("t").path])
        #expect(result.status == 2)
        #expect(result.err.components(separatedBy: "the header is not").count == 2, "\(result.err)")
    }

    @Test(
        "the commit is stored in the binary: the same wherever and however it runs, git or none; --version says it")
    func commitFromTheBinary() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let version = try runBinary(["--version"], directory: directory)
        #expect(version.status == 0 && version.out.hasPrefix("foldbench "))
        // With no git to ask (as for another user, whom git refuses the folder), the
        // binary still names the commit it was built from.
        let withoutGit = try runBinary(["--version"], environment: ["PATH": "/nonexistent"], directory: directory)
        func commit(_ line: String) -> Substring? { line.split(separator: ";").first }
        #expect(commit(withoutGit.out) == commit(version.out), "\(withoutGit.out)")
        // The scratch copies of scripts/mutants.sh and mutate.sh are no git work trees.
        let checkout = FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(".git").path)
        #expect(!checkout || !version.out.contains("commit unknown"), "\(version.out)")
        let run = try runBinary(
            [
                "run", "--scenario", "hold/balanced-d1/iphone-duo", "--variant", "fast", "--time-per-scenario", "0",
                "--frames", "4", "--out", "o",
            ], directory: directory)
        #expect(run.status == 0, "\(run.err)")
        let report = try String(contentsOf: directory.appendingPathComponent("o/latest.json"), encoding: .utf8)
        #expect(!checkout || !report.contains(#""commit": "unknown""#))
        let page = try String(contentsOf: directory.appendingPathComponent("o/report/index.html"), encoding: .utf8)
        #expect(!page.contains("Swift Swift"))
    }

    @Test("list --variants names the planted stale caches run accepts; scene --posture puts it on the iPhone Duo")
    func listAndScene() throws {
        let names = runFoldBench(["list", "--variants"]).out.split(separator: "\n").map {
            String($0.prefix { $0 != "\t" })
        }
        for entry in VariantList.staleCaches { #expect(names.contains(entry.name.rawValue)) }
        let scene = runFoldBench(["scene", "balanced-d1", "--posture", "flat"])
        #expect(scene.status == 0, "\(scene.err)")
        #expect(scene.out.contains(#""width": 866"#))
    }

    @Test("a truncated JSON file is said to end early")
    func truncated() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try writeFile(#"{"schemaVersion": 1, "results": [{"scenario": "s""#, named: "t.json", in: directory)
        let result = runFoldBench(["compare", file, file])
        #expect(result.status == 2 && result.err.contains("the document ends early"), "\(result.err)")
    }
}
