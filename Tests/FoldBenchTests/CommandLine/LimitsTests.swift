import ArrangementModel
import Foundation
import Reports
import Support
import TestSupport
import Testing
import Variants
import Workloads

@testable import SceneFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Every input ceiling refuses with exit 2 and one line naming the limit and the flag
/// that raises it, and the same input passes once the flag raises it. The real sizes
/// (a million arrangements, a gigabyte file) are tried by scripts/limits.sh.
@Suite("Input limits")
struct LimitsTests {
    func scene(depth: Int) throws -> String {
        let tree = try TreeFactory.balanced(depth: depth)
        let context = try LayoutContext(bounds: Rect(x: 0, y: 0, width: 800, height: 600))
        return SceneEncoder.encode(Scene(context: context, tree: tree))
    }

    /// One line on standard error, naming `flag`, and exit status 2.
    func expectRefusal(_ result: (status: Int32, out: String, err: String), naming flag: String) {
        #expect(result.status == 2)
        #expect(result.err.hasSuffix("(raise it with \(flag) N)\n"), "\(result.err)")
        #expect(result.err.filter { $0 == "\n" }.count == 1, "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test("a file over --max-input-mb is refused before it is read; a higher limit reads it")
    func fileSize() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try scene(depth: 12)  // about 0.6 MB of JSON
        let padded = text + String(repeating: " ", count: (1 << 20) - text.utf8.count + 1)
        let path = try writeFile(padded, named: "big.json", in: directory)
        let refused = runFoldBench(["resolve", path, "--max-input-mb", "1"])
        expectRefusal(refused, naming: "--max-input-mb")
        #expect(refused.err.contains("big.json: larger than 1 MiB, the input limit"))
        #expect(runFoldBench(["resolve", path, "--max-input-mb", "2"]).status == 0)
        let report = runFoldBench(["compare", path, path, "--max-input-mb", "1"])
        expectRefusal(report, naming: "--max-input-mb")
    }

