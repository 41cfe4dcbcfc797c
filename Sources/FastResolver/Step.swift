import ArrangementModel

/// The two panes of an arrangement along one axis, as the loop reads them: the pane
/// on the leading side (or on top), and the other pane with the ``AxisEntry/Kernel``
/// bits above its slot. 8 bytes.
@usableFromInline
struct PanePair: Sendable {
    @usableFromInline var near: PaneSlot
    @usableFromInline var farAndKernel: UInt32

    init(_ entry: AxisEntry) { (near, farAndKernel) = (entry.near, entry.farAndKernel) }
}

/// One arrangement as the loop reads it, for one layout direction, in 40 bytes: the
/// pane that holds it, then per axis its two panes and the near pane's share of a
/// proportional split. The vertical fields lie 8 bytes after the horizontal ones, so
/// the loop reads an axis's fields at `offset + 8 × axis` instead of branching on it,
/// and one pointer walks the whole table.
@usableFromInline
struct Step: Sendable {
    /// The slot of the pane holding the arrangement (its bounds); 0 for the root.
    @usableFromInline var parent: PaneSlot
    /// Keeps the shares 8-byte aligned.
    @usableFromInline var padding: UInt32 = 0
    @usableFromInline var horizontal: PanePair
    @usableFromInline var vertical: PanePair
    @usableFromInline var horizontalFraction: Double
    @usableFromInline var verticalFraction: Double

    /// Byte offsets of the horizontal fields; axis `a` (0 horizontal, 1 vertical) adds `8a`.
    @inlinable static var nearOffset: Int { 8 }
    @inlinable static var farAndKernelOffset: Int { 12 }
    @inlinable static var fractionOffset: Int { 24 }

    init(parent: PaneSlot, horizontal: AxisEntry, vertical: AxisEntry) {
        self.parent = parent
        self.horizontal = PanePair(horizontal)
        self.vertical = PanePair(vertical)
        horizontalFraction = horizontal.fraction
        verticalFraction = vertical.fraction
    }

    /// The common kernel along both axes: a proportional split, the near pane first.
    var isProportional: Bool {
        horizontal.farAndKernel <= AxisEntry.slotMask && vertical.farAndKernel <= AxisEntry.slotMask
    }

    /// The arrangement's entry along `axis` (for the tests and the prepared views).
    func entry(along axis: Axis) -> AxisEntry {
        axis == .horizontal
            ? AxisEntry(near: horizontal.near, farAndKernel: horizontal.farAndKernel, fraction: horizontalFraction)
            : AxisEntry(near: vertical.near, farAndKernel: vertical.farAndKernel, fraction: verticalFraction)
    }

    /// Whether the fields lie where the loop reads them.
    static var layoutIsAsRead: Bool {
        MemoryLayout<Step>.stride == 40
            && MemoryLayout<Step>.offset(of: \Step.horizontal) == nearOffset
            && MemoryLayout<Step>.offset(of: \Step.vertical) == nearOffset + 8
            && MemoryLayout<PanePair>.offset(of: \PanePair.farAndKernel) == farAndKernelOffset - nearOffset
            && MemoryLayout<Step>.offset(of: \Step.horizontalFraction) == fractionOffset
            && MemoryLayout<Step>.offset(of: \Step.verticalFraction) == fractionOffset + 8
    }
}
