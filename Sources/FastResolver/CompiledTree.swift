import ArrangementModel

/// Everything §2.2 needs along one axis, prepared so a relayout evaluates it with
/// a few multiply-adds and no branch on the preference kind: every bound is
/// `points + fraction × L`. The terms are chosen so the arithmetic gives bit for
/// bit what the reference computes (`x + 0 = x`, `0 × L = 0`, `0.5 × L = L / 2`,
/// `max(m, 0) = m` for m ≥ 0). The two views appear in solving order (first,
/// second): the cached priority ordering of §2.2.6. (§2.2.5 adds the two minimums,
/// and IEEE addition is commutative, so their order does not matter there.)
@usableFromInline
struct AxisPlan: Sendable {
    @usableFromInline var firstLoPoints = 0.0
    @usableFromInline var firstLoFraction = 0.0
    @usableFromInline var secondLoPoints = 0.0
    @usableFromInline var secondLoFraction = 0.0
    @usableFromInline var firstHiPoints = 0.0
    @usableFromInline var firstHiFraction = 0.0
    @usableFromInline var secondHiPoints = 0.0
    @usableFromInline var secondHiFraction = 0.0
    /// A flexible first view aims at L / 2: fraction 0.5, points 0.
    @usableFromInline var firstIdealPoints = 0.0
    @usableFromInline var firstIdealFraction = 0.0
    @usableFromInline var secondIdealPoints = 0.0
    @usableFromInline var secondIdealFraction = 0.0
    /// A flexible second view takes what remains.
    @usableFromInline var secondIsExplicit = false
    @usableFromInline var primaryFirst = false

    /// One view's terms along the axis (§2.2.4).
    struct Terms {
        var loPoints = 0.0, loFraction = 0.0, hiPoints = Double.infinity, hiFraction = 0.0
        var idealPoints = 0.0, idealFraction = 0.0, isExplicit = false

        init(_ pane: Pane, axis: Axis) {
            let minimum = pane.minimumLength(along: axis)
            loPoints = minimum
            switch pane.split[axis] {
            case .ratio(let range):
                loFraction = range.min ?? 0
                if let max = range.max { (hiPoints, hiFraction) = (0, max) }
                if let ideal = range.ideal { (idealFraction, isExplicit) = (ideal, true) }
            case .length(let range):
                loPoints = max(minimum, range.min ?? 0)
                hiPoints = range.max ?? .infinity
                if let ideal = range.ideal { (idealPoints, isExplicit) = (ideal, true) }
            case .fixed:
                let length = max(minimum, pane.idealLength(along: axis))
                (loPoints, hiPoints, idealPoints, isExplicit) = (length, length, length, true)
            case nil:
                break
            }
        }
    }

    init(primary: Pane, secondary: Pane, axis: Axis) {
        let p = Terms(primary, axis: axis)
        let s = Terms(secondary, axis: axis)
        primaryFirst =
            p.isExplicit != s.isExplicit
            ? p.isExplicit : primary.layoutPriority >= secondary.layoutPriority
        let (first, second) = primaryFirst ? (p, s) : (s, p)
        (firstLoPoints, firstLoFraction) = (first.loPoints, first.loFraction)
        (secondLoPoints, secondLoFraction) = (second.loPoints, second.loFraction)
        (firstHiPoints, firstHiFraction) = (first.hiPoints, first.hiFraction)
        (secondHiPoints, secondHiFraction) = (second.hiPoints, second.hiFraction)
        (firstIdealPoints, firstIdealFraction) =
            first.isExplicit ? (first.idealPoints, first.idealFraction) : (0, 0.5)
        (secondIdealPoints, secondIdealFraction) = (second.idealPoints, second.idealFraction)
        secondIsExplicit = second.isExplicit
    }

