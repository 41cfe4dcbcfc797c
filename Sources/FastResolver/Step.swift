import ArrangementModel

/// The two panes of an arrangement along one axis, as the loop reads them: the pane
/// on the leading side (or on top), and the other pane with the ``AxisEntry/Kernel``
/// bits above its slot. 8 bytes.
@usableFromInline
struct PanePair: Sendable {
    @usableFromInline var near: PaneSlot
    @usableFromInline var farAndKernel: UInt32

    init(_ entry: AxisEntry) { (near, farAndKernel) = (entry.near, entry.farAndKernel) }

    /// ``AxisEntry/Kernel`` bits.
    @inlinable var kernel: UInt32 { farAndKernel >> AxisEntry.kernelShift }

    /// The pane on the far side (trailing, or below).
    @inlinable var far: PaneSlot { PaneSlot(rawValue: farAndKernel & AxisEntry.slotMask) }

    /// The common kernel: a proportional split along a permitted axis, the near pane
    /// solved first (no kernel bit set, so the word is just the far slot).
    @inlinable var takesCommonKernel: Bool { farAndKernel <= AxisEntry.slotMask }

    /// The arrangement is a split that permits this axis (else it shows one view, or both layered or separated).
    @inlinable var splitsAlongAxis: Bool { kernel & AxisEntry.Kernel.full == 0 }
}

/// One arrangement as the loop reads it, for one layout direction, in 40 bytes: the
/// pane that holds it, then per axis its two panes and the near pane's share of a
/// proportional split. One pointer walks the whole table.
@usableFromInline
struct Step: Sendable {
    /// The slot of the pane holding the arrangement (its bounds); 0 for the root.
    @usableFromInline var parent: PaneSlot
    /// ``Flags`` in the low bits: what the inline kernels for arrangements that do not
    /// split need; above them the arrangement's place in the plan and arrangements' tables.
    @usableFromInline var flags: UInt32
    @usableFromInline var horizontal: PanePair
    @usableFromInline var vertical: PanePair
    @usableFromInline var horizontalFraction: Double
    @usableFromInline var verticalFraction: Double

    init(
        parent: PaneSlot, horizontal: AxisEntry, vertical: AxisEntry, arrangement: CompiledArrangement,
        tableIndex: Int
    ) {
        precondition(tableIndex <= Int(UInt32.max >> Self.tableIndexShift), "beyond the steps' table index")
        self.parent = parent
        flags =
            (arrangement.isOverlay ? Flags.overlay : 0)
            | (arrangement.primaryWinsCollapse ? Flags.primaryWinsCollapse : 0)
            | UInt32(tableIndex) << Self.tableIndexShift
        self.horizontal = PanePair(horizontal)
        self.vertical = PanePair(vertical)
        horizontalFraction = horizontal.fraction
        verticalFraction = vertical.fraction
    }

    /// What an arrangement shows when it does not split along the axis its bounds choose
    /// and nothing divides it (§2.2.2, §2.2.5, §2.3.2), so that the loop places it inline.
    @usableFromInline
    enum Flags {
        /// An overlay: both views layered in the bounds, the primary in front.
        @usableFromInline static let overlay: UInt32 = 1 << 0
        /// A split without space for both views shows the primary (else the secondary).
        @usableFromInline static let primaryWinsCollapse: UInt32 = 1 << 1
    }

    /// Where the table index starts in ``flags``.
    @inlinable static var tableIndexShift: UInt32 { 2 }

    /// The arrangement's place in the plan (two per arrangement) and arrangements' tables.
    @inlinable var tableIndex: Int { Int(truncatingIfNeeded: flags >> Self.tableIndexShift) }

    /// The common kernel along both axes: a proportional split, the near pane first.
    var isProportional: Bool {
        horizontal.takesCommonKernel && vertical.takesCommonKernel
    }
}
