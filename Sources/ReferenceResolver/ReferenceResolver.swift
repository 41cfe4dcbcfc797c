import ArrangementModel

/// The executable contract: `docs/contract.md` §2–§3 as plain, recursive
/// code, in the contract's order, with its section numbers. Clarity over speed:
/// it allocates freely and re-derives everything on every relayout. Every other
/// variant is checked against it.
public struct ReferenceResolver: ResolverVariant {
    public init() {}

    public var name: String { referenceVariantName }

    /// The reference keeps the tree as it is.
    public func prepare(_ tree: ArrangementTree) -> ArrangementTree { tree }

    public func relayout(_ tree: ArrangementTree, in context: LayoutContext, into resolution: inout Resolution) {
        var panes: [PaneLayout] = []
        panes.reserveCapacity(tree.paneCount)
        Self.resolve(tree.root, in: context, appendingTo: &panes)
        resolution.panes = panes
    }

    /// Resolves one arrangement and, recursively, the arrangements in its panes (§3),
    /// appending each pane in depth-first order.
    static func resolve(_ arrangement: Arrangement, in context: LayoutContext, appendingTo panes: inout [PaneLayout]) {
        let (primary, secondary) = place(arrangement, in: context)
        report(arrangement.primary, primary, context: context, appendingTo: &panes)
        report(arrangement.secondary, secondary, context: context, appendingTo: &panes)
    }

    /// Appends a pane's layout, then the panes of its nested arrangement: resolved in
    /// the pane's frame and size class when it is visible, hidden with it otherwise.
    static func report(
        _ pane: Pane, _ layout: PaneLayout, context: LayoutContext, appendingTo panes: inout [PaneLayout]
    ) {
        panes.append(layout)
        guard let nested = pane.arrangement else { return }
        if layout.visible {
            var nestedContext = context
            nestedContext.bounds = layout.frame
            nestedContext.sizeClass = layout.sizeClass
            resolve(nested, in: nestedContext, appendingTo: &panes)
        } else {
            appendHidden(nested, to: &panes)
        }
    }

    /// §3: every pane below a hidden view is hidden.
    static func appendHidden(_ arrangement: Arrangement, to panes: inout [PaneLayout]) {
        for pane in [arrangement.primary, arrangement.secondary] {
            panes.append(.hidden)
            if let nested = pane.arrangement { appendHidden(nested, to: &panes) }
        }
    }

    /// The layouts of one arrangement's primary and secondary panes.
    static func place(_ arrangement: Arrangement, in context: LayoutContext) -> (PaneLayout, PaneLayout) {
        let divider = DividingRegion.find(in: context.bounds, among: context.reservedRegions)
        switch arrangement.style {
        case .split(let axes):
            return split(arrangement, axes: axes, divider: divider, context: context)
        case .overlay(let axes):
            return overlay(arrangement, axes: axes, divider: divider, context: context)
        }
    }

    // MARK: §2.2 Split style