    /// True when no bound can ever bind, whatever L: both lows are 0, both highs
    /// infinite, the first view aims at a share f of L with 0 ≤ f ≤ 1, and the second
    /// takes the rest. §2.2.7 then gives exactly `first = f × L`, `second = L − first`
    /// (`max(f·L, 0) = f·L`, `min(f·L, L) = f·L` because f ≤ 1, `max(L − f·L, 0) =
    /// L − f·L`, and the leftover `(L − first) − second` is 0), and §2.2.5 never
    /// collapses (0 + 0 > L is false).
    var isProportional: Bool {
        firstLoPoints == 0 && firstLoFraction == 0 && secondLoPoints == 0 && secondLoFraction == 0
            && firstHiPoints == .infinity && firstHiFraction == 0
            && secondHiPoints == .infinity && secondHiFraction == 0
            && firstIdealPoints == 0 && (0...1).contains(firstIdealFraction) && !secondIsExplicit
    }

    /// §2.2.5–§2.2.7 for an axis of length `length`: the first and the second view's
    /// lengths, or `nil` when there is not enough space for both.
    @inlinable
    @inline(__always)
    func solve(_ length: Double) -> (first: Double, second: Double)? {
        let firstLo = max(firstLoPoints, firstLoFraction * length)
        let secondLo = max(secondLoPoints, secondLoFraction * length)
        if firstLo + secondLo > length { return nil }
        let firstHi = max(firstHiFraction * length + firstHiPoints, firstLo)
        let secondHi = max(secondHiFraction * length + secondHiPoints, secondLo)
        let firstIdeal = firstIdealFraction * length + firstIdealPoints
        var first = min(max(firstIdeal, firstLo), min(firstHi, length - secondLo))
        let remaining = length - first
        let secondIdeal = secondIsExplicit ? secondIdealFraction * length + secondIdealPoints : remaining
        let second = min(max(secondIdeal, secondLo), min(secondHi, remaining))
        first += length - first - second
        return (first, second)
    }
}

/// A pane's place in the resolution, in 8-byte units (a pane is 40 bytes): 4 bytes
/// instead of 8, so the tables the loop streams through stay small.
@usableFromInline
typealias PaneSlot = UInt32

/// What the hot path needs of one arrangement along one axis, for one layout
/// direction, in 16 bytes: which pane sits on the leading side (or on top) and which
/// on the far side, and how to split the length.
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
    /// The pane bits of ``farAndKernel``; also the largest slot a tree may use.
    @inlinable static var slotMask: UInt32 { (1 << kernelShift) - 1 }

    /// The other pane.
    @inlinable var far: PaneSlot { farAndKernel & Self.slotMask }
    /// ``Kernel`` bits.
    @inlinable var kernel: UInt32 { farAndKernel >> Self.kernelShift }

    /// The entry of an arrangement along `axis` in one layout direction.
    init(_ plan: AxisPlan, _ arrangement: CompiledArrangement, axis: Axis, rightToLeft: Bool) {
        // The primary leads, except side by side in right-to-left (§2.2.8).
        let nearIsPrimary = !(rightToLeft && axis == .horizontal)
        var kernel: UInt32 = nearIsPrimary == plan.primaryFirst ? 0 : Kernel.farFirst
        if !plan.isProportional { kernel |= Kernel.general }
        if !arrangement.splits(along: axis) { kernel |= Kernel.full }
        fraction = plan.firstIdealFraction
        near = nearIsPrimary ? arrangement.primarySlot : arrangement.secondarySlot
        farAndKernel =
            (nearIsPrimary ? arrangement.secondarySlot : arrangement.primarySlot) | kernel << Self.kernelShift
    }

    /// How the hot path treats an arrangement along an axis; 0 is the common case
    /// (a proportional split along a permitted axis, the near pane solved first).
    @usableFromInline
    enum Kernel {
        /// The near pane is the view solved second (the far one is solved first).
        @usableFromInline static let farFirst: UInt32 = 1 << 0
        /// Some bound may bind: the full clamp chain of ``AxisPlan/solve(_:)``.
        @usableFromInline static let general: UInt32 = 1 << 1
        /// Not a split that permits this axis: ``FastResolver`` takes the full path.
        @usableFromInline static let full: UInt32 = 1 << 2
    }
}

