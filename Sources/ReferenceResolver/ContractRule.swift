import ArrangementModel

/// The rule of the contract that decided a pane's layout: what a conformance check
/// names when an implementation differs from the reference there, so that a port
/// learns which section it reads differently.
public enum ContractRule: String, CaseIterable, Sendable, Comparable {
    /// §2.2.1: the axis of a split (a divider's, or the longer side's).
    case splitAxis = "split-axis"
    /// §2.2.2: the axis is not allowed; the primary alone fills the bounds.
    case axisNotAllowed = "axis-not-allowed"
    /// §2.2.3: a divider on an allowed axis; each view takes its region.
    case fold = "fold"
    /// §2.2.5: too little room for both minimums; the more important view alone.
    case priority = "priority"
    /// §2.2.6–7: both shown, each at its ideal (or the halves and the rest); no bound binds.
    case share = "share"
    /// §2.2.7: a minimum (a ratio's or length's `min`, `minWidth`/`minHeight`) binds.
    case minimum = "minimum"
    /// §2.2.7: a maximum (a ratio's or length's `max`) binds.
    case maximum = "maximum"
    /// §2.2.8: which side the primary takes (the layout direction), or the top.
    case order = "order"
    /// §2.3.1: a separated overlay; the overlay edges decide who takes which region.
    case overlayEdges = "overlay-edges"
    /// §2.3.2: a layered overlay; both fill the bounds, the primary in front.
    case layered = "layered"
    /// §3: the size class a pane reports (compact along the axis the panes sit on).
    case sizeClass = "size-class"
    /// §3: every pane below a hidden view is hidden.
    case hiddenBelow = "hidden-below"

    /// The contract's section, as `docs/contract.md` numbers it.
    public var section: String {
        switch self {
        case .splitAxis: "§2.2.1"
        case .axisNotAllowed: "§2.2.2"
        case .fold: "§2.2.3"
        case .priority: "§2.2.5"
        case .share: "§2.2.6-7"
        case .minimum, .maximum: "§2.2.7"
        case .order: "§2.2.8"
        case .overlayEdges: "§2.3.1"
        case .layered: "§2.3.2"
        case .sizeClass, .hiddenBelow: "§3"
        }
    }

