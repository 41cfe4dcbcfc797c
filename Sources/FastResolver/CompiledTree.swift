import ArrangementModel

/// lo, hi and ideal of one view along one axis as `points + fraction × L`, so that
/// a relayout evaluates §2.2.4 with two multiply-adds and no branch on the
/// preference kind. The terms are chosen so the arithmetic gives bit for bit what
/// the reference computes (`x + 0 = x`, `0 × L = 0`, `max(m, 0) = m` for m ≥ 0).
@usableFromInline
struct AxisCoefficients: Sendable {
    @usableFromInline var loPoints: Double
    @usableFromInline var loFraction: Double
    @usableFromInline var hiPoints: Double
    @usableFromInline var hiFraction: Double
    @usableFromInline var idealPoints: Double
    @usableFromInline var idealFraction: Double
    @usableFromInline var isExplicit: Bool

    init(_ pane: Pane, axis: Axis) {
        let minimum = pane.minimumLength(along: axis)
        switch pane.split[axis] {
        case .ratio(let range):
            (loPoints, loFraction) = (minimum, range.min ?? 0)
            (hiPoints, hiFraction) = range.max.map { (0, $0) } ?? (.infinity, 0)
            (idealPoints, idealFraction, isExplicit) = range.ideal.map { (0, $0, true) } ?? (0, 0, false)
        case .length(let range):
            (loPoints, loFraction) = (max(minimum, range.min ?? 0), 0)
            (hiPoints, hiFraction) = (range.max ?? .infinity, 0)
            (idealPoints, idealFraction, isExplicit) = range.ideal.map { ($0, 0, true) } ?? (0, 0, false)
        case .fixed:
            let length = max(minimum, pane.idealLength(along: axis))
            (loPoints, loFraction) = (length, 0)
            (hiPoints, hiFraction) = (length, 0)
            (idealPoints, idealFraction, isExplicit) = (length, 0, true)
        case nil:
            (loPoints, loFraction) = (minimum, 0)
            (hiPoints, hiFraction) = (.infinity, 0)
            (idealPoints, idealFraction, isExplicit) = (0, 0, false)
        }
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
    /// The style's permitted axes, bit 0 horizontal, bit 1 vertical.
    @usableFromInline var axes: UInt8
    /// Per axis (bit 0 horizontal, bit 1 vertical): the primary is sized first (§2.2.6),
    /// the cached priority ordering.
    @usableFromInline var primaryFirst: UInt8
    /// Per axis: a separated overlay puts the primary on the leading (or top) side (§2.3.1).
    @usableFromInline var primaryLeadsOverlay: UInt8
    /// §2.2.5: who stays when there is not enough space.
    @usableFromInline var primaryWinsCollapse: Bool
    @usableFromInline var primaryHorizontal: AxisCoefficients
    @usableFromInline var primaryVertical: AxisCoefficients
    @usableFromInline var secondaryHorizontal: AxisCoefficients
    @usableFromInline var secondaryVertical: AxisCoefficients

    init(_ arrangement: Arrangement, parentPane: Int32) {
        self.parentPane = parentPane
        let primary = arrangement.primary
        let secondary = arrangement.secondary
        switch arrangement.style {
        case .split(let axes): (isOverlay, self.axes) = (false, axes.rawValue)
        case .overlay(let axes): (isOverlay, self.axes) = (true, axes.rawValue)
        }
        primaryHorizontal = AxisCoefficients(primary, axis: .horizontal)
        primaryVertical = AxisCoefficients(primary, axis: .vertical)
        secondaryHorizontal = AxisCoefficients(secondary, axis: .horizontal)
        secondaryVertical = AxisCoefficients(secondary, axis: .vertical)
        let primaryByPriority = primary.layoutPriority >= secondary.layoutPriority
        primaryWinsCollapse = primaryByPriority
        func firstBit(_ primary: AxisCoefficients, _ secondary: AxisCoefficients) -> Bool {
            primary.isExplicit != secondary.isExplicit ? primary.isExplicit : primaryByPriority
        }
        primaryFirst =
            (firstBit(primaryHorizontal, secondaryHorizontal) ? 1 : 0)
            | (firstBit(primaryVertical, secondaryVertical) ? 2 : 0)
        func leads(_ primary: Bool?, _ secondary: Bool?) -> Bool {
            switch (primary, secondary) {
            case (nil, nil): false
            case (let primary?, nil): primary
            case (nil, let secondary?): !secondary
            case (let primary?, _): primary
            }
        }
        let horizontalLeads = leads(
            primary.overlayEdge.horizontal.map { $0 == .leading }, secondary.overlayEdge.horizontal.map { $0 == .leading })
        let verticalLeads = leads(
            primary.overlayEdge.vertical.map { $0 == .top }, secondary.overlayEdge.vertical.map { $0 == .top })
        primaryLeadsOverlay = (horizontalLeads ? 1 : 0) | (verticalLeads ? 2 : 0)
    }
}

/// A tree compiled for the fast resolver: arrangements in pre-order (a parent
/// before its children), panes numbered in the contract's depth-first order.
public struct CompiledTree: Sendable {
    @usableFromInline let arrangements: [CompiledArrangement]
    /// The number of panes a resolution of this tree holds.
    public let paneCount: Int

    /// Compiles `tree` without recursion. O(arrangements).
    public init(_ tree: ArrangementTree) {
        var arrangements = [CompiledArrangement(tree.root, parentPane: -1)]
        arrangements.reserveCapacity(tree.arrangementCount)
        // Panes are numbered as they are popped: primary, its subtree, secondary, its subtree.
        var stack: [(pane: Pane, arrangement: Int, isPrimary: Bool)] = [
            (tree.root.secondary, 0, false), (tree.root.primary, 0, true),
        ]
        var nextPane: Int32 = 0
        while let (pane, owner, isPrimary) = stack.popLast() {
            let index = nextPane
            nextPane += 1
            if isPrimary { arrangements[owner].primaryPane = index } else { arrangements[owner].secondaryPane = index }
            if let nested = pane.arrangement {
                let nestedIndex = arrangements.count
                arrangements.append(CompiledArrangement(nested, parentPane: index))
                stack.append((nested.secondary, nestedIndex, false))
                stack.append((nested.primary, nestedIndex, true))
            }
        }
        self.arrangements = arrangements
        self.paneCount = Int(nextPane)
    }
}
