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

    /// The horizontal and the vertical plan of an arrangement.
    static func pair(for arrangement: Arrangement) -> [AxisPlan] {
        Axis.allCases.map {
            AxisPlan(primary: arrangement.primary, secondary: arrangement.secondary, axis: $0)
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
}

/// One arrangement in flat storage: pane indices instead of references, and every
/// decision that does not depend on the context made once, at prepare time.
@usableFromInline
struct CompiledArrangement: Sendable {
    /// Index of the pane whose frame is this arrangement's bounds; -1 for the root.
    @usableFromInline var parentPane: Int32
    @usableFromInline var primaryPane: Int32 = -1
    @usableFromInline var secondaryPane: Int32 = -1
    @usableFromInline var isOverlay: Bool
    @usableFromInline var allowsHorizontal: Bool
    @usableFromInline var allowsVertical: Bool
    /// §2.2.5: who stays when there is not enough space.
    @usableFromInline var primaryWinsCollapse: Bool
    /// §2.3.1: a separated overlay puts the primary on the leading side / on top.
    @usableFromInline var primaryLeadsHorizontally: Bool
    @usableFromInline var primaryOnTop: Bool

    init(_ arrangement: Arrangement, parentPane: Int32) {
        self.parentPane = parentPane
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
}

/// A tree compiled for the fast resolver: arrangements in pre-order (a parent
/// before its children), panes numbered in the contract's depth-first order.
public struct CompiledTree: Sendable {
    @usableFromInline let arrangements: [CompiledArrangement]
    /// Two plans per arrangement, same order: horizontal at 2k, vertical at 2k + 1.
    @usableFromInline let plans: [AxisPlan]
    /// The number of panes a resolution of this tree holds.
    public let paneCount: Int

    /// Compiles `tree` without recursion. O(arrangements).
    public init(_ tree: ArrangementTree) {
        var arrangements = [CompiledArrangement(tree.root, parentPane: -1)]
        arrangements.reserveCapacity(tree.arrangementCount)
        var plans = AxisPlan.pair(for: tree.root)
        plans.reserveCapacity(2 * tree.arrangementCount)
        // Panes are numbered as they are popped: primary, its subtree, secondary, its subtree.
        var stack: [(pane: Pane, arrangement: Int, isPrimary: Bool)] = [
            (tree.root.secondary, 0, false), (tree.root.primary, 0, true),
        ]
        var nextPane: Int32 = 0
        while let (pane, owner, isPrimary) = stack.popLast() {
            let index = nextPane
            nextPane += 1
            if isPrimary {
                arrangements[owner].primaryPane = index
            } else {
                arrangements[owner].secondaryPane = index
            }
            if let nested = pane.arrangement {
                let nestedIndex = arrangements.count
                arrangements.append(CompiledArrangement(nested, parentPane: index))
                plans += AxisPlan.pair(for: nested)
                stack.append((nested.secondary, nestedIndex, false))
                stack.append((nested.primary, nestedIndex, true))
            }
        }
        self.arrangements = arrangements
        self.plans = plans
        self.paneCount = Int(nextPane)
    }
}