    @Test("a pipe giving more than --max-input-mb is refused once the limit is passed")
    func pipeSize() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("scene.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        signal(SIGPIPE, SIG_IGN)  // the reader stops early; the writer must not die of it
        let text = Array(try scene(depth: 14).utf8)  // about 2 MB
        try #require(text.count > 1 << 20)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            var offset = 0
            while descriptor >= 0, offset < text.count {
                let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, text.count - offset) }
                guard written > 0 else { break }
                offset += written
            }
            close(descriptor)
        }
        writer.start()
        let refused = runFoldBench(["resolve", fifo, "--max-input-mb", "1"])
        expectRefusal(refused, naming: "--max-input-mb")
        #expect(refused.err.contains("scene.fifo: larger than 1 MiB, the input limit"))
    }

    @Test("a document over --max-json-values is refused where the count runs out")
    func jsonValues() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(try scene(depth: 3), named: "s.json", in: directory)
        let document = try JSONParser.parse(Array(try scene(depth: 3).utf8))
        func values(_ value: JSONValue) -> Int {
            switch value {
            case .array(let elements): 1 + elements.map(values).reduce(0, +)
            case .object(let entries): 1 + entries.map { values($0.value) }.reduce(0, +)
            default: 1
            }
        }
        let count = values(document)
        let refused = runFoldBench(["resolve", path, "--max-json-values", "\(count - 1)"])
        expectRefusal(refused, naming: "--max-json-values")
        #expect(refused.err.contains("s.json: line 1, column "), "\(refused.err)")
        #expect(refused.err.contains("more than \(count - 1) values, the limit"))
        #expect(runFoldBench(["resolve", path, "--max-json-values", "\(count)"]).status == 0)
        let compare = runFoldBench(["compare", path, path, "--max-json-values", "10"])
        expectRefusal(compare, naming: "--max-json-values")
    }

    @Test("a scene over --max-arrangements is refused at the first arrangement too many")
    func arrangements() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(try scene(depth: 3), named: "s.json", in: directory)  // 7 arrangements
        let refused = runFoldBench(["resolve", path, "--max-arrangements", "6"])
        expectRefusal(refused, naming: "--max-arrangements")
        // Depth first, primary first: the seventh is the root's secondary's secondary.
        #expect(
            refused.err.contains(
                "s.json: root.secondary.arrangement.secondary.arrangement: more than 6 arrangements, the limit"),
            "\(refused.err)")
        #expect(runFoldBench(["resolve", path, "--max-arrangements", "7"]).status == 0)
        #expect(InputLimits.standard.maximumArrangements == (1 << 20) - 1, "a balanced tree of depth 20")
    }

    @Test("a history over --max-history-rows is refused before its series are built")
    func historyRows() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let row = "2026-11-30T00:00:00Z,abc,false,h,s,v,1,instructionsPerRelayout,median,1,count,cpu,2,swift\n"
        let history = CSV.columns.joined(separator: ",") + "\n" + String(repeating: row, count: 3)
        let path = try writeFile(history, named: "history.csv", in: directory)
        let out = directory.appendingPathComponent("trend").path
        let refused = runFoldBench(["trend", path, "--out", out, "--max-history-rows", "2"])
        expectRefusal(refused, naming: "--max-history-rows")
        #expect(refused.err.contains("history.csv: more than 2 rows, the limit"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(runFoldBench(["trend", path, "--out", out, "--max-history-rows", "3"]).status == 0)
        // The last row counts without its newline too.
        let unended = try writeFile(String(history.dropLast()), named: "unended.csv", in: directory)
        expectRefusal(
            runFoldBench(["trend", unended, "--out", out, "--max-history-rows", "2"]), naming: "--max-history-rows")
    }

    @Test("the change-point budget is shared evenly, short series leaving their share to the long")
    func changePointBudget() throws {
        #expect(Trend.searchWindows([10, 1000, 1000], budget: 600) == [10, 295, 295])
        #expect(Trend.searchWindows([50, 60], budget: 1000) == [50, 60])
        #expect(Trend.searchWindows([], budget: 10) == [])
        // One series with a step at run 900 of 1,000, searched in its newest 200 runs:
        // the step is found, at its place in the whole series.
        let row = { (run: Int) in
            "2026-11-30T00:00:00Z,c\(run),false,h,s/t/d,fast,3,timePerRelayout,p50,\(run < 900 ? 100 : 150),ns,cpu,2,swift\n"
        }
        let text = CSV.line(CSV.columns) + (0..<1000).map(row).joined()
        let (series, _) = Trend.read(text, changePointBudget: 200)
        let only = try #require(series.first)
        #expect(only.searchedFrom == 800)
        #expect(only.changePoints == [900])
        let change = try #require(Trend.changes(series).first)
        #expect(change.2 == 100 && change.3 == 150)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(text, named: "history.csv", in: directory)
        let result = runFoldBench([
            "trend", path, "--out", directory.appendingPathComponent("t").path, "--change-point-budget", "200",
        ])
        #expect(result.status == 0)
        #expect(
            result.err.contains(
                "note: \(path): more points than the change-point search's budget of 200 (--change-point-budget N): 1 of 1 series"
            ), "\(result.err)")
    }

    /// Found by the history fuzzer's line check once rows were split as bytes.
    @Test("a history with CRLF line ends reads as the same history with LF")
    func crlfHistory() throws {
        let rows = (0..<20).map {
            "2026-11-30T00:00:\(10 + $0)Z,c\($0),false,h,s/t/d,fast,3,timePerRelayout,p50,\(100 + $0 % 3),ns,cpu,2,swift"
        }
        let lf = ([CSV.columns.joined(separator: ",")] + rows).joined(separator: "\n") + "\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let (expected, none) = Trend.read(lf)
        let (read, problems) = Trend.read(crlf)
        #expect(none.isEmpty && problems.isEmpty, "\(problems)")
        #expect(read.map(\.points.count) == expected.map(\.points.count) && read.first?.points.count == 20)
        #expect(read.first?.machine == "cpu" && read.first?.points.last?.value == 101)
    }

    @Test("a limit's flag takes a positive whole number")
    func badFlags() {
        for (flag, value) in [("--max-input-mb", "0"), ("--max-json-values", "-1"), ("--max-arrangements", "1.5")] {
            let result = runFoldBench(["resolve", "x.json", flag, value])
            #expect(result.status == 2 && result.err.contains("option '\(flag)' needs a whole number"), "\(result.err)")
        }
    }

    @Test("the answer is streamed in chunks that add up to the whole text")
    func streamedAnswer() throws {
        let scene = try SceneDecoder.decode(try self.scene(depth: 11))
        let reference = try #require(VariantList.entry(named: VariantList.referenceName))
        let resolution = reference.variant.resolve(scene.tree, in: scene.context)
        var chunks: [[UInt8]] = []
        ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs) { chunks.append($0) }
        #expect(chunks.count > 2)
        #expect(chunks.dropLast().allSatisfy { $0.count >= ResolutionEncoder.chunkSize })
        #expect(chunks.allSatisfy { $0.count < ResolutionEncoder.chunkSize + 1024 })
        let whole = ResolutionEncoder.encode(resolution, ids: scene.tree.paneIDs)
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == whole)
        // Numbers are spelled as formatNumber spells them, whole or not.
        for value in [0, -0.0, 1, -3, 437.5, 1998.046875, 1e15 - 1, 1e15, 1e300, 0.1] {
            var text = ByteText()
            text.appendNumber(value)
            #expect(String(decoding: text.bytes, as: UTF8.self) == formatNumber(value), "\(value)")
        }
    }
}
