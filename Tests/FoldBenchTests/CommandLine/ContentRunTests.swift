import Foundation
import TestSupport
import Testing

@Suite("Runs with content")
struct ContentRunTests {
    /// The JSON report of a run in `directory`.
    func report(_ directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("latest.json"))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test("edit frames are reported apart: the table's line, the frames with their kinds and their summary in the JSON")
    func editFramesReported() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = runFoldBench([
            "run", "--scenario", "detail/balanced-d4/iphone-duo", "--variant", "fast", "--variant", "incremental",
            "--frames", "120", "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("* incremental: 4 edit frames of 120 (ns)"), "\(result.out)")
        #expect(result.out.contains("edits on this frame: pane \"p4\": insert"), "\(result.out)")
        let results = try report(directory)["results"] as! [[String: Any]]
        let fast = try #require(results.first { $0["variant"] as? String == "fast" })
        let frames = try #require(fast["editFrames"] as? [[String: Any]])
        #expect(frames.map { $0["frame"] as! Int } == [12, 42, 72, 102])
        #expect(frames.map { $0["kinds"] as! [String] } == [["insert"], ["remove"], ["insert"], ["remove"]])
        let summary = try #require(fast["editFrameSummary"] as? [String: Any])
        #expect(summary["editFrames"] as? Int == 4 && summary["otherFrames"] as? Int == 116)
        #expect((summary["kinds"] as? [[String: Any]])?.map { $0["kind"] as! String }.sorted() == ["insert", "remove"])
        // The CSV's rows and the page's line.
        let csv = try String(contentsOf: directory.appendingPathComponent("latest.csv"), encoding: .utf8)
        #expect(
            csv.contains(",fast,15,editFrameTime,p99,") && csv.contains(",editFrameTime,max,"), "\(csv.prefix(400))")
        let page = try String(contentsOf: directory.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains("incremental: 4 edit frames of 120"))
    }

    /// A planted edit cache and a scenario whose tree shows what it forgets.
    static let planted: [(variant: String, scenario: String, frame: Int, edit: String)] = [
        ("fast-forgets-preference-edits", "list-loading/balanced-d8/iphone-duo", 6, "split.vertical fixed"),
        ("fast-forgets-style-edits", "sheet/balanced-d4/iphone-duo", 15, "style overlay"),
        ("fast-forgets-priority-edits", "keyboard/balanced-d4/pixel-9-pro-fold", 24, "layoutPriority 1"),
    ]

