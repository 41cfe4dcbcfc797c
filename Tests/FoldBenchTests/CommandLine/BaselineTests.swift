import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

@Suite("baseline", .serialized)
struct BaselineTests {
    @Test("baseline update --path writes a counted quick-suite report there and nowhere else")
    func updateToPath() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let committed = repositoryRoot.appendingPathComponent("Results/baseline.json")
        let before = try Data(contentsOf: committed)
        let path = directory.appendingPathComponent("nested/baseline.json").path
        let result = try runBinary([
            "baseline", "update", "--path", path, "--time-per-scenario", "0", "--frames", "60",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("wrote the baseline \(path)"))
        let summary = try Report.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let quick = Workloads.Suite.quick.scenarios.map(\.name)
        #expect(Set(summary.results.map(\.scenario)) == Set(quick))
        #expect(summary.results.allSatisfy { ($0.metrics[.instructionsPerRelayout] ?? 0) > 0 })
        #expect(try Data(contentsOf: committed) == before, "the committed baseline is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["nested"])

        let wrong = try runBinary(["baseline", "refresh", "--path", path])
        #expect(wrong.status == 2)
        #expect(wrong.err.contains("a baseline action is update, commit or base, not 'refresh'"))
    }
}
