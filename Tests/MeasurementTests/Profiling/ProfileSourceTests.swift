import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import TestSupport
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

@Suite("What profile reads and defaults to")
struct ProfileSourceTests {
    @Test("a location's text is the line of that number, counted from 1")
    func lineText() {
        let here = #line
        let text = SourceFiles().text(at: SourceLocation(file: #filePath, line: here))
        #expect(text?.trimmingCharacters(in: .whitespaces) == "let here = #line", "\(text ?? "nil")")
        #expect(SourceFiles().text(at: SourceLocation(file: #filePath, line: 0)) == nil)
        #expect(SourceFiles().text(at: SourceLocation(file: #filePath, line: 1_000_000)) == nil)
        #expect(SourceFiles().text(at: SourceLocation(file: "relative/path.swift", line: 1)) == nil)
    }

    @Test("profile without --frames counts 120 relayouts")
    func defaultFrames() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "profile", "--scenario", "drag-resize/media-player/iphone-duo", "--variant", "fast", "--out",
            directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("drag-resize/media-player/iphone-duo, fast: 120 relayouts"), "\(result.out)")
    }
}
