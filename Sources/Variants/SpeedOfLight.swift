import ArrangementModel

/// The floor every variant is measured against: not a resolver, but the cost of
/// writing a resolution of the tree's size in the same frame loop — it copies one
/// correct resolution, worked out beforehand, into the output every frame. A
/// variant's time over this one says how much is left to win; no resolver can
/// write its answer faster than copying it.
public struct SpeedOfLight: ResolverVariant {
    public static let variantName = "floor"

    public let name = SpeedOfLight.variantName
    /// The resolution copied every frame.
    public let answer: Resolution

    public init(copying answer: Resolution) {
        self.answer = answer
    }

    public func prepare(_ tree: ArrangementTree) -> Resolution { answer }

    public func relayout(_ prepared: Resolution, in context: LayoutContext, into resolution: inout Resolution) {
        // Pane by pane, as a resolver writes them; assigning the array would only share it.
        let count = min(prepared.panes.count, resolution.panes.count)
        prepared.panes.withUnsafeBufferPointer { source in
            resolution.panes.withUnsafeMutableBufferPointer { target in
                for index in 0..<count { target[index] = source[index] }
            }
        }
    }

    /// The floor's entry for a tree whose resolution in its first context is `answer`.
    public static func entry(copying answer: Resolution) -> VariantEntry {
        VariantEntry(
            SpeedOfLight(copying: answer), summary: "the floor: copying a correct resolution, as fast as writing one",
            isTestOnly: true)
    }
}
