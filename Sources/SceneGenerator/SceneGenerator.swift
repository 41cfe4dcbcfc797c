import ArrangementModel
import ReferenceResolver

/// The one generator of random scenes: the `random-nN` trees of the harness, the
/// differential and stateful tests, and the differential fuzz target all draw from it,
/// each with its own ``ChoiceSource``. Everything it builds is valid by construction.
public struct SceneGenerator<Source: ChoiceSource> {
    public var source: Source
    private var nextID = 0

    public init(_ source: Source) { self.source = source }

    // MARK: Trees

    /// A tree of `count` arrangements (fewer if `maximumDepth` cannot hold them) with
    /// every style, axis restriction, preference kind, priority and overlay edge, at
    /// most `maximumDepth` deep.
    public mutating func tree(arrangements count: Int, maximumDepth: Int = ArrangementTree.maximumDepth)
        throws(ModelError) -> ArrangementTree
    {
        guard count >= 1 else { throw ModelError("random trees need at least 1 arrangement, not \(count)") }
        let capacity = (1 << min(maximumDepth, 62)) - 1
        return try ArrangementTree(
            root: try arrangement(count: min(count, capacity), depth: 1, maximumDepth: maximumDepth))
    }

    /// A tree of `count` automatic splits whose bounds never bind: no minimums, and
    /// only primaries with a ratio ideal (any share from 0 to 1, on either axis or
    /// both). Left to right, every arrangement takes the fast resolver's common kernel
    /// along both axes, so its loop for proportional trees runs; right to left, the
    /// general loop does.
    public mutating func proportionalTree(arrangements count: Int) throws(ModelError) -> ArrangementTree {
        // Pick where each arrangement nests: a pane of an earlier one that holds a view.
        var children = [[Int?]](repeating: [nil, nil], count: max(count, 1))
        var free = [(0, 0), (0, 1)]
        for index in 1..<max(count, 1) {
            let (parent, side) = free.remove(at: source.int(in: 0...(free.count - 1)))
            children[parent][side] = index
            free += [(index, 0), (index, 1)]
        }
        func share() throws(ModelError) -> SizePreference? {
            switch source.int(in: 0...3) {
            case 0: nil
            case 1: try .ratio(ideal: Double(source.int(in: 0...10)) / 10)
            default: try .ratio(ideal: source.double(in: 0...1))
            }
        }
        func build(_ index: Int) throws(ModelError) -> Arrangement {
            let (horizontal, vertical) = (try share(), try share())
            func content(_ side: Int) throws(ModelError) -> PaneContent {
                guard let child = children[index][side] else { return .view }
                return .arrangement(try build(child))
            }
            return Arrangement(
                primary: try Pane(
                    id: "p\(index)", split: SplitPreferences(horizontal: horizontal, vertical: vertical),
                    content: try content(0)),
                secondary: try Pane(id: "s\(index)", content: try content(1)))
        }
        return try ArrangementTree(root: try build(0))
    }

    /// A value on a coarse grid most of the time (to hit ties), arbitrary otherwise.
    mutating func number(upTo limit: Double, step: Double) -> Double {
        if source.chance(0.8) { return Double(source.int(in: 0...Int(limit / step))) * step }
        return source.double(in: 0...limit)
    }

    mutating func arrangement(count: Int, depth: Int, maximumDepth: Int) throws(ModelError) -> Arrangement {
        let remaining = count - 1
        let perSide = (1 << min(maximumDepth - depth, 62)) - 1
        let primaryLow = max(0, remaining - perSide)
        let primaryHigh = min(remaining, perSide)
        let primaryCount = primaryLow <= primaryHigh ? source.int(in: primaryLow...primaryHigh) : 0
        let style = style()
        let primary = try pane(nested: primaryCount, depth: depth, maximumDepth: maximumDepth)
        let secondary = try pane(nested: remaining - primaryCount, depth: depth, maximumDepth: maximumDepth)
        return Arrangement(style: style, primary: primary, secondary: secondary)
    }

    mutating func style() -> ArrangementStyle {
        let axes = source.pick([AxisSet.both, .both, .horizontal, .vertical])
        switch source.int(in: 0...2) {
        case 0: return .automatic
        case 1: return .split(axes)
        default: return .overlay(axes)
        }
    }

