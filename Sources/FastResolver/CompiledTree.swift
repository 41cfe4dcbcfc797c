import ArrangementModel

/// One arrangement in flat storage: pane slots instead of references, and every
/// decision that does not depend on the context made once, at prepare time. The
/// steps' flags and kernels are made from it; no frame reads it.
@usableFromInline
struct CompiledArrangement: Sendable {
    /// Where the primary and the secondary pane are in the resolution.
    @usableFromInline var primary = PaneSlot(rawValue: 0)
    @usableFromInline var secondary = PaneSlot(rawValue: 0)
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
        // §2.3.1 as the reference's `primaryTakesFirstRegion`, written twice on purpose
        // (see `divides` in RegionScan.swift).
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

    /// Whether the style permits `axis` (for an overlay: whether a divider along it separates the views).
    func allows(_ axis: Axis) -> Bool { axis == .horizontal ? allowsHorizontal : allowsVertical }

    /// Whether a split of this arrangement may run along `axis`.
    func splits(along axis: Axis) -> Bool { !isOverlay && allows(axis) }
}

/// A tree compiled for the fast resolver. The arrangements are stored so that a
/// parent comes before its children (one pass fills every pane: a nested
/// arrangement's bounds are already written when the pass reaches it); the panes
/// keep the contract's depth-first numbering, as slots in the resolution.
public struct CompiledTree: Sendable {
    /// How the arrangements are stored; either way a parent precedes its children.
    public enum Order: String, Sendable {
        /// Depth by depth (breadth-first), in blocks of up to four levels for larger
        /// trees. Consecutive arrangements are mostly siblings or cousins, independent
        /// of each other, so the processor overlaps their work.
        case levelOrder
        /// Depth-first (pre-order): each arrangement is mostly followed by its own
        /// child, which must wait for the panes it has just written.
        case preOrder
    }

    /// The tables, in memory the tree owns, with what a frame needs to find them.
    @usableFromInline let storage: TableStorage
    /// Arrangements in the tree (at least one, the root): the length of each direction's table.
    @usableFromInline let count: Int
    /// The number of panes a resolution of this tree holds.
    public let paneCount: Int
    /// How the arrangements are stored.
    public let order: Order
    /// The order of ``plans`` and ``arrangements``: ``order``, unless they are shared
    /// with the same tree compiled in another order.
    let tableOrder: Order

    /// Per arrangement, what the loop reads (``Step``), one table per layout direction
    /// (the direction decides which pane leads), left to right first, then right to left.
    var steps: UnsafeBufferPointer<Step> { UnsafeBufferPointer(storage.steps) }
    /// Two plans per arrangement, in ``tableOrder`` (``Step/tableIndex``), for the general kernel.
    var plans: UnsafeBufferPointer<AxisPlan> { storage.plans }
    /// Per arrangement, in ``tableOrder``, its panes and what its style decides (not read by a frame).
    var arrangements: UnsafeBufferPointer<CompiledArrangement> { storage.arrangements }
    /// Whether every step of a direction's table takes the common kernel along both
    /// axes (a proportional split, the near pane first): the loop then neither tests
    /// kernels nor looks for hidden panes, as no pane can be hidden.
    var leftToRightIsProportional: Bool { storage.directions[0].isProportional }
    var rightToLeftIsProportional: Bool { storage.directions[1].isProportional }

    /// The table of each layout direction (copies, for tests and set-up).
    var leftToRightSteps: [Step] { Array(steps[0..<count]) }
    var rightToLeftSteps: [Step] { Array(steps[count...]) }

    /// What a frame in `direction` reads: one pointer, chosen by an offset.
    @inlinable
    @inline(__always)
    func tables(_ direction: LayoutDirection) -> UnsafePointer<DirectionTables> {
        UnsafePointer(storage.directions) + (direction == .rightToLeft ? 1 : 0)
    }

    /// Where a pane's frame keeps its size: x and y first, then width and height, so
    /// the loop writes a frame as two pairs (checked when a tree is compiled).
    @inlinable static var widthOffset: Int { 2 * MemoryLayout<Double>.stride }
    /// Where a pane keeps its bits, right after its frame (checked likewise).
    @inlinable static var bitsOffset: Int { 4 * MemoryLayout<Double>.stride }