    @Test("each planted cache that forgets a kind of edit is refused at the frame it lands on, naming the edit")
    func plantedEditCachesRefused() throws {
        for planted in Self.planted {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = runFoldBench([
                "run", "--scenario", planted.scenario, "--variant", planted.variant, "--frames", "240",
                "--time-per-scenario", "0", "--out", directory.path,
            ])
            #expect(result.status == 1, "\(planted.variant): \(result.out)")
            #expect(
                result.err.contains("variant \(planted.variant) differs from the reference at frame \(planted.frame)"),
                "\(result.err)")
            #expect(result.err.contains("edits on this frame:") && result.err.contains(planted.edit), "\(result.err)")
        }
    }

    /// The edit history holds every variant, not only those that remember frames: each
    /// planted cache (every `fast-forgets-…-edits` variant listed) is refused on a
    /// scenario whose motion edits nothing, at the edit it forgot, whose kind the history
    /// chose so that it shows (a priority shows only where two views do not fit, overlay
    /// edges only on an overlay a divider separates).
    @Test
    func everyVariantIsHeldToTheEditHistory() throws {
        let words: [String: String] = [
            "preference": "split.horizontal ratio (ideal 0.25)", "style": "style overlay",
            "priority": "layoutPriority ", "overlay-edges": "overlayEdge trailing", "axes": "axes vertical",
            "replace": "replace its arrangement with", "minimum": "minWidth", "ideal": "idealWidth",
        ]
        let listed = runFoldBench(["list", "--variants"]).out.split(separator: "\n")
            .map { String($0.split(separator: "\t")[0]) }.filter { $0.hasPrefix("fast-forgets-") }
        #expect(listed.count == words.count, "\(listed)")
        for variant in listed {
            let kind = String(variant.dropFirst("fast-forgets-".count).dropLast("-edits".count))
            let edit = try #require(words[kind], "\(variant): no words for its kind")
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = runFoldBench([
                "run", "--scenario", "fold-cycle/media-player/iphone-duo", "--variant", variant, "--frames", "30",
                "--time-per-scenario", "0", "--out", directory.path,
            ])
            #expect(result.status == 1, "\(variant): \(result.out)")
            #expect(
                result.err.contains("variant \(variant) differs from the reference at frame ")
                    && result.err.contains(" of the edit history (") && result.err.contains(edit),
                "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("latest.json").path))
        }
        let shipped = runFoldBench([
            "run", "--scenario", "fold-cycle/media-player/iphone-duo", "--variant", "fast", "--frames", "30",
            "--time-per-scenario", "0", "--out", try temporaryDirectory().path,
        ])
        #expect(shipped.status == 0, "\(shipped.err)")
    }

    @Test(
        "a variant that remembers is checked over every kind of edit after its history; one blind to edits is refused")
    func editHistory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shipped = runFoldBench([
            "run", "--scenario", "hold/balanced-d8/iphone-duo", "--variant", "incremental", "--frames", "60",
            "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(shipped.status == 0, "\(shipped.err)")
        // The line as written, before the table wrapped it at 120 columns.
        let unwrapped = shipped.out.replacingOccurrences(of: #"\n {4,}"#, with: " ", options: .regularExpression)
        for kind in ["preference", "priority", "overlay-edges", "style", "axes", "insert", "remove", "replace"] {
            #expect(unwrapped.contains("edited: \(kind) "), "\(kind): \(shipped.out)")
        }
        let blind = runFoldBench([
            "run", "--scenario", "hold/balanced-d8/iphone-duo", "--variant", "incremental-forgets-edits", "--frames",
            "60", "--time-per-scenario", "0", "--out", directory.path,
        ])
        #expect(blind.status == 1)
        #expect(
            blind.err.contains("variant incremental-forgets-edits differs from the reference")
                && blind.err.contains("at frame 1 of the edit history (")
                && blind.err.contains("the context unchanged"),
            "\(blind.err)")
    }

    @Test(
        "a trace carries the app's edits in a file beside it: they land by time, and a bad one is refused at its line")
    func traceEdits() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("rec.csv")
        try "time,angle,orientation\n0,180,landscape\n0.2,90,landscape\n0.4,180,landscape\n".write(
            to: trace, atomically: true, encoding: .utf8)
        let edits = directory.appendingPathComponent("rec.edits.jsonl")
        func run(_ lines: String) throws -> (status: Int32, out: String, err: String) {
            try lines.write(to: edits, atomically: true, encoding: .utf8)
            return runFoldBench([
                "run", "--motion-file", trace.path, "--scenario", "rec/media-player/iphone-duo", "--variant", "fast",
                "--variant", "incremental", "--frames", "120", "--time-per-scenario", "0", "--out",
                directory.appendingPathComponent("out").path,
            ])
        }
        let good = try run(
            """
            # tracks added, the lyrics opened and closed
            {"time": 0.1, "pane": "queue", "minWidth": 400}
            {"time": 0.25, "pane": "queue", "insert": {"primary": {"id": "lyrics"}, "secondary": {"id": "up-next"}}}
            {"time": 0.35, "pane": "queue", "remove": true}
            """)
        #expect(good.status == 0, "\(good.err)")
        // At 120 Hz: frames 12, 30 and 42, and frame 0 changing the minimum back.
        #expect(good.out.contains("* fast: 4 edit frames of 120"), "\(good.out)")
        let unknown = try run(#"{"time": 0.1, "pane": "nowhere", "minWidth": 400}"#)
        #expect(
            unknown.status == 2 && unknown.err.contains("rec's edits, line 1 (frame 12): pane: no pane \"nowhere\""))
        let backwards = try run(
            """
            {"time": 0.1, "pane": "queue", "minWidth": 400}
            {"time": 0.05, "pane": "queue", "minWidth": 4}
            """)
        #expect(
            backwards.status == 2 && backwards.err.contains("rec.edits.jsonl: line 2: time: goes back"),
            "\(backwards.err)")
        let misspelt = try run(#"{"time": 0.1, "pane": "queue", "minWidt": 400}"#)
        #expect(misspelt.status == 2 && misspelt.err.contains("line 1: minWidt: unknown key"), "\(misspelt.err)")
    }
}