/// One arrangement in flat storage: pane offsets instead of references, and every
/// decision that does not depend on the context made once, at prepare time. The
/// full path (overlays, dividers, collapses, axes not permitted) reads it.
@usableFromInline
struct CompiledArrangement: Sendable {
    /// Byte offsets of the primary and the secondary pane in the resolution.
    @usableFromInline var primaryOffset = 0
    @usableFromInline var secondaryOffset = 0
    @usableFromInline var isOverlay: Bool
    @usableFromInline var allowsHorizontal: Bool
    @usableFromInline var allowsVertical: Bool
    /// §2.2.5: who stays when there is not enough space.
    @usableFromInline var primaryWinsCollapse: Bool
    /// §2.3.1: a separated overlay puts the primary on the leading side / on top.
    @usableFromInline var primaryLeadsHorizontally: Bool
    @usableFromInline var primaryOnTop: Bool

    init(_ arrangement: Arrangement) {
        let primary = arrangement.primary
        let secondary = arrangement.secondary
        switch arrangement.style {
        case .split: isOverlay = false
        case .overlay: isOverlay = true
        }
        allowsHorizontal = arrangement.style.axes.contains(.horizontal)
        allowsVertical = arrangement.style.axes.contains(.vertical)
        primaryWinsCollapse = primary.layoutPriority >= secondary.layoutPriority
        func leads(_ primary: Bool?, _ secondary: Bool?) -> Bool {
            switch (primary, secondary) {
            case (nil, nil): false  // the secondary leads by default
            case (let primary?, nil): primary  // the only named edge wins
            case (nil, let secondary?): !secondary
            case (let primary?, _): primary  // different edges, or the same one and the primary gets it
            }
        }
        primaryLeadsHorizontally = leads(
            primary.overlayEdge.horizontal.map { $0 == .leading },
            secondary.overlayEdge.horizontal.map { $0 == .leading })
        primaryOnTop = leads(
            primary.overlayEdge.vertical.map { $0 == .top },
            secondary.overlayEdge.vertical.map { $0 == .top })
    }

    /// The panes' slots (their offsets in 8-byte units).
    var primarySlot: PaneSlot { PaneSlot(primaryOffset / 8) }
    var secondarySlot: PaneSlot { PaneSlot(secondaryOffset / 8) }

    /// Whether a split of this arrangement may run along `axis`.
    func splits(along axis: Axis) -> Bool {
        !isOverlay && (axis == .horizontal ? allowsHorizontal : allowsVertical)
    }
}

/// A tree compiled for the fast resolver. The arrangements are stored so that a
/// parent comes before its children (one pass fills every pane: a nested
/// arrangement's bounds are already written when the pass reaches it); the panes
/// keep the contract's depth-first numbering, as byte offsets into the resolution.
public struct CompiledTree: Sendable {
    /// How the arrangements are stored; either way a parent precedes its children.
    public enum Order: String, Sendable {
        /// Depth by depth (breadth-first), in blocks of up to eight levels for large
        /// trees. Consecutive arrangements are siblings or cousins, independent of each
        /// other, so the processor overlaps their work.
        case levelOrder
        /// Depth-first (pre-order): each arrangement is mostly followed by its own
        /// child, which must wait for the panes it has just written.
        case preOrder
    }

    /// Per arrangement, the slot of the pane holding it (its bounds); 0 for the root.
    @usableFromInline let parentSlots: [PaneSlot]
    /// Two entries per arrangement (horizontal at 2k, vertical at 2k + 1), one table
    /// per layout direction: the direction decides which pane leads.
    @usableFromInline let leftToRightEntries: [AxisEntry]
    @usableFromInline let rightToLeftEntries: [AxisEntry]
    /// Two plans per arrangement, same order, for the general kernel.
    @usableFromInline let plans: [AxisPlan]
    /// Per arrangement, what the full path needs.
    @usableFromInline let arrangements: [CompiledArrangement]
    /// The number of panes a resolution of this tree holds.
    public let paneCount: Int
    public let order: Order

    /// Where a rect's width lies; its height follows (checked when a tree is compiled),
    /// so the length along axis `a` (0 horizontal, 1 vertical) is at `widthOffset + 8a`.
    @inlinable static var widthOffset: Int { 2 * MemoryLayout<Double>.stride }

    /// The levels of a block in level order: up to 255 arrangements, whose panes fit
    /// in a first-level cache.
    static let blockHeight = 8