    /// The levels of a block in level order: up to 15 arrangements, whose 31 panes
    /// (1.2 KiB) lie together. Measured (fold-cycle, balanced trees): blocks of eight
    /// levels keep a 255-arrangement tree a little faster (2.4 against 2.5 ns per
    /// arrangement), but once the panes outgrow the first-level cache each block is
    /// swept eight times, and 1,023 and 4,095 arrangements cost 4.4 ns each against
    /// 3.3–3.4 with four levels; three or five levels do worse on one side or the other.
    static let blockHeight = 4

    /// Compiles `tree` without recursion. O(arrangements × log arrangements). A tree of
    /// more than 107 million panes (some 4 GiB of resolution) is beyond the 29-bit slots.
    public init(_ tree: ArrangementTree, order: Order = .levelOrder) {
        self.init(tree, order: order, sharingTablesOf: nil)
    }

    /// `tree` in `order`, with the plans and the arrangements' table of `other` when given (the
    /// same tree, compiled before in any order), so that a variant keeping one tree in two
    /// orders keeps one copy of them: steps find their arrangement's entries through
    /// ``Step/tableIndex``.
    init(_ tree: ArrangementTree, order: Order, sharingTablesOf other: CompiledTree?) {
        Self.checkPaneLayout(paneCount: tree.paneCount)
        self.init(Numbering(tree.root), order: order, sharingTablesOf: other) { count, position in
            Self.plans(tree.root, count: count, position: position)
        }
    }

    /// The tree `numbering` describes, in `order`; `makePlans` gives the plans (two per
    /// arrangement) in the tables' order, from the arrangement count and each
    /// arrangement's place there (by depth-first number), unless `other`'s are shared.
    init(
        _ numbering: Numbering, order: Order, sharingTablesOf other: CompiledTree?,
        plans makePlans: (Int, [Int]) -> [AxisPlan]
    ) {
        let count = numbering.compiled.count
        let storageOrder = numbering.stored(in: order)
        // The tables (plans, arrangements) are kept in the order of the tree they come
        // from: each arrangement's place there.
        let tableOrder = other?.tableOrder ?? order
        let ownPlans: [AxisPlan]
        let steps: [Step]
        if let other {
            precondition(other.count == count && other.paneCount == numbering.paneCount, "the tables of another tree")
            // An arrangement's steps do not depend on where they are stored: the other
            // order's, moved to this order's places.
            ownPlans = []
            steps = [Step](unsafeUninitializedCapacity: 2 * count) { buffer, initialized in
                for (place, index) in storageOrder.enumerated() {
                    let from = Int(other.storage.storedPlace[index])
                    (buffer.baseAddress! + place).initialize(to: other.storage.steps[from])
                    (buffer.baseAddress! + count + place).initialize(to: other.storage.steps[count + from])
                }
                initialized = 2 * count
            }
        } else {
            var position = [Int](repeating: 0, count: count)
            for (place, index) in storageOrder.enumerated() { position[index] = place }
            ownPlans = makePlans(count, position)
            steps = ownPlans.withUnsafeBufferPointer { own in
                Self.steps(numbering, storageOrder: storageOrder, position: position, plans: own)
            }
        }
        storage = TableStorage(
            steps: steps, count: count, paneCount: numbering.paneCount, sharing: other?.storage, plans: ownPlans,
            arrangements: other == nil ? storageOrder.map { numbering.compiled[$0] } : [], storageOrder: storageOrder)
        self.count = count
        self.paneCount = numbering.paneCount
        self.order = order
        self.tableOrder = tableOrder
    }

