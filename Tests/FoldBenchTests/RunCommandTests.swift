import Foundation
import Harness
import SceneFormat
import Testing

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
        let summary = try ReportSummary.decode([UInt8](json))
        #expect(summary.entries.map(\.variant) == ["reference", "fast"])
        let csv = try String(contentsOf: directory.appendingPathComponent("latest.csv"), encoding: .utf8)
        #expect(csv.hasPrefix(CSV.columns.joined(separator: ",")))
        let history = try String(contentsOf: directory.appendingPathComponent("history.csv"), encoding: .utf8)
        #expect(history.split(separator: "\n").count > 2)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("runs").path).count
                == 1)
    }

    @Test(
        "bad flags exit 2 with a clear message",
        arguments: [
            (["run", "--suite", "huge"], "unknown suite 'huge'"),
            (["run", "--frames", "0"], "option '--frames' needs a whole number in 1...1000000, got '0'"),
            (["run", "--scenario", "fold/balanced-d2/iphone-duo"], "unknown motion \"fold\""),
            (["run", "--scenario", "fold-cycle/balanced-d99/iphone-duo"], "balanced trees have depth 1...20"),
            (["run", "--variant", "quantum"], "unknown variant 'quantum'"),
            (["run", "--layout-direction", "up"], "--layout-direction is leftToRight or rightToLeft"),
            (["run", "--time-per-scenario", "soon"], "option '--time-per-scenario' needs a number"),
            (
                ["run", "--scenario", "fold-cycle/balanced-d2/moon-base", "--frames", "2"],
                "unknown device \"moon-base\""
            ),
            (["list", "extra"], "unexpected argument 'extra'"),
        ])
    func badFlags(_ arguments: [String], _ message: String) {
        let result = runFoldBench(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

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
            ("\"name\": \"iphone-duo\",", "", "name: missing"),
            (
                "\"transitionFrames\": 12", "\"transitionFrames\": 12,",
                "line 36, column 1: malformed JSON: expected a string key"
            ),
        ])
    func badDeviceFiles(_ original: String, _ replacement: String, _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shipped = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/Harness/Devices/iphone-duo.json"),
            encoding: .utf8)
        #expect(shipped.contains(original))
        let path = try writeFile(
            shipped.replacingOccurrences(of: original, with: replacement), named: "mine.json", in: directory)
        let result = runFoldBench(["run", "--device-file", path, "--frames", "2"])
        #expect(result.status == 2)
        #expect(result.err.contains("\(path): \(message)"), "\(result.err)")
    }

    @Test("a user's device file is used by name")
    func userDevice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shipped = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/Harness/Devices/iphone-duo.json"),
            encoding: .utf8)
        let path = try writeFile(
            shipped.replacingOccurrences(of: "\"name\": \"iphone-duo\"", with: "\"name\": \"my-phone\""),
            named: "mine.json",
            in: directory)
        let result = runFoldBench([
            "run", "--device-file", path, "--scenario", "fold-cycle/balanced-d2/my-phone", "--frames", "4",
            "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let resolved = runFoldBench([
            "resolve", repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json").path, "--device-file",
            path,
            "--posture", "halfOpen", "--orientation", "landscape",
        ])
        #expect(resolved.out.contains("\"width\": 391"))
    }

    @Test("list names every suite, motion, device and variant")
    func list() {
        let result = runFoldBench(["list"])
        #expect(result.status == 0)
        for word in [
            "Suite quick", "Suite default", "fold-cycle", "drag-resize", "iphone-duo", "hinged-duo", "fast",
            "reference", "fast-preorder",
        ] {
            #expect(result.out.contains(word))
        }
        // Listed, but a comparison point: not in a run that names no variant.
        #expect(result.out.contains("fast-preorder: ") && result.out.contains("(not run by default)"))
        #expect(!result.out.contains("fast-slowed"))
    }
}
