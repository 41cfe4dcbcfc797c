import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

@Suite("Small rules pinned by hand")
struct SmallRuleTests {
    @Test("JSON objects are equal only with the same keys and values in the same order")
    func jsonEquality() {
        let one: JSONValue = .object([("a", .number(1))])
        #expect(one == .object([("a", .number(1))]))
        #expect(one != .object([("a", .number(2))]))
        #expect(one != .object([("b", .number(1))]))
        #expect(one != .object([("a", .number(1)), ("b", .number(2))]))
        #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        #expect(JSONValue.array([.number(1), .string("x")]) == .array([.number(1), .string("x")]))
        #expect(JSONValue.array([.number(1)]) != .array([.number(2)]))
        #expect(JSONValue.array([]) != .array([.null]))
    }

    @Test(
        "a text table: columns padded to the widest cell, two spaces between them, none before the first or after the last"
    )
    func textTable() {
        let rows = [["name", "time"], ["fast", "7.5"], ["reference", "512"], ["x"]]
        #expect(
            TextTable.aligned(rows, indent: "  ", alignment: { $0 == 1 ? .right : .left })
                == "  name       time\n  fast        7.5\n  reference   512\n  x\n")
        #expect(TextTable.aligned([["a", "b"]]) == "a  b\n")
        #expect(
            TextTable.markdown(header: ["a", "b"], alignments: ["---", "---:"], [["1", "2"]])
                == "| a | b |\n| --- | ---: |\n| 1 | 2 |\n")
    }

    @Test("the terminal's numbers: three significant digits, none dropped before the point, no exponent")
    func significantDigits() {
        let cases: [(Double, String)] = [
            (44402, "44402"), (1000, "1000"), (999.4, "999"), (983, "983"), (98.26, "98.3"), (3.8612, "3.86"),
            (0.5, "0.500"), (0.020123, "0.0201"), (-12.345, "-12.3"), (0, "0"),
        ]
        for (value, text) in cases {
            #expect(NumberText.significant(value) == text, "\(value)")
        }
        #expect(NumberText.significant(3.8612, digits: 2) == "3.9")
    }

    @Test(
        "a change in percent: one decimal, two significant digits when it is smaller than 0.05 %, a sign when it grew")
    func signedPercent() {
        let cases: [(Double, Double, String)] = [
            (12, 100, "+12.0 %"), (-3.14, 100, "-3.1 %"), (0.046, 100, "+0.046 %"), (-0.0012, 100, "-0.0012 %"),
            (0.049, 100, "+0.049 %"), (0.05, 100, "+0.1 %"), (0, 100, "0.0 %"), (0, 0, "±0"), (1, 0, "new"),
        ]
        for (change, base, text) in cases {
            #expect(NumberText.signedPercent(change, of: base) == text, "\(change) of \(base)")
        }
    }

    @Test("the JSON parser: escapes, exponents with and without a sign, and the nesting limit at its edge")
    func jsonParser() throws {
        let text = #"{"a": "q\"b\\n\u00e9\/", "b": [1e5, 1E+2, -2.5e-3, -0, 0.5], "c": true}"#
        let value = try JSONParser.parse(text)
        #expect(value["a"] == .string("q\"b\\né/"))
        #expect(value["b"] == .array([.number(100_000), .number(100), .number(-0.0025), .number(0), .number(0.5)]))
        #expect(value["c"] == .bool(true))
        let limit = JSONParser.maximumNesting
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(throws: Never.self) { try JSONParser.parse(nested(limit)) }
        #expect {
            try JSONParser.parse(nested(limit + 1))
        } throws: { error in
            "\(error)".contains("nesting deeper than \(limit) arrays and objects")
        }
    }

    @Test("a length with only a maximum below 1 pt is honoured: no minimum means 0, by every variant")
    func lengthWithoutMinimum() throws {
        let scene = try SceneDecoder.decode(
            Array(
                #"""
                {"context": {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10}},
                 "root": {"style": "split", "primary": {"id": "a", "split": {"horizontal": {"length": {"max": 0.5}}}},
                          "secondary": {"id": "b"}}}
                """#.utf8))
        for entry in VariantList.all where !entry.isTestOnly {
            let panes = entry.variant.resolve(scene.tree, in: scene.context).panes
            #expect(panes.map(\.frame.width) == [0.5, 9.5], "\(entry.name)")
        }
    }

    @Test("the generator's contexts: bounds up to 1,400 pt, most on a 10-pt grid")
    func generatorBounds() throws {
        var generator = SceneGenerator(seed: 5)
        let tree = try TreeFactory.balanced(depth: 2)
        var onGrid = 0
        for _ in 0..<1_000 {
            let bounds = generator.context(for: tree).bounds
            #expect(bounds.width <= 1_400 && bounds.height <= 1_400)
            if bounds.width.truncatingRemainder(dividingBy: 10) == 0 { onGrid += 1 }
        }
        #expect(onGrid > 700)
    }

    @Test("a generated region runs across its target, centred on it along its length, overhanging ±10 pt or not")
    func generatedRegions() throws {
        var generator = SceneGenerator(seed: 11)
        let target = try Rect(x: 100, y: 50, width: 1_000, height: 700)
        var (vertical, horizontal) = (0, 0)
        for _ in 0..<500 {
            let region = generator.region(through: target)
            if region.width <= 40 && region.height >= 680 {
                vertical += 1
                #expect(region.midY == target.midY, "\(region)")
                #expect([-20, 0, 20].contains(region.height - target.height), "\(region)")
                #expect(region.midX >= target.minX - 0.2 * 1_000 && region.midX <= target.minX + 1.2 * 1_000)
            } else {
                horizontal += 1
                #expect(region.midX == target.midX, "\(region)")
                #expect([-20, 0, 20].contains(region.width - target.width), "\(region)")
                #expect(region.height <= 40)
            }
        }
        #expect(vertical > 150 && horizontal > 150)
    }

    @Test("chain-dN: every third level an overlay, minimum widths 0, 2, 4, 6, 8 in turn")
    func chainShape() throws {
        var arrangement: Arrangement? = try TreeFactory.chain(depth: 7).root
        var (overlays, widths): ([Int], [Double]) = ([], [])
        var level = 1
        while let current = arrangement {
            if case .overlay = current.style { overlays.append(level) }
            widths.append(current.primary.minWidth)
            if case .arrangement(let next) = current.secondary.content { arrangement = next } else { arrangement = nil }
            level += 1
        }
        #expect(overlays == [3, 6] && widths == [2, 4, 6, 8, 0, 2, 0], "\(overlays) \(widths)")
    }

    @Test("the spring heads for the hinges' mean angle over 165°; a trace has at most 4 angle columns")
    func springAndHinges() throws {
        let trifold = try DeviceProfile.shipped("galaxy-z-trifold")
        var tracker = Timeline.HingeTracker(device: trifold)
        _ = tracker.advance([90, 150])
        #expect(abs(tracker.springTarget - 120.0 / 165) < 1e-12)
        _ = tracker.advance([180, 180])
        #expect(tracker.springTarget == 1)
        func header(_ hinges: Int) -> String {
            "time," + (1...hinges).map { "angle\($0)" }.joined(separator: ",") + ",orientation\n0,"
                + Array(repeating: "90", count: hinges).joined(separator: ",") + ",landscape\n"
        }
        #expect(try MotionTrace.decode(Array(header(4).utf8), name: "t").samples.count == 1)
        #expect {
            try MotionTrace.decode(Array(header(5).utf8), name: "t")
        } throws: { error in "\(error)".contains("at most 4 hinge angles") }
    }

    @Test("the full suite: every modelled motion × these trees × every shipped device")
    func fullSuite() {
        let trees = Set(Suite.full.scenarios.map(\.tree.description))
        #expect(
            trees
                == Set(
                    [
                        "balanced-d1", "balanced-d4", "balanced-d8", "balanced-d12", "chain-d32", "chain-d256",
                        "random-n100",
                        "random-n1000",
                    ] + TreeSpec.shippedScenes))
        #expect(Suite.full.scenarios.count == trees.count * Motion.allCases.count * DeviceProfile.shippedNames.count)
    }

    @Test("generated trees reach their depth limit and never pass it")
    func generatedDepths() throws {
        var generator = SceneGenerator(seed: 12)
        var deepest = 0
        for _ in 0..<200 {
            let tree = try generator.tree(arrangements: 40, maximumDepth: 4)
            #expect(tree.depth <= 4 && tree.arrangementCount <= 15)
            deepest = max(deepest, tree.depth)
        }
        #expect(deepest == 4)
    }

    @Test("generated contexts: about one in ten has a zero width, one in ten a zero height")
    func zeroSizes() throws {
        var generator = SceneGenerator(seed: 13)
        let tree = try TreeFactory.balanced(depth: 2)
        let contexts = (0..<2_000).map { _ in generator.context(for: tree) }
        let (widths, heights) = (contexts.filter { $0.bounds.width == 0 }, contexts.filter { $0.bounds.height == 0 })
        #expect(
            (120...300).contains(widths.count) && (120...300).contains(heights.count),
            "\(widths.count) \(heights.count)")
    }

    @Test("a walk goes back as far as 9 frames; a region grows and shrinks by 2 pt")
    func walkSteps() throws {
        var generator = SceneGenerator(seed: 14)
        let tree = try TreeFactory.balanced(depth: 2)
        var (returns, grown) = (0, 0)
        for _ in 0..<60 {
            let walk = generator.walk(for: tree, steps: 100)
            // The longest way back is 8 steps before the frame before: 9 frames back, and
            // none of the 8 between is that context.
            for i in 9..<walk.count where walk[i] == walk[i - 9] && !walk[(i - 8)..<i].contains(walk[i]) {
                returns += 1
            }
            for (a, b) in zip(walk, walk.dropFirst())
            where a.bounds == b.bounds && a.sizeClass == b.sizeClass && a.layoutDirection == b.layoutDirection
                && a.reservedRegions.count == b.reservedRegions.count
            {
                let changed = zip(a.reservedRegions, b.reservedRegions).filter { $0 != $1 }
                guard changed.count == 1, let (old, new) = changed.first else { continue }
                let vertical = old.height >= old.width
                // The same region moved or resized across its length (not another one back in its place).
                let sameRun =
                    vertical
                    ? (old.minY == new.minY && old.height == new.height)
                    : (old.minX == new.minX && old.width == new.width)
                let (before, after) = vertical ? (old.width, new.width) : (old.height, new.height)
                guard sameRun, before == before.rounded(), after == after.rounded(), before != after else { continue }
                // Moves of ±2 pt in any number, from whole widths and never below 0: an even change.
                #expect(Int(after - before) % 2 == 0, "\(old) → \(new)")
                grown += 1
            }
        }
        #expect(returns > 3 && grown > 20, "\(returns) returns 9 frames back, \(grown) regions resized")
    }

    @Test("resize-back's drags, worked by hand at 120 Hz: 90 % of the width a quarter of the way into each")
    func resizeBack() {
        // 0.2 s held, dragged to 0.8 in 0.05 s, held 0.1 s, dragged back in 0.05 s.
        for (frame, fraction) in [(0, 1.0), (27, 0.9), (33, 0.8), (45, 0.9), (48, 1.0), (60, 1.0), (87, 0.9)] {
            let state = Motion.resizeBack.state(atFrame: frame, refreshRate: 120)
            #expect(abs(state.widthFraction - fraction) < 1e-12, "frame \(frame): \(state.widthFraction)")
        }
    }

    @Test("a walk's rotations swap the sides and the size classes together")
    func walkRotations() throws {
        var generator = SceneGenerator(seed: 9)
        let tree = try TreeFactory.balanced(depth: 2)
        let walk = generator.walk(for: tree, steps: 3_000)
        // Sides swapped with different size classes on the two axes: a rotation (a return
        // to an earlier context can swap the sides too, with that context's classes).
        var rotations = 0
        var swapped = 0
        for (before, after) in zip(walk, walk.dropFirst())
        where before.bounds.width != before.bounds.height && after.bounds.width == before.bounds.height
            && after.bounds.height == before.bounds.width && before.sizeClass.horizontal != before.sizeClass.vertical
        {
            rotations += 1
            if after.sizeClass.horizontal == before.sizeClass.vertical
                && after.sizeClass.vertical == before.sizeClass.horizontal
            {
                swapped += 1
            }
        }
        #expect(rotations > 30)
        #expect(Double(swapped) >= 0.8 * Double(rotations), "\(swapped) of \(rotations)")
    }
}