    mutating func pane(nested: Int, depth: Int, maximumDepth: Int) throws(ModelError) -> Pane {
        nextID += 1
        let id = "v\(nextID)"
        let minWidth = source.chance(0.6) ? 0 : number(upTo: 400, step: 25)
        let minHeight = source.chance(0.6) ? 0 : number(upTo: 400, step: 25)
        let idealWidth = source.chance(0.5) ? nil : minWidth + number(upTo: 300, step: 25)
        let idealHeight = source.chance(0.5) ? nil : minHeight + number(upTo: 300, step: 25)
        var split = SplitPreferences()
        if source.chance(0.15) {
            let ratio = try SizePreference.ratio(ideal: number(upTo: 1, step: 0.05))
            split = SplitPreferences(horizontal: ratio, vertical: ratio)
        } else {
            split.horizontal = try preference()
            split.vertical = try preference()
        }
        let edges = OverlayEdges(
            horizontal: source.pick([nil, HorizontalEdge.leading, .trailing]),
            vertical: source.pick([nil, VerticalEdge.top, .bottom]))
        let content: PaneContent =
            nested > 0
            ? .arrangement(try arrangement(count: nested, depth: depth + 1, maximumDepth: maximumDepth)) : .view
        return try Pane(
            id: id, layoutPriority: source.pick([0, 0, 0, 1, 2, -1, 0.5]), minWidth: minWidth, minHeight: minHeight,
            idealWidth: idealWidth, idealHeight: idealHeight, split: split, overlayEdge: edges, content: content)
    }

    /// None, a ratio, a length or fixed, with a random subset of ordered min/ideal/max.
    mutating func preference() throws(ModelError) -> SizePreference? {
        switch source.int(in: 0...3) {
        case 0: return nil
        case 3: return .fixed
        case let kind:
            let isRatio = kind == 1
            var values = (0..<3).map { _ in isRatio ? number(upTo: 1, step: 0.05) : number(upTo: 600, step: 25) }
            values.sort()
            var present = (0..<3).map { _ in source.chance(0.5) }
            if !present.contains(true) { present[source.int(in: 0...2)] = true }
            let (min, ideal, max) = (
                present[0] ? values[0] : nil, present[1] ? values[1] : nil, present[2] ? values[2] : nil
            )
            return isRatio
                ? try .ratio(min: min, ideal: ideal, max: max) : try .length(min: min, ideal: ideal, max: max)
        }
    }

    // MARK: Contexts

    /// A context for `tree`: bounds of every shape (zero sizes included), both
    /// directions, and 0–3 reserved regions drawn to hit the dividing rules' cases —
    /// dividers of the bounds, hinge bands, regions that divide only a nested pane,
    /// regions that touch, partly cover or miss.
    public mutating func context(for tree: ArrangementTree) -> LayoutContext {
        func grid(_ limit: Double) -> Double {
            source.chance(0.8) ? Double(source.int(in: 0...Int(limit / 10))) * 10 : source.double(in: 0...limit)
        }
        let width = source.int(in: 0...9) == 0 ? 0 : grid(1400)
        let height = source.int(in: 0...9) == 0 ? 0 : grid(1400)
        let bounds = Rect(uncheckedX: grid(100) - 50, y: grid(100) - 50, width: width, height: height)
        let sizeClass = SizeClass(
            horizontal: source.bool() ? .compact : .regular, vertical: source.bool() ? .compact : .regular)
        var context = LayoutContext(
            bounds: bounds, sizeClass: sizeClass, layoutDirection: source.bool() ? .leftToRight : .rightToLeft)
        // Frames of nested panes, so that some regions divide only them.
        let frames = ReferenceResolver().resolve(tree, in: context).panes.filter(\.visible).map(\.frame)
        for _ in 0..<source.int(in: 0...3) {
            context.reservedRegions.append(region(through: bounds, orOneOf: frames))
        }
        return context
    }

    /// A region through `bounds` or, as often, through one of `frames` (the visible panes,
    /// so that some regions divide only a nested pane).
    mutating func region(through bounds: Rect, orOneOf frames: [Rect]) -> Rect {
        region(through: source.bool() || frames.isEmpty ? bounds : source.pick(frames))
    }

    /// A region related to `target`: a seamless fold or a hinge band across it, or
    /// one that touches its edge, covers part of it or lies beside it.
    mutating func region(through target: Rect) -> Rect {
        let vertical = source.bool()
        let thickness = source.pick([0, 0, 20, 26, source.double(in: 0...40)])
        let fraction = source.pick([0.5, 0.5, 0.25, 0, 1, source.double(in: -0.2...1.2)])
        let overhang: Double = source.pick([0, 0, 10, -10])
        if vertical {
            let x = target.minX + fraction * target.width - thickness / 2
            return Rect(
                uncheckedX: x, y: target.minY - overhang, width: thickness, height: max(0, target.height + 2 * overhang)
            )
        }
        let y = target.minY + fraction * target.height - thickness / 2
        return Rect(
            uncheckedX: target.minX - overhang, y: y, width: max(0, target.width + 2 * overhang), height: thickness)
    }