    /// The loops read a pane's frame and bits at fixed offsets, and address panes in
    /// 29-bit slots of 8 bytes.
    static func checkPaneLayout(paneCount: Int) {
        precondition(
            MemoryLayout<Rect>.offset(of: \Rect.x) == 0
                && MemoryLayout<Rect>.offset(of: \Rect.y) == MemoryLayout<Double>.stride
                && MemoryLayout<Rect>.offset(of: \Rect.width) == Self.widthOffset
                && MemoryLayout<Rect>.offset(of: \Rect.height) == Self.widthOffset + MemoryLayout<Double>.stride
                && MemoryLayout<PaneLayout>.offset(of: \PaneLayout.frame) == 0
                && MemoryLayout<PaneLayout>.offset(of: \PaneLayout.bits) == Self.bitsOffset,
            "a pane must store its frame (x, y, width, height) first, then its bits")
        let stride = MemoryLayout<PaneLayout>.stride
        precondition(stride % 8 == 0, "a pane's size must be a multiple of 8 bytes")
        precondition(
            paneCount * stride / 8 <= Int(AxisEntry.slotMask),
            "the fast resolver addresses at most \(Int(AxisEntry.slotMask) * 8 / stride) panes")
    }

    /// The tree numbered depth-first: the panes as they are popped (primary, its subtree,
    /// secondary, its subtree), with each arrangement's pane, depth and parent. The
    /// arrangements themselves are not kept (a copy of each would double the tree's memory
    /// while it is compiled); their plans are made in a second walk.
    struct Numbering {
        var parentSlots = [PaneSlot(pane: 0)]
        var depths = [0]
        var parents = [0]
        var compiled: [CompiledArrangement]
        var paneCount = 0

        /// No arrangement yet, room for `capacity` (filled in by a splice).
        init(capacity: Int) {
            parentSlots = []
            depths = []
            parents = []
            compiled = []
            parentSlots.reserveCapacity(capacity)
            depths.reserveCapacity(capacity)
            parents.reserveCapacity(capacity)
            compiled.reserveCapacity(capacity)
        }

        init(_ root: Arrangement) {
            compiled = [CompiledArrangement(root)]
            var stack: [(pane: Pane, arrangement: Int, isPrimary: Bool)] = [
                (root.secondary, 0, false), (root.primary, 0, true),
            ]
            while let (pane, owner, isPrimary) = stack.popLast() {
                let slot = PaneSlot(pane: paneCount)
                paneCount += 1
                if isPrimary {
                    compiled[owner].primary = slot
                } else {
                    compiled[owner].secondary = slot
                }
                if let nested = pane.arrangement {
                    let nestedIndex = compiled.count
                    parentSlots.append(slot)
                    depths.append(depths[owner] + 1)
                    parents.append(owner)
                    compiled.append(CompiledArrangement(nested))
                    stack.append((nested.secondary, nestedIndex, false))
                    stack.append((nested.primary, nestedIndex, true))
                }
            }
        }

        /// The arrangements' depth-first numbers in the order `order` stores them. Level
        /// order goes by blocks of `blockHeight` levels counted from the bottom: an
        /// arrangement at height h (the levels of arrangements below it) belongs to block
        /// level h / blockHeight. Blocks come in the pre-order of their roots; each block
        /// is stored depth by depth. A parent still precedes its children, consecutive
        /// arrangements are mostly independent, and a block's panes (a subtree's,
        /// contiguous in the depth-first numbering) are written close together, so a
        /// large tree streams through the caches in about the order it is stored.
        func stored(in order: Order) -> [Int] {
            let count = compiled.count
            var storage = Array(0..<count)
            guard order == .levelOrder else { return storage }
            var heights = [Int](repeating: 0, count: count)
            for index in (0..<count).reversed() where index > 0 {
                heights[parents[index]] = max(heights[parents[index]], heights[index] + 1)
            }
            var blockRoot = Array(0..<count)
            for index in (0..<count).dropFirst()
            where heights[index] / CompiledTree.blockHeight == heights[parents[index]] / CompiledTree.blockHeight {
                blockRoot[index] = blockRoot[parents[index]]
            }
            storage.sort { (blockRoot[$0], depths[$0], $0) < (blockRoot[$1], depths[$1], $1) }
            return storage
        }
    }

