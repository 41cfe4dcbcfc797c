import ArrangementModel
import FastResolver

/// A test-only variant: the fast resolver plus a fixed amount of extra work per
/// arrangement (a dependent chain of multiply-adds the optimiser cannot remove).
/// It exists to show that the regression gate catches a slowdown.
public struct SlowedResolver: ResolverVariant {
    public let name: String
    /// Extra multiply-add steps per arrangement per relayout (rounded down per relayout).
    public let stepsPerArrangement: Double

    public init(name: String = "fast-slowed", stepsPerArrangement: Double = 2) {
        self.name = name
        self.stepsPerArrangement = stepsPerArrangement
    }

    public func prepare(_ tree: ArrangementTree) -> (tree: CompiledTree, steps: Int) {
        (FastResolver().prepare(tree), Int(Double(tree.arrangementCount) * stepsPerArrangement))
    }

    public func relayout(
        _ prepared: (tree: CompiledTree, steps: Int), in context: LayoutContext, into resolution: inout Resolution
    ) {
        FastResolver().relayout(prepared.tree, in: context, into: &resolution)
        var value = context.bounds.width
        for _ in 0..<prepared.steps { value = value * 0.999_999 + 1 }
        SlowedResolver.sink(value)
    }

    /// Keeps the chain's result alive without allocating or printing.
    @inline(never)
    static func sink(_ value: Double) { lastValue = value }

    nonisolated(unsafe) static var lastValue = 0.0
}
