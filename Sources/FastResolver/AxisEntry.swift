import ArrangementModel

/// A pane's place in the resolution: its distance from the start in 8-byte units, so
/// pane *i* (depth-first numbering) is at slot 5·*i*. The only unit the fast resolver
/// addresses panes in: 4 bytes in the tables the loop streams through, and turned into
/// an address with a shift (``Tables/pane(_:)``, which checks the bounds in debug builds).
@usableFromInline
struct PaneSlot: Equatable, Hashable, Sendable {
    @usableFromInline var rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The slot of pane `index` in the depth-first numbering.
    init(pane index: Int) {
        let slot = index * (MemoryLayout<PaneLayout>.stride / 8)
        precondition(slot <= Int(AxisEntry.slotMask), "the fast resolver addresses at most 2^29 slots")
        rawValue = UInt32(slot)
    }

    /// The pane's distance from the resolution's start, in bytes.
    @inlinable var byteOffset: Int { Int(truncatingIfNeeded: rawValue) &* 8 }
}

/// What the hot path needs of one arrangement along one axis, for one layout
/// direction: which pane sits on the leading side (or on top) and which on the far
/// side, and how to split the length. ``Step`` stores both axes' entries side by side.
@usableFromInline
struct AxisEntry: Sendable {
    /// The first view's share of L for a proportional split.
    @usableFromInline var fraction: Double
    /// The pane on the leading side (horizontal) or on top (vertical).
    @usableFromInline var near: PaneSlot
    /// The other pane in the low 29 bits, the ``Kernel`` bits above them.
    @usableFromInline var farAndKernel: UInt32

    /// Where the kernel bits start in ``farAndKernel``.
    @inlinable static var kernelShift: UInt32 { 29 }
    /// The slot bits of ``farAndKernel``; also the largest slot a tree may use.
    @inlinable static var slotMask: UInt32 { (1 << kernelShift) - 1 }

    /// The entry of an arrangement along `axis` in one layout direction.
    init(_ plan: AxisPlan, _ arrangement: CompiledArrangement, axis: Axis, rightToLeft: Bool) {
        // The primary leads, except side by side in right-to-left (§2.2.8).
        let nearIsPrimary = !(rightToLeft && axis == .horizontal)
        let kernel: UInt32
        if arrangement.isOverlay {
            // §2.3.1, prepared: the near pane takes the region before a divider along this
            // axis (left, or top) when the primary leads (its leading region is the right
            // one in right-to-left, where the near pane is the secondary: the same answer).
            let nearTakesFirst = axis == .horizontal ? arrangement.primaryLeadsHorizontally : arrangement.primaryOnTop
            kernel =
                Kernel.full | (arrangement.allows(axis) ? Kernel.separates : 0) | (nearTakesFirst ? 0 : Kernel.farFirst)
        } else if !arrangement.splits(along: axis) {
            kernel = Kernel.full
        } else {
            kernel =
                (nearIsPrimary == plan.primaryFirst ? 0 : Kernel.farFirst) | (plan.isProportional ? 0 : Kernel.general)
        }
        fraction = plan.firstIdealFraction
        near = nearIsPrimary ? arrangement.primary : arrangement.secondary
        farAndKernel =
            (nearIsPrimary ? arrangement.secondary : arrangement.primary).rawValue | kernel << Self.kernelShift
    }

    /// How the hot path treats an arrangement along an axis; 0 is the common case
    /// (a proportional split along a permitted axis, the near pane solved first).
    @usableFromInline
    enum Kernel {
        /// The near pane is the view solved second (the far one is solved first); for an
        /// overlay, the far pane takes the region before a divider along this axis.
        @usableFromInline static let farFirst: UInt32 = 1 << 0
        /// Some bound may bind: the full clamp chain of ``AxisPlan/solve(_:)``.
        @usableFromInline static let general: UInt32 = 1 << 1
        /// With ``full``: an overlay that permits this axis, which a divider along it
        /// separates (§2.3.1). The bit of ``general``, which only a split uses.
        @usableFromInline static let separates: UInt32 = 1 << 1
        /// Not a split that permits this axis: ``FastResolver`` places the arrangement
        /// alone or layered, or, for an overlay a divider separates, in its two regions.
        @usableFromInline static let full: UInt32 = 1 << 2
    }
}