    /// Compiles `tree` without recursion. O(arrangements × log arrangements).
    public init(_ tree: ArrangementTree, order: Order = .levelOrder) {
        precondition(
            MemoryLayout<Rect>.offset(of: \Rect.width) == Self.widthOffset
                && MemoryLayout<Rect>.offset(of: \Rect.height) == Self.widthOffset + MemoryLayout<Double>.stride
                && MemoryLayout<PaneLayout>.offset(of: \PaneLayout.frame) == 0,
            "a pane must store its frame first, and a rect its height right after its width")
        let stride = MemoryLayout<PaneLayout>.stride
        precondition(stride % 8 == 0, "a pane's size must be a multiple of 8 bytes")
        precondition(
            tree.paneCount * stride / 8 <= Int(AxisEntry.slotMask),
            "the fast resolver addresses at most \(Int(AxisEntry.slotMask) * 8 / stride) panes")
        // Depth-first: number the panes as they are popped (primary, its subtree,
        // secondary, its subtree) and record each arrangement's pane and depth.
        var sources = [tree.root]
        var parentOffsets = [0]
        var depths = [0]
        var parents = [0]
        var compiled = [CompiledArrangement(tree.root)]
        var stack: [(pane: Pane, arrangement: Int, isPrimary: Bool)] = [
            (tree.root.secondary, 0, false), (tree.root.primary, 0, true),
        ]
        var nextPane = 0
        while let (pane, owner, isPrimary) = stack.popLast() {
            let offset = nextPane * stride
            nextPane += 1
            if isPrimary {
                compiled[owner].primaryOffset = offset
            } else {
                compiled[owner].secondaryOffset = offset
            }
            if let nested = pane.arrangement {
                let nestedIndex = compiled.count
                sources.append(nested)
                parentOffsets.append(offset)
                depths.append(depths[owner] + 1)
                parents.append(owner)
                compiled.append(CompiledArrangement(nested))
                stack.append((nested.secondary, nestedIndex, false))
                stack.append((nested.primary, nestedIndex, true))
            }
        }
        // Level order, by blocks of `blockHeight` levels counted from the bottom: an
        // arrangement at height h (the levels of arrangements below it) belongs to block
        // level h / blockHeight. Blocks come in the pre-order of their roots; each block
        // is stored depth by depth. A parent still precedes its children, consecutive
        // arrangements are mostly independent, and a block's panes (a subtree's,
        // contiguous in the depth-first numbering) stay in the first-level cache.
        var storage = Array(sources.indices)
        if order == .levelOrder {
            var heights = [Int](repeating: 0, count: sources.count)
            for index in sources.indices.reversed() where index > 0 {
                heights[parents[index]] = max(heights[parents[index]], heights[index] + 1)
            }
            var blockRoot = Array(sources.indices)
            for index in sources.indices.dropFirst()
            where heights[index] / Self.blockHeight == heights[parents[index]] / Self.blockHeight {
                blockRoot[index] = blockRoot[parents[index]]
            }
            storage.sort { (blockRoot[$0], depths[$0], $0) < (blockRoot[$1], depths[$1], $1) }
        }
        var plans: [AxisPlan] = []
        var leftToRight: [AxisEntry] = []
        var rightToLeft: [AxisEntry] = []
        plans.reserveCapacity(2 * sources.count)
        leftToRight.reserveCapacity(2 * sources.count)
        rightToLeft.reserveCapacity(2 * sources.count)
        for index in storage {
            let source = sources[index]
            for axis in Axis.allCases {
                let plan = AxisPlan(primary: source.primary, secondary: source.secondary, axis: axis)
                plans.append(plan)
                leftToRight.append(AxisEntry(plan, compiled[index], axis: axis, rightToLeft: false))
                rightToLeft.append(AxisEntry(plan, compiled[index], axis: axis, rightToLeft: true))
            }
        }
        self.parentSlots = storage.map { PaneSlot(parentOffsets[$0] / 8) }
        self.leftToRightEntries = leftToRight
        self.rightToLeftEntries = rightToLeft
        self.plans = plans
        self.arrangements = storage.map { compiled[$0] }
        self.paneCount = nextPane
        self.order = order
    }
}