    // MARK: Walks

    /// `steps` contexts for `tree`, each a move from the one before, as a device's
    /// frames are: a resize (one side or both), a rotation, a size class flipped with
    /// the bounds kept, the layout direction flipped, a reserved region appearing,
    /// moving a little or vanishing, a repeat of the frame before, a return to an earlier
    /// context (rotate and rotate back), or a jump to a new context. For the checks of
    /// variants that remember between frames, whose caches go stale on exactly these.
    public mutating func walk(for tree: ArrangementTree, steps: Int) -> [LayoutContext] {
        guard steps > 0 else { return [] }
        var contexts = [context(for: tree)]
        contexts.reserveCapacity(steps)
        while contexts.count < steps {
            var next = contexts[contexts.count - 1]
            let bounds = next.bounds
            switch source.int(in: 0...11) {
            case 0, 1:  // a resize: a drag of one edge, or both sides scaled
                let factor = source.pick([0.5, 0.8, 0.9, 1.1, 1.25, 2, source.double(in: 0.3...1.7)])
                let width = source.bool() ? bounds.width : (bounds.width * factor).rounded()
                let height = source.bool() ? bounds.height : (bounds.height * factor).rounded()
                next.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: width, height: height)
            case 2:  // a rotation: the sides swap, the size classes too
                next.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.height, height: bounds.width)
                next.sizeClass = SizeClass(horizontal: next.sizeClass.vertical, vertical: next.sizeClass.horizontal)
            case 3:  // a size class flipped, the bounds kept
                if source.bool() {
                    next.sizeClass.horizontal = next.sizeClass.horizontal == .compact ? .regular : .compact
                } else {
                    next.sizeClass.vertical = next.sizeClass.vertical == .compact ? .regular : .compact
                }
            case 4:  // the layout direction flipped
                next.layoutDirection = next.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
            case 5:  // a region appears, through the bounds or one of the panes
                if next.reservedRegions.count < 4 {
                    let frames = ReferenceResolver().resolve(tree, in: next).panes.filter(\.visible).map(\.frame)
                    next.reservedRegions.insert(
                        region(through: bounds, orOneOf: frames), at: source.int(in: 0...next.reservedRegions.count))
                }
            case 6:  // a region moves a little, or grows, and stays where it was otherwise
                if !next.reservedRegions.isEmpty {
                    let index = source.int(in: 0...(next.reservedRegions.count - 1))
                    let old = next.reservedRegions[index]
                    let shift: Double = source.pick([-10, -1, 1, 5, 10, source.double(in: -30...30)])
                    let grow: Double = source.pick([0, 0, 2, -2])
                    let vertical = old.height >= old.width
                    next.reservedRegions[index] = Rect(
                        uncheckedX: vertical ? old.minX + shift : old.minX, y: vertical ? old.minY : old.minY + shift,
                        width: vertical ? max(0, old.width + grow) : old.width,
                        height: vertical ? old.height : max(0, old.height + grow))
                }
            case 7:  // a region vanishes
                if !next.reservedRegions.isEmpty {
                    next.reservedRegions.remove(at: source.int(in: 0...(next.reservedRegions.count - 1)))
                }
            case 8:  // the frame again
                break
            case 9, 10:  // back to an earlier context: rotate and rotate back, resize and back
                let back = source.pick([1, 1, 2, 3, source.int(in: 1...8)])
                next = contexts[max(0, contexts.count - 1 - back)]
            default:  // somewhere new
                next = context(for: tree)
            }
            contexts.append(next)
        }
        return contexts
    }

    // MARK: Scenes

    /// A scene for the differential checks: one tree in four proportional (so the fast
    /// resolver's loop for such trees runs), the others with every feature, of
    /// `arrangements` arrangements at most `maximumDepth` deep, in a random context.
    public mutating func scene(arrangements: ClosedRange<Int>, maximumDepth: Int) throws(ModelError) -> (
        tree: ArrangementTree, context: LayoutContext
    ) {
        let count = source.int(in: arrangements)
        let tree =
            source.int(in: 0...3) == 3
            ? try proportionalTree(arrangements: count) : try self.tree(arrangements: count, maximumDepth: maximumDepth)
        return (tree, context(for: tree))
    }
}

extension SceneGenerator where Source == SeededSource {
    /// A generator drawing from SplitMix64 seeded with `seed`.
    public init(seed: UInt64) { self.init(SeededSource(seed: seed)) }
}
