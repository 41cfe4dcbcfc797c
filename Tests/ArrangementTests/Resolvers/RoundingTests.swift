import ArrangementModel
import FastResolver
import SceneGenerator
import Testing

@testable import ReferenceResolver

/// The contract's arithmetic ("Numbers" in docs/contract.md) is robust to rounding: a
/// port that orders its additions differently lands a few float steps away, and that
/// must change no decision unless an input lies on a threshold.
@Suite("Robust to rounding")
struct RoundingTests {
    @Test(
        "nudging every input coordinate by a few float steps changes no decision and moves no frame past the tolerance, away from the thresholds"
    )
    func nudged() throws {
        let variants: [(String, any ResolverVariant)] = [("reference", ReferenceResolver()), ("fast", FastResolver())]
        var (checked, onThreshold) = (0, 0)
        for seed in UInt64(1)...1_500 {
            var generator = SceneGenerator(seed: seed)
            let (tree, context) = try generator.scene(arrangements: 1...30, maximumDepth: 8)
            let original = ReferenceResolver().resolve(tree, in: context)
            guard Self.margin(tree, context, original) > 0.5 else {
                onThreshold += 1
                continue
            }
            checked += 1
            var nudges = SeededSource(seed: seed &* 7919)
            let nudged = Self.nudge(context, by: &nudges)
            for (name, variant) in variants {
                let moved = variant.resolve(tree, in: nudged)
                if let difference = ResolutionComparison.firstDifference(moved, original, ids: tree.paneIDs) {
                    Issue.record(
                        "seed \(seed), \(name): \(difference)\nnudged: \(ResolutionComparison.describe(nudged))\nfrom: \(ResolutionComparison.describe(context))"
                    )
                    return
                }
            }
        }
        // Generated contexts sit on 10-pt grids four times in five, so exact ties (a fold
        // on an edge, a square, minimums that fill the length) are common and checked;
        // inputs within half the tolerance of a threshold are rare.
        #expect(checked >= 1_400, "\(onThreshold) of 1,500 scenes lie on a threshold")
    }

    @Test("a fold at a pane's far edge divides nothing, whether rounding put the edge a float step before or past it")
    func touchingFold() throws {
        // The pane of the right-to-left split placed at `minX + secondaryLength`
        // (430.00000000000006) or at `maxX − primaryLength` (429.99999999999994).
        let fold = try Rect(x: 430, y: 0, width: 0, height: 700)
        for maxX in [Double(430).nextDown, 430, Double(430).nextUp] {
            let pane = try Rect(x: 278.64, y: 0, width: maxX - 278.64, height: 700)
            #expect(DividingRegion.find(in: pane, among: [fold]) == nil, "\(pane.maxX)")
            let context = LayoutContext(bounds: pane, layoutDirection: .rightToLeft, reservedRegions: [fold])
            let tree = try ArrangementTree(
                root: Arrangement(style: .split(.both), primary: try Pane(id: "p"), secondary: try Pane(id: "s")))
            for variant in [ReferenceResolver() as any ResolverVariant, FastResolver()] {
                // As without the fold: no sliver.
                let plain = variant.resolve(tree, in: LayoutContext(bounds: pane, layoutDirection: .rightToLeft))
                let folded = variant.resolve(tree, in: context)
                #expect(ResolutionComparison.firstDifference(folded, plain, ids: tree.paneIDs) == nil)
            }
        }
        // A fold inside by more than the tolerance still divides.
        let inside = try Rect(x: 430 - 1e-3, y: 0, width: 0, height: 700)
        #expect(DividingRegion.find(in: try Rect(x: 278.64, y: 0, width: 151.36, height: 700), among: [inside]) != nil)
    }

    /// `context` with every coordinate of its bounds and regions moved by -3...3 float
    /// steps (sizes never below 0).
    static func nudge(_ context: LayoutContext, by source: inout SeededSource) -> LayoutContext {
        func step(_ value: Double, size: Bool) -> Double {
            var moved = value
            let steps = source.int(in: -3...3)
            for _ in 0..<abs(steps) { moved = steps > 0 ? moved.nextUp : moved.nextDown }
            return size ? max(moved, 0) : moved
        }
        func nudge(_ rect: Rect) -> Rect {
            Rect(
                uncheckedX: step(rect.x, size: false), y: step(rect.y, size: false),
                width: step(rect.width, size: true), height: step(rect.height, size: true))
        }
        var nudged = context
        nudged.bounds = nudge(context.bounds)
        nudged.reservedRegions = context.reservedRegions.map(nudge)
        return nudged
    }

    /// The distance, in tolerances, of the nearest threshold of "Numbers" any arrangement
    /// of `tree` meets in `resolution` (its bounds as resolved): a region's edge against
    /// the bounds' edge grown or shrunk by ε, two dividers' distances, the longer side, the
    /// room for both minimums, a pane's length against ε. Above 0.5, a nudge of a few
    /// float steps cannot cross one.
    static func margin(_ tree: ArrangementTree, _ context: LayoutContext, _ resolution: Resolution) -> Double {
        var nearest = Double.infinity
        var index = 0
        func visit(_ arrangement: Arrangement, in bounds: Rect) {
            let t = ArrangementTolerance.of(bounds)
            func near(_ quantity: Double) { nearest = min(nearest, abs(quantity) / t) }
            var distances: [Double] = []
            for r in context.reservedRegions {
                for (low, high, start, end) in [
                    (r.minX, r.maxX, bounds.minX, bounds.maxX), (r.minY, r.maxY, bounds.minY, bounds.maxY),
                ] {
                    near(low - (start + t))
                    near(end - t - high)
                    near(start + t - low)
                    near(high - (end - t))
                }
                if DividingRegion.find(in: bounds, among: [r]) != nil {
                    let vertical = r.minY <= bounds.minY + t && r.maxY >= bounds.maxY - t
                    distances.append(
                        vertical
                            ? abs(r.midX - bounds.midX) / bounds.width : abs(r.midY - bounds.midY) / bounds.height)
                }
            }
            for (a, b) in zip(distances, distances.dropFirst()) {
                near((abs(a - b) - ArrangementTolerance.relative) * max(bounds.width, bounds.height))
            }
            near(bounds.width + t - bounds.height)
            let axis: Axis = bounds.height <= bounds.width + t ? .horizontal : .vertical
            let length = bounds.length(along: axis)
            if case .split = arrangement.style {
                let primary = AxisRange(arrangement.primary, axis: axis, length: length)
                let secondary = AxisRange(arrangement.secondary, axis: axis, length: length)
                near(primary.lo + secondary.lo - (length + t))
            }
            for pane in [arrangement.primary, arrangement.secondary] {
                let layout = resolution.panes[index]
                index += 1
                if layout.visible {
                    near(layout.frame.width - t)
                    near(layout.frame.height - t)
                    if let nested = pane.arrangement { visit(nested, in: layout.frame) }
                } else if let nested = pane.arrangement {
                    index += paneCount(nested)
                }
            }
        }
        visit(tree.root, in: context.bounds)
        return nearest
    }

    static func paneCount(_ arrangement: Arrangement) -> Int {
        [arrangement.primary, arrangement.secondary].reduce(0) { count, pane in
            count + 1 + (pane.arrangement.map(paneCount) ?? 0)
        }
    }
}
