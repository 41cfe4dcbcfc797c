import ArrangementModel
import Support
import TestSupport
import Testing
import Workloads

@testable import SceneGenerator

@Suite("The generator's rules pinned by hand")
struct GeneratorRuleTests {
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