    /// Each arrangement's two plans, written straight to their places (`position`, by
    /// depth-first number): a second walk in the same numbering as ``Numbering``'s.
    static func plans(_ root: Arrangement, count: Int, position: [Int]) -> [AxisPlan] {
        [AxisPlan](unsafeUninitializedCapacity: 2 * count) { buffer, initialized in
            var next = 1
            func visit(_ arrangement: Arrangement, _ index: Int) {
                let base = buffer.baseAddress! + 2 * position[index]
                base.initialize(
                    to: AxisPlan(primary: arrangement.primary, secondary: arrangement.secondary, axis: .horizontal))
                (base + 1).initialize(
                    to: AxisPlan(primary: arrangement.primary, secondary: arrangement.secondary, axis: .vertical))
                if let nested = arrangement.primary.arrangement {
                    next += 1
                    visit(nested, next - 1)
                }
                if let nested = arrangement.secondary.arrangement {
                    next += 1
                    visit(nested, next - 1)
                }
            }
            visit(root, 0)
            precondition(next == count, "the second walk numbers the arrangements as the first")
            initialized = 2 * count
        }
    }

    /// The steps in storage order: left to right in the first half, right to left in the
    /// second, written in place.
    static func steps(
        _ numbering: Numbering, storageOrder: [Int], position: [Int], plans: UnsafeBufferPointer<AxisPlan>
    ) -> [Step] {
        let count = storageOrder.count
        return [Step](unsafeUninitializedCapacity: 2 * count) { buffer, initialized in
            for (place, index) in storageOrder.enumerated() {
                let horizontal = plans[2 * position[index]]
                let vertical = plans[2 * position[index] + 1]
                let arrangement = numbering.compiled[index]
                func step(rightToLeft: Bool) -> Step {
                    Step(
                        parent: numbering.parentSlots[index],
                        horizontal: AxisEntry(horizontal, arrangement, axis: .horizontal, rightToLeft: rightToLeft),
                        vertical: AxisEntry(vertical, arrangement, axis: .vertical, rightToLeft: rightToLeft),
                        arrangement: arrangement, tableIndex: position[index])
                }
                (buffer.baseAddress! + place).initialize(to: step(rightToLeft: false))
                (buffer.baseAddress! + count + place).initialize(to: step(rightToLeft: true))
            }
            initialized = 2 * count
        }
    }

    /// Each arrangement in storage order, as pane indices (the depth-first numbering): the
    /// pane that holds it (-1 for the root) and its primary and secondary. For measuring
    /// in the order this tree is stored (the chained floor); not read by a frame.
    public var storedPanes: [(holder: Int, primary: Int, secondary: Int)] {
        let slotsPerPane = UInt32(MemoryLayout<PaneLayout>.stride / 8)
        return (0..<count).map { index in
            let arrangement = arrangement(stored: index)
            return (
                index == 0 ? -1 : Int(steps[index].parent.rawValue / slotsPerPane),
                Int(arrangement.primary.rawValue / slotsPerPane), Int(arrangement.secondary.rawValue / slotsPerPane)
            )
        }
    }

    /// The arrangement stored `index`-th, from the arrangements' table.
    func arrangement(stored index: Int) -> CompiledArrangement { arrangements[steps[index].tableIndex] }

    /// Compiles arrangement `index` (depth-first) again from `arrangement`, whose panes are
    /// where they were: its plans and its entry in the arrangements' table (wherever those
    /// are kept), then its steps in this tree's order. The tables are changed in place,
    /// for every tree sharing them: ``retableSteps(_:)`` brings another order's steps along.
    func recompile(_ index: Int, _ arrangement: Arrangement) {
        let place = Int(storage.storedPlace[index])
        let table = storage.steps[place].tableIndex
        let owner = storage.sharedFrom ?? storage
        let plans = UnsafeMutableBufferPointer(mutating: owner.plans)
        let arrangements = UnsafeMutableBufferPointer(mutating: owner.arrangements)
        var compiled = CompiledArrangement(arrangement)
        compiled.primary = arrangements[table].primary
        compiled.secondary = arrangements[table].secondary
        plans[2 * table] = AxisPlan(primary: arrangement.primary, secondary: arrangement.secondary, axis: .horizontal)
        plans[2 * table + 1] = AxisPlan(primary: arrangement.primary, secondary: arrangement.secondary, axis: .vertical)
        arrangements[table] = compiled
        retableSteps(index)
    }