    /// What the rule says, in a few words.
    public var summary: String {
        switch self {
        case .splitAxis: "a split's axis: the divider's, or the longer side"
        case .axisNotAllowed: "an axis the style does not allow: the primary alone"
        case .fold: "a divider: each view takes its region"
        case .priority: "too little room: the more important view alone"
        case .share: "both shown at their ideals, halves or the rest"
        case .minimum: "a minimum binds"
        case .maximum: "a maximum binds"
        case .order: "the primary leads (by direction) or sits on top"
        case .overlayEdges: "separated overlay: the edges pick the regions"
        case .layered: "layered overlay: both fill the bounds, primary in front"
        case .sizeClass: "compact along the axis the panes sit on"
        case .hiddenBelow: "everything below a hidden view is hidden"
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The rule that decided each pane of `resolution` (the reference's, for `tree` in
    /// `context`), in the resolution's depth-first order: for the two panes of a shown
    /// arrangement the branch of §2 it took, for every pane below a hidden one §3.
    public static func deciding(_ tree: ArrangementTree, in context: LayoutContext, resolution: Resolution) -> [Self] {
        var rules: [Self] = []
        rules.reserveCapacity(resolution.panes.count)
        func visit(_ arrangement: Arrangement, _ context: LayoutContext) {
            let rule = deciding(arrangement, in: context)
            for pane in [arrangement.primary, arrangement.secondary] {
                let index = rules.count
                rules.append(rule)
                guard let nested = pane.arrangement else { continue }
                let layout = index < resolution.panes.count ? resolution.panes[index] : .hidden
                if layout.visible {
                    var nestedContext = context
                    nestedContext.bounds = layout.frame
                    nestedContext.sizeClass = layout.sizeClass
                    visit(nested, nestedContext)
                } else {
                    hide(nested)
                }
            }
        }
        func hide(_ arrangement: Arrangement) {
            for pane in [arrangement.primary, arrangement.secondary] {
                rules.append(.hiddenBelow)
                if let nested = pane.arrangement { hide(nested) }
            }
        }
        visit(tree.root, context)
        return rules
    }

    /// The branch of §2 that places `arrangement` in `context`: the same decisions as
    /// ``ReferenceResolver``'s, in its order (`ContractRuleTests` holds the two together).
    static func deciding(_ arrangement: Arrangement, in context: LayoutContext) -> Self {
        let bounds = context.bounds
        let divider = DividingRegion.find(in: bounds, among: context.reservedRegions)
        switch arrangement.style {
        case .overlay(let axes):
            guard let divider, axes.contains(divider.splitAxis) else { return .layered }
            return .overlayEdges
        case .split(let axes):
            let tolerance = ArrangementTolerance.of(bounds)
            let axis = divider?.splitAxis ?? (bounds.height <= bounds.width + tolerance ? .horizontal : .vertical)
            guard axes.contains(axis) else { return .axisNotAllowed }
            if divider != nil { return .fold }
            let length = bounds.length(along: axis)
            let primary = AxisRange(arrangement.primary, axis: axis, length: length)
            let secondary = AxisRange(arrangement.secondary, axis: axis, length: length)
            if primary.lo + secondary.lo > length + tolerance { return .priority }
            let primaryFirst =
                primary.isExplicit != secondary.isExplicit
                ? primary.isExplicit : arrangement.primary.layoutPriority >= arrangement.secondary.layoutPriority
            let panes =
                primaryFirst
                ? (arrangement.primary, arrangement.secondary) : (arrangement.secondary, arrangement.primary)
            let ranges = primaryFirst ? (primary, secondary) : (secondary, primary)
            // §2.2.7 by its outcome: a bound decided the lengths when the same views
            // without it (their ideals kept) would get others. A clamp whose excess goes
            // back to the first view as the leftover decided nothing.
            func same(_ a: [Double], _ b: [Double]) -> Bool {
                zip(a, b).allSatisfy { ResolutionComparison.valuesAgree($0, $1) }
            }
            let solved = solve(
                (ranges.0.lo, ranges.0.hi, ranges.0.ideal), (ranges.1.lo, ranges.1.hi, ranges.1.ideal), length)
            let loose = (loosened(panes.0, axis: axis, length: length), loosened(panes.1, axis: axis, length: length))
            if same(solved, solve((0, .infinity, loose.0.ideal), (0, .infinity, loose.1.ideal), length)) {
                return .share
            }
            return same(solved, solve(loose.0, loose.1, length)) ? .maximum : .minimum
        }
    }

    /// §2.2.4's range of a view with no minimum: neither `minWidth`/`minHeight` nor a
    /// preference's `min` (a fixed view is its content's ideal length).
    static func loosened(_ pane: Pane, axis: Axis, length: Double) -> (lo: Double, hi: Double, ideal: Double?) {
        switch pane.split[axis] {
        case .ratio(let range): (0, range.max.map { $0 * length } ?? .infinity, range.ideal.map { $0 * length })
        case .length(let range): (0, range.max ?? .infinity, range.ideal)
        case .fixed: (pane.idealLength(along: axis), pane.idealLength(along: axis), pane.idealLength(along: axis))
        case nil: (0, .infinity, nil)
        }
    }

    /// §2.2.7's lengths of the first and second view (the reference's arithmetic).
    static func solve(
        _ first: (lo: Double, hi: Double, ideal: Double?), _ second: (lo: Double, hi: Double, ideal: Double?),
        _ length: Double
    ) -> [Double] {
        var firstLength = min(max(first.ideal ?? length / 2, first.lo), min(first.hi, length - second.lo))
        let remaining = length - firstLength
        let secondLength = min(max(second.ideal ?? remaining, second.lo), min(second.hi, remaining))
        firstLength += length - firstLength - secondLength
        return [firstLength, secondLength]
    }

    /// The rule to name for a pane that differs in `field` (a ``PaneField``) where the
    /// arrangement's branch was `rule`: a size class, a split axis, a z-index or a frame
    /// moved but not resized each have a rule of their own.
    public static func naming(
        _ rule: Self, field: PaneField, expected: PaneLayout, got: PaneLayout
    ) -> Self {
        guard rule != .hiddenBelow else { return rule }
        switch field {
        case .sizeClass: return .sizeClass
        case .splitAxis: return expected.splitAxis != nil && got.splitAxis != nil ? .splitAxis : rule
        case .zIndex: return .layered
        case .frame:
            let moved =
                expected.frame.width == got.frame.width && expected.frame.height == got.frame.height
                && expected.splitAxis != nil
            return moved && (rule == .share || rule == .minimum || rule == .maximum) ? .order : rule
        case .visible, .count: return rule
        }
    }
}

/// The field of a pane where two answers first differ, in the order they are compared.
public enum PaneField: String, Sendable {
    case count = "pane count"
    case visible
    case frame
    case sizeClass
    case splitAxis
    case zIndex

    /// The first field where `got` differs from `expected`, or `nil` when they agree
    /// (``ResolutionComparison/panesAgree(_:_:)``'s rules).
    public static func firstDifference(_ got: PaneLayout, _ expected: PaneLayout) -> Self? {
        if got.visible != expected.visible { return .visible }
        guard got.visible else { return nil }
        if !ResolutionComparison.framesAgree(got.frame, expected.frame) { return .frame }
        if got.sizeClass != expected.sizeClass { return .sizeClass }
        if got.splitAxis != expected.splitAxis { return .splitAxis }
        if got.zIndex != expected.zIndex { return .zIndex }
        return nil
    }
}
