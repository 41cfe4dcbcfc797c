import ArrangementModel
import Foundation
import SceneFormat
import Support
import TestSupport
import Testing
import Workloads

@testable import FoldBenchCLI
@testable import Runs

/// `foldbench scene` and the streaming writer under it: the file it writes is the tree
/// the benchmark runs, in the context asked for.
@Suite("Scene files written by foldbench scene")
struct SceneWriterTests {
    @Test(
        "the streamed scene is the document the encoder builds, and reads back as the same tree",
        arguments: ["balanced-d6", "chain-d20", "random-n300", "nested-reader", "frog-atlas"])
    func streamedEqualsDocument(name: String) throws {
        let scene = try TreeSpec(name).makeScene()
        var chunks: [String] = []
        SceneEncoder.write(scene) { chunks.append($0) }
        let text = chunks.joined()
        #expect(try JSONParser.parse(text) == SceneEncoder.json(scene))
        #expect(try SceneDecoder.decode(Array(text.utf8)).tree == scene.tree)
        // Chunks of about 64 KiB: a big tree is handed over in pieces, none much larger.
        if name == "random-n300" {
            #expect(chunks.count > 1)
            #expect(chunks.dropLast().allSatisfy { $0.utf8.count >= 1 << 16 && $0.utf8.count < (1 << 16) + 4096 })
        }
    }

    @Test("the context: the device's by default, --bounds alone, a device's posture, a scene's own kept")
    func contexts() throws {
        func scene(_ arguments: [String]) throws -> Scene {
            let run = runFoldBench(["scene"] + arguments)
            try #require(run.status == 0, "\(run.err)")
            return try SceneDecoder.decode(Array(run.out.utf8))
        }
        let duo = try scene(["balanced-d3"])
        #expect(duo.tree == (try TreeFactory.balanced(depth: 3)))
        // iphone-duo half-open in landscape: 866 × 822 pt with the fold at x = 475.
        #expect(duo.context.bounds == (try Rect(x: 0, y: 0, width: 866, height: 822)))
        #expect(duo.context.reservedRegions == [try Rect(x: 475, y: 0, width: 0, height: 822)])
        let plain = try scene(["balanced-d3", "--bounds", "2000x1600", "--layout-direction", "rightToLeft"])
        #expect(
            plain.context
                == LayoutContext(
                    bounds: try Rect(x: 0, y: 0, width: 2000, height: 1600), layoutDirection: .rightToLeft))
        let flat = try scene(["chain-d4", "--device", "iphone-duo", "--posture", "flat", "--orientation", "portrait"])
        #expect(flat.context.reservedRegions.isEmpty && flat.context.bounds.height > flat.context.bounds.width)
        // nested-reader is written right to left; its own context stays.
        let reader = try scene(["nested-reader"])
        #expect(reader == (try TreeSpec("nested-reader").makeScene()).with(stated: reader.stated))
        #expect(reader.context.layoutDirection == .rightToLeft)
    }

    @Test(
        "bad requests exit 2 naming the rule",
        arguments: [
            (["balanced-d21"], "balanced trees have depth 1...20"),
            (["balanced-d2", "--bounds", "20x"], "--bounds is WIDTHxHEIGHT"),
            (["balanced-d2", "--bounds", "-1x5"], "--bounds is WIDTHxHEIGHT"),
            (
                ["balanced-d2", "--bounds", "10x10", "--device", "iphone-duo"],
                "--bounds and --device exclude each other"
            ),
            (["balanced-d2", "--bounds", "10x10", "--posture", "flat"], "--bounds and --posture exclude each other"),
            (["balanced-d2", "--layout-direction", "up"], "--layout-direction is leftToRight or rightToLeft"),
        ])
    func refused(arguments: [String], rule: String) {
        let run = runFoldBench(["scene"] + arguments)
        #expect(run.status == 2 && run.out.isEmpty)
        #expect(run.err.contains(rule), "\(run.err)")
    }
}

extension Scene {
    fileprivate func with(stated: StatedContext) -> Scene {
        var copy = self
        copy.stated = stated
        return copy
    }
}