    static func split(_ arrangement: Arrangement, axes: AxisSet, divider: DividingRegion?, context: LayoutContext)
        -> (PaneLayout, PaneLayout)
    {
        let bounds = context.bounds
        let tolerance = ArrangementTolerance.of(bounds)
        // §2.2.1: the divider decides the axis; without one, the longer side does (a
        // height longer by no more than the tolerance is no longer: "Numbers").
        let axis = divider?.splitAxis ?? (bounds.height <= bounds.width + tolerance ? .horizontal : .vertical)
        // §2.2.2: an axis the style does not permit shows the primary alone.
        guard axes.contains(axis) else {
            return (alone(bounds, context), .hidden)
        }
        // §2.2.3: the fold wins over every preference.
        if let divider {
            let (leadingOrTop, trailingOrBottom) = divider.regions(of: bounds, direction: context.layoutDirection)
            return (
                sideBySide(leadingOrTop, axis: axis, context: context),
                sideBySide(trailingOrBottom, axis: axis, context: context)
            )
        }
        // §2.2.4: lo, hi and ideal of each view along the axis.
        let length = bounds.length(along: axis)
        let primary = AxisRange(arrangement.primary, axis: axis, length: length)
        let secondary = AxisRange(arrangement.secondary, axis: axis, length: length)
        // §2.2.5: not enough space: the more important view alone (the primary on a tie).
        // Minimums that overrun the length by no more than the tolerance fit.
        if primary.lo + secondary.lo > length + tolerance {
            let primaryWins = arrangement.primary.layoutPriority >= arrangement.secondary.layoutPriority
            return primaryWins ? (alone(bounds, context), .hidden) : (.hidden, alone(bounds, context))
        }
        // §2.2.6: which view is sized first.
        let primaryFirst: Bool
        if primary.isExplicit != secondary.isExplicit {
            primaryFirst = primary.isExplicit
        } else {
            primaryFirst = arrangement.primary.layoutPriority >= arrangement.secondary.layoutPriority
        }
        let (first, second) = primaryFirst ? (primary, secondary) : (secondary, primary)
        // §2.2.7: solve; the leftover goes to the first view so the panes tile B.
        var firstLength = clamp(first.ideal ?? length / 2, first.lo, min(first.hi, length - second.lo))
        let remaining = length - firstLength
        let secondLength = clamp(second.ideal ?? remaining, second.lo, min(second.hi, remaining))
        firstLength += length - firstLength - secondLength
        // "Numbers": a length within the tolerance of zero is zero, the other view's the whole.
        let (firstShown, secondShown) =
            secondLength <= tolerance
            ? (length, 0.0) : firstLength <= tolerance ? (0.0, length) : (firstLength, secondLength)
        let primaryLength = primaryFirst ? firstShown : secondShown
        let secondaryLength = primaryFirst ? secondShown : firstShown
        // §2.2.8: the primary leads (left in LTR, right in RTL) or sits on top.
        let (primaryFrame, secondaryFrame) = tile(
            bounds, axis: axis, primaryLength: primaryLength, secondaryLength: secondaryLength,
            direction: context.layoutDirection)
        return (
            sideBySide(primaryFrame, axis: axis, context: context),
            sideBySide(secondaryFrame, axis: axis, context: context)
        )
    }