    /// Arrangement `index`'s steps (both directions) made again from the tables, which
    /// ``recompile(_:_:)`` changed (through this tree or another sharing them), and each
    /// direction's shape with them.
    func retableSteps(_ index: Int) {
        let place = Int(storage.storedPlace[index])
        let old = storage.steps[place]
        let table = old.tableIndex
        let owner = storage.sharedFrom ?? storage
        let (horizontal, vertical) = (owner.plans[2 * table], owner.plans[2 * table + 1])
        let arrangement = owner.arrangements[table]
        for direction in 0..<2 {
            let before = storage.steps[direction * count + place].isProportional
            let step = Step(
                parent: old.parent,
                horizontal: AxisEntry(horizontal, arrangement, axis: .horizontal, rightToLeft: direction == 1),
                vertical: AxisEntry(vertical, arrangement, axis: .vertical, rightToLeft: direction == 1),
                arrangement: arrangement, tableIndex: table)
            storage.steps[direction * count + place] = step
            storage.admit(step, into: direction)
            if before != step.isProportional { storage.reshape(direction, uncommon: step.isProportional ? -1 : 1) }
        }
    }
}

/// A direction's tables, as a frame finds them: where each starts, and what the loop may
/// leave out for this direction.
@usableFromInline
struct DirectionTables {
    /// This direction's steps, in storage order.
    @usableFromInline let steps: UnsafePointer<Step>
    @usableFromInline let plans: UnsafePointer<AxisPlan>
    @usableFromInline let count: Int
    /// The panes of a resolution of the tree (for the debug builds' bounds check).
    @usableFromInline let paneCount: Int
    @usableFromInline let rightToLeft: Bool
    /// Which frame places this direction's tree.
    @usableFromInline let shape: FrameShape
    /// At least 1 / the smallest share `min(f, 1 − f)` that a proportional split of this
    /// direction gives either pane (∞ when a share is 0, so that every proportional split
    /// takes the exact path), with room for rounding: a proportional split of length L
    /// gives its panes `f × L` and `end − cut`, each at least `share × L` less a few float
    /// steps of the frame's coordinates, which is 1e-5 of the tolerance at most. So a
    /// split longer than the frame's largest tolerance times this factor gives no length
    /// within the tolerance ("Numbers"' zero rule), and only a shorter one is tested.
    @usableFromInline let zeroFactor: Double

    /// Every step takes the common kernel along both axes.
    @inlinable var isProportional: Bool { shape.isProportional }

    /// The smallest share of a pane a proportional split of `step` gives along either axis
    /// (1 when it has none).
    static func leastShare(_ step: Step) -> Double {
        var least = 1.0
        if step.horizontal.takesCommonKernel {
            least = min(least, step.horizontalFraction, 1 - step.horizontalFraction)
        }
        if step.vertical.takesCommonKernel { least = min(least, step.verticalFraction, 1 - step.verticalFraction) }
        return least
    }

    /// ``zeroFactor`` for the smallest share of a direction's steps.
    static func zeroFactor(leastShare: Double) -> Double { leastShare > 0 ? (1 + 1e-5) / leastShare : .infinity }
}

/// The frame a direction's tree takes, decided when the tree is compiled: a loop for
/// larger trees, none for one or two arrangements; each kind with the test of kernels
/// and hidden panes or without (every step proportional).
@usableFromInline
enum FrameShape: UInt8, Sendable {
    /// The proportional shapes have odd raw values.
    case any, proportional, one, oneProportional, two, twoProportional

    /// Every step of the direction takes the common kernel along both axes.
    @inlinable var isProportional: Bool { rawValue & 1 != 0 }

    init(count: Int, isProportional: Bool) {
        switch count {
        case 1: self = isProportional ? .oneProportional : .one
        case 2: self = isProportional ? .twoProportional : .two
        default: self = isProportional ? .proportional : .any
        }
    }
}

/// The compiled tables in memory of their own, immutable once written, freed with the
/// last tree that uses them. A frame reaches a direction's tables through one pointer
/// instead of borrowing three arrays, and passes them on in registers. Another order of
/// the same tree may use this storage's plans and arrangements' table
/// (``CompiledTree/init(_:order:sharingTablesOf:)``).
@usableFromInline
final class TableStorage: @unchecked Sendable {
    /// Left to right, then right to left.
    @usableFromInline let directions: UnsafeMutablePointer<DirectionTables>
    /// Both directions' steps, left to right first.
    let steps: UnsafeMutableBufferPointer<Step>
    let plans: UnsafeBufferPointer<AxisPlan>
    let arrangements: UnsafeBufferPointer<CompiledArrangement>
    /// The storage that owns ``plans`` and ``arrangements``, when this one shares them.
    let sharedFrom: TableStorage?

