import ArrangementModel
import ReferenceResolver

/// Random contexts for the differential tests and the fuzzer: bounds of every shape
/// (zero sizes included), both directions, and 0–3 reserved regions drawn to hit
/// §2.1's cases — dividers of the bounds, hinge bands, regions that divide only a
/// nested pane, regions that touch, partly cover or miss.
public enum ContextFactory {
    public static func random(for tree: ArrangementTree, using generator: inout SplitMix64) -> LayoutContext {
        func grid(_ limit: Double) -> Double {
            Double.random(in: 0..<1, using: &generator) < 0.8
                ? Double(Int.random(in: 0...Int(limit / 10), using: &generator)) * 10
                : Double.random(in: 0...limit, using: &generator)
        }
        let width = Int.random(in: 0..<10, using: &generator) == 0 ? 0 : grid(1400)
        let height = Int.random(in: 0..<10, using: &generator) == 0 ? 0 : grid(1400)
        let bounds = Rect(uncheckedX: grid(100) - 50, y: grid(100) - 50, width: width, height: height)
        let sizeClass = SizeClass(
            horizontal: Bool.random(using: &generator) ? .compact : .regular,
            vertical: Bool.random(using: &generator) ? .compact : .regular)
        var context = LayoutContext(
            bounds: bounds, sizeClass: sizeClass,
            layoutDirection: Bool.random(using: &generator) ? .leftToRight : .rightToLeft)
        // Frames of nested panes, so that some regions divide only them.
        let frames = ReferenceResolver().resolve(tree, in: context).panes.filter(\.visible).map(\.frame)
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let target = Bool.random(using: &generator) ? bounds : frames.randomElement(using: &generator) ?? bounds
            context.reservedRegions.append(region(through: target, using: &generator))
        }
        return context
    }

    /// A region related to `target`: a seamless fold or a hinge band across it, or
    /// one that touches its edge, covers part of it or lies beside it.
    static func region(through target: Rect, using generator: inout SplitMix64) -> Rect {
        let vertical = Bool.random(using: &generator)
        let thickness = [0, 0, 20, 26, Double.random(in: 0...40, using: &generator)].randomElement(using: &generator)!
        let fraction = [0.5, 0.5, 0.25, 0, 1, Double.random(in: -0.2...1.2, using: &generator)].randomElement(
            using: &generator)!
        let overhang: Double = [0, 0, 10, -10].randomElement(using: &generator)!
        if vertical {
            let x = target.minX + fraction * target.width - thickness / 2
            return Rect(
                uncheckedX: x, y: target.minY - overhang, width: thickness, height: max(0, target.height + 2 * overhang)
            )
        }
        let y = target.minY + fraction * target.height - thickness / 2
        return Rect(
            uncheckedX: target.minX - overhang, y: y, width: max(0, target.width + 2 * overhang), height: thickness)
    }
}