    /// Cuts `bounds` along `axis` into the primary's and the secondary's frames
    /// ("Numbers"): the pane at the low edge (the left or the top) keeps its length, at
    /// most the bounds'; the cut is that edge plus that length; the other pane runs from
    /// the cut to the far edge (``Rect/span(_:_:)``). Both keep the bounds' position and
    /// length across the axis.
    static func tile(
        _ bounds: Rect, axis: Axis, primaryLength: Double, secondaryLength: Double, direction: LayoutDirection
    ) -> (Rect, Rect) {
        switch axis {
        case .horizontal:
            let primaryLeft = direction == .leftToRight
            let leftLength = min(primaryLeft ? primaryLength : secondaryLength, bounds.width)
            let cut = bounds.minX + leftLength
            let left = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: leftLength, height: bounds.height)
            let right = Rect(
                uncheckedX: cut, y: bounds.minY, width: Rect.span(cut, bounds.maxX), height: bounds.height)
            return primaryLeft ? (left, right) : (right, left)
        case .vertical:
            let topLength = min(primaryLength, bounds.height)
            let cut = bounds.minY + topLength
            return (
                Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: topLength),
                Rect(uncheckedX: bounds.minX, y: cut, width: bounds.width, height: Rect.span(cut, bounds.maxY))
            )
        }
    }

    // MARK: §2.3 Overlay style

    static func overlay(_ arrangement: Arrangement, axes: AxisSet, divider: DividingRegion?, context: LayoutContext)
        -> (PaneLayout, PaneLayout)
    {
        let bounds = context.bounds
        // §2.3.2: layered unless a divider separates along a permitted axis.
        guard let divider, axes.contains(divider.splitAxis) else {
            return (
                PaneLayout(visible: true, frame: bounds, sizeClass: context.sizeClass, splitAxis: nil, zIndex: 1),
                PaneLayout(visible: true, frame: bounds, sizeClass: context.sizeClass, splitAxis: nil, zIndex: 0)
            )
        }
        // §2.3.1: separated; the edges decide who takes the leading (or top) region.
        let axis = divider.splitAxis
        let primaryLeads: Bool
        switch axis {
        case .horizontal:
            primaryLeads = primaryTakesFirstRegion(
                primary: arrangement.primary.overlayEdge.horizontal.map { $0 == .leading },
                secondary: arrangement.secondary.overlayEdge.horizontal.map { $0 == .leading })
        case .vertical:
            primaryLeads = primaryTakesFirstRegion(
                primary: arrangement.primary.overlayEdge.vertical.map { $0 == .top },
                secondary: arrangement.secondary.overlayEdge.vertical.map { $0 == .top })
        }
        let (first, second) = divider.regions(of: bounds, direction: context.layoutDirection)
        let sizeClass = context.sizeClass.compact(along: axis)
        let primaryFrame = primaryLeads ? first : second
        let secondaryFrame = primaryLeads ? second : first
        return (
            PaneLayout(visible: true, frame: primaryFrame, sizeClass: sizeClass, splitAxis: nil, zIndex: 0),
            PaneLayout(visible: true, frame: secondaryFrame, sizeClass: sizeClass, splitAxis: nil, zIndex: 0)
        )
    }

    /// §2.3.1's edge rules; each argument says whether the view names the leading
    /// (or top) edge, `nil` when it names none.
    static func primaryTakesFirstRegion(primary: Bool?, secondary: Bool?) -> Bool {
        switch (primary, secondary) {
        case (nil, nil): false  // by default the secondary leads
        case (let primary?, nil): primary  // only one names an edge: it gets it
        case (nil, let secondary?): !secondary
        case (let primary?, _): primary  // both: different edges, or the same edge and the primary wins
        }
    }

    // MARK: Helpers

    /// A view shown alone with the whole bounds (§2.2.2, §2.2.5).
    static func alone(_ bounds: Rect, _ context: LayoutContext) -> PaneLayout {
        PaneLayout(visible: true, frame: bounds, sizeClass: context.sizeClass, splitAxis: nil, zIndex: 0)
    }

    /// A view of a split showing both panes along `axis` (§3).
    static func sideBySide(_ frame: Rect, axis: Axis, context: LayoutContext) -> PaneLayout {
        PaneLayout(
            visible: true, frame: frame, sizeClass: context.sizeClass.compact(along: axis), splitAxis: axis, zIndex: 0)
    }

    static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        min(max(value, lower), upper)
    }
}

/// §2.2.4: one view's bounds and ideal along the split axis, in points.
struct AxisRange {
    let lo: Double
    let hi: Double
    let ideal: Double?

    /// A view with an ideal is explicit; one without is flexible.
    var isExplicit: Bool { ideal != nil }

    init(_ pane: Pane, axis: Axis, length: Double) {
        let minimum = pane.minimumLength(along: axis)
        var lo: Double
        var hi: Double
        switch pane.split[axis] {
        case .ratio(let range):
            lo = max(minimum, (range.min ?? 0) * length)
            hi = range.max.map { $0 * length } ?? .infinity
            ideal = range.ideal.map { $0 * length }
        case .length(let range):
            lo = max(minimum, range.min ?? 0)
            hi = range.max ?? .infinity
            ideal = range.ideal
        case .fixed:
            lo = max(minimum, pane.idealLength(along: axis))
            hi = lo
            ideal = lo
        case nil:
            lo = minimum
            hi = .infinity
            ideal = nil
        }
        self.lo = lo
        self.hi = max(hi, lo)
    }
}