    /// `steps` (both directions, `count` each, for a resolution of `paneCount` panes)
    /// copied; the plans and the arrangements' table those of `shared` when given, else
    /// `plans` and `arrangements` copied.
    /// Where each arrangement (by its depth-first number) is stored in this order, for
    /// an edit that compiles one arrangement again.
    let storedPlace: UnsafeMutableBufferPointer<Int32>
    /// Steps that do not take the common kernel on both axes, per direction: the shape
    /// of a direction's frame follows them when an edit changes a step.
    var uncommonSteps = [0, 0]

    init(
        steps: [Step], count: Int, paneCount: Int, sharing shared: TableStorage?, plans: [AxisPlan],
        arrangements: [CompiledArrangement], storageOrder: [Int]
    ) {
        precondition(count > 0 && steps.count == 2 * count, "a tree has at least one arrangement")
        func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
            let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
            _ = buffer.initialize(from: array)
            return buffer
        }
        self.steps = copy(steps)
        sharedFrom = shared
        if let shared {
            precondition(shared.arrangements.count == count, "the tables of another tree")
            self.plans = shared.plans
            self.arrangements = shared.arrangements
        } else {
            self.plans = UnsafeBufferPointer(copy(plans))
            self.arrangements = UnsafeBufferPointer(copy(arrangements))
        }
        storedPlace = .allocate(capacity: count)
        for (place, index) in storageOrder.enumerated() { storedPlace[index] = Int32(place) }
        directions = .allocate(capacity: 2)
        for (index, rightToLeft) in [false, true].enumerated() {
            let table = UnsafeBufferPointer(rebasing: self.steps[(index * count)..<((index + 1) * count)])
            uncommonSteps[index] = table.count { !$0.isProportional }
            (directions + index).initialize(
                to: DirectionTables(
                    steps: table.baseAddress!, plans: self.plans.baseAddress!, count: count,
                    paneCount: paneCount, rightToLeft: rightToLeft,
                    shape: FrameShape(count: count, isProportional: uncommonSteps[index] == 0),
                    zeroFactor: DirectionTables.zeroFactor(
                        leastShare: table.reduce(1.0) { min($0, DirectionTables.leastShare($1)) })))
        }
    }

    /// Direction `index`'s count of steps off the common kernel moved by `uncommon`, and
    /// its frame's shape with it.
    func reshape(_ index: Int, uncommon: Int) {
        uncommonSteps[index] += uncommon
        let old = directions[index]
        directions[index] = DirectionTables(
            steps: old.steps, plans: old.plans, count: old.count, paneCount: old.paneCount,
            rightToLeft: old.rightToLeft,
            shape: FrameShape(count: old.count, isProportional: uncommonSteps[index] == 0),
            zeroFactor: old.zeroFactor)
    }

    /// Direction `index`'s ``DirectionTables/zeroFactor`` raised, if need be, for a step
    /// compiled again: a factor only ever grows, which stays sound (a larger factor
    /// tests more splits exactly) without a pass over the other steps.
    func admit(_ step: Step, into index: Int) {
        let old = directions[index]
        let factor = DirectionTables.zeroFactor(leastShare: DirectionTables.leastShare(step))
        guard factor > old.zeroFactor else { return }
        directions[index] = DirectionTables(
            steps: old.steps, plans: old.plans, count: old.count, paneCount: old.paneCount,
            rightToLeft: old.rightToLeft, shape: old.shape, zeroFactor: factor)
    }

    deinit {
        directions.deinitialize(count: 2)
        directions.deallocate()
        storedPlace.deallocate()
        steps.deinitialize()
        steps.deallocate()
        if sharedFrom == nil {
            UnsafeMutableBufferPointer(mutating: plans).deinitialize()
            UnsafeMutableBufferPointer(mutating: plans).deallocate()
            UnsafeMutableBufferPointer(mutating: arrangements).deinitialize()
            UnsafeMutableBufferPointer(mutating: arrangements).deallocate()
        }
    }
}
