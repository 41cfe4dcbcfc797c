import ArrangementModel
import ReferenceResolver
import Support

/// What one step of an ``AdversarialHistory`` changes from the step before it.
public enum HistoryChange: String, Sendable, CaseIterable, Comparable {
    /// A context of the scenario's own timeline, reached from wherever the history was.
    case scenarioFrame = "scenario frame"
    /// The context of the step before, again.
    case repeated
    /// A reserved region that meets no arrangement (outside the window) appears or
    /// vanishes: the answer cannot change. Runs of these come before each probe, so that
    /// a variant that switches strategy on how much changed lately is probed in each mode.
    case quiet
    case directionFlipped = "direction flipped"
    case sizeClassFlipped = "size class flipped"
    /// The bounds' sides swapped, and the size classes with them; back is a rotation too.
    case rotated
    /// The bounds moved, their size kept (with or without the regions).
    case translated
    /// The bounds resized with the far edge (right, bottom) where it was.
    case resizedFarEdgeAnchored = "resized, far edge anchored"
    /// The bounds resized with the origin where it was.
    case resized
    case regionMoved = "region moved"
    case regionAppeared = "region appeared"
    case regionVanished = "region vanished"
    case regionsReordered = "regions reordered"
    /// A pane that holds a nested arrangement is hidden where it was shown.
    case paneHidden = "pane hidden"
    /// A pane that holds a nested arrangement is shown where it was hidden.
    case paneShown = "pane shown"
    /// To a context shown earlier in the history, on a walk before a return.
    case jumped = "jumped back"
    /// Back to a context of the scenario after many others.
    case returned

    public static func < (a: HistoryChange, b: HistoryChange) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A history of contexts built to break a cache that forgets an input: from a few of a
/// scenario's own contexts, every input a resolver reads is changed alone and changed
/// back — the layout direction and each size class flipped at unchanged bounds; the
/// bounds translated, resized from either edge and rotated; every reserved region moved a
/// little, onto and across an arrangement's edge and onto the bounds' edge, made to
/// vanish, and regions made to appear (seamless folds and hinge bands through the bounds
/// and through nested panes), moved and reordered; a pane that holds a nested arrangement
/// hidden and shown again; long runs of one context; returns after one and after many
/// others. Each probe comes after a quiet run (``HistoryChange/quiet``) of 64–96 steps,
/// and each of its later moves after one of 10–24 (64–96 after a large change), so that a
/// variant that changes strategy after large changes meets every move in each strategy.
///
/// The same tree, contexts and seed give the same history, so a refusal is reproduced
/// from the seed it prints. The contexts are kept once each (``contexts``), with the
/// reference's answer to each (``answers``); ``steps`` lists them in the order given.
public struct AdversarialHistory: Sendable {
    /// One step: the context given, what changed from the step before, and how.
    public struct Step: Sendable {
        /// An index into ``AdversarialHistory/contexts``.
        public var context: Int
        public var change: HistoryChange
        /// The change in words ("size class flipped (vertical)"), for a refusal's message.
        public var detail: String
    }

    public let seed: UInt64
    /// Each distinct context of the history once.
    public private(set) var contexts: [LayoutContext] = []
    /// The reference's answer to each of ``contexts``.
    public private(set) var answers: [Resolution] = []
    public private(set) var steps: [Step] = []

    /// How many steps of each kind of change the history has.
    public var coverage: [HistoryChange: Int] {
        steps.reduce(into: [:]) { $0[$1.change, default: 0] += 1 }
    }

    /// The context of step `index`.
    public func context(atStep index: Int) -> LayoutContext { contexts[steps[index].context] }

    /// The seed a scenario's history takes when none is given: a hash of its name, so
    /// that running the same scenario again builds the same history.
    public static func seed(for name: String) -> UInt64 { FNV1a.hash(name.utf8) }

    /// A history for `tree` from the contexts of its timeline. `stepBudget` bounds its
    /// length roughly (a whole probe is never cut): the harness gives large trees fewer
    /// base contexts, not weaker probes.
    public init(tree: ArrangementTree, timeline: [LayoutContext], seed: UInt64, stepBudget: Int = 16_000) {
        self.seed = seed
        var source = SeededSource(seed: seed)
        var builder = Builder(tree: tree)
        let bases = Self.bases(of: timeline, source: &source)
        guard let first = bases.first else { return }
        builder.append(first.context, .scenarioFrame, first.name)
        builder.repeatLast(source.int(in: 24...40))
        for base in bases {
            guard builder.steps.count < stepBudget else { break }
            builder.append(base.context, .scenarioFrame, base.name)
            builder.repeatLast(source.int(in: 2...6))
            var probes = builder.probes(around: base.context, source: &source)
            source.shuffle(&probes)
            for probe in probes {
                builder.quietRun(around: base.context, length: source.int(in: 64...96))
                for (index, move) in probe.enumerated() {
                    if index > 0 {
                        builder.quietRun(
                            around: builder.lastContext, length: source.int(in: move.quietBefore ? 64...96 : 10...24))
                    }
                    builder.append(move.context, move.change, move.detail)
                }
            }
        }
        // Returns after many others: every base visited again after a walk through the
        // contexts the history has shown.
        for base in bases {
            let walk = source.int(in: 5...20)
            for _ in 0..<walk {
                let index = source.int(in: 0...(builder.contexts.count - 1))
                builder.append(builder.contexts[index], .jumped, "context \(index) of this history")
            }
            builder.append(base.context, .returned, "\(base.name) after \(walk) others")
        }
        contexts = builder.contexts
        answers = builder.answers
        steps = builder.steps
        // A step whose context equals the one before is a repeat, whatever it was meant as.
        for index in steps.indices.dropFirst() where steps[index].context == steps[index - 1].context {
            steps[index].change = .repeated
        }
    }

    /// Up to five base contexts: the timeline's first, the same rotated, the one with
    /// the most reserved regions, and more drawn from the rest.
    static func bases(of timeline: [LayoutContext], source: inout SeededSource) -> [Base] {
        var picked: [Base] = []
        func add(_ frame: Int) {
            guard timeline.indices.contains(frame), !picked.contains(where: { $0.context == timeline[frame] }) else {
                return
            }
            picked.append(Base(context: timeline[frame], name: "frame \(frame) of the timeline"))
        }
        add(0)
        if let first = picked.first {
            // The first context rotated: what the timeline shows in one orientation is
            // probed in the other (a direction flip shows only where panes sit side by side).
            picked.append(Base(context: first.context.rotated, name: "\(first.name), rotated"))
        }
        if let most = timeline.indices.max(by: {
            timeline[$0].reservedRegions.count < timeline[$1].reservedRegions.count
        }) {
            add(most)
        }
        for _ in 0..<8 where picked.count < 5 && !timeline.isEmpty {
            add(source.int(in: 0...(timeline.count - 1)))
        }
        return picked
    }
}

extension ChoiceSource {
    /// `items` in an order drawn from this source (Fisher–Yates with ``int(in:)``, so
    /// that any source drives it, a fuzzer's bytes too, as every other choice here).
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, int(in: 0...index))
        }
    }
}

/// A context the probes start from and come back to.
struct Base {
    var context: LayoutContext
    var name: String
}

/// One step of a probe before it is placed in the history.
struct Move {
    var context: LayoutContext
    var change: HistoryChange
    var detail: String
    /// A long quiet run comes first (64–96 steps rather than 10–24), at the context
    /// before: a variant that changed strategy after a large change, and kept to it
    /// while large changes came, has settled back by the time this move comes.
    var quietBefore = false
}

/// Builds a history: the distinct contexts with the reference's answers, and the steps.
struct Builder {
    let tree: ArrangementTree
    /// Depth-first pane indices of the panes that hold a nested arrangement.
    let holders: [Int]
    var contexts: [LayoutContext] = []
    var answers: [Resolution] = []
    var index: [LayoutContext: Int] = [:]
    var steps: [AdversarialHistory.Step] = []

    init(tree: ArrangementTree) {
        self.tree = tree
        var holders: [Int] = []
        var position = 0
        var stack = [tree.root.secondary, tree.root.primary]
        while let pane = stack.popLast() {
            if let nested = pane.arrangement {
                holders.append(position)
                stack.append(nested.secondary)
                stack.append(nested.primary)
            }
            position += 1
        }
        self.holders = holders
    }

    /// The index of `context` among the distinct contexts, resolved by the reference the first time.
    mutating func intern(_ context: LayoutContext) -> Int {
        if let known = index[context] { return known }
        contexts.append(context)
        answers.append(ReferenceResolver().resolve(tree, in: context))
        index[context] = contexts.count - 1
        return contexts.count - 1
    }

    mutating func answer(_ context: LayoutContext) -> Resolution { answers[intern(context)] }

    mutating func append(_ context: LayoutContext, _ change: HistoryChange, _ detail: String) {
        steps.append(.init(context: intern(context), change: change, detail: detail))
    }

    var lastContext: LayoutContext { contexts[steps[steps.count - 1].context] }

    mutating func repeatLast(_ count: Int) {
        guard let last = steps.last else { return }
        for _ in 0..<count { steps.append(.init(context: last.context, change: .repeated, detail: "the same context")) }
    }

    /// `length` steps alternating between `base` with and without a region beside the
    /// window, which meets no arrangement: nothing an answer depends on changes.
    mutating func quietRun(around base: LayoutContext, length: Int) {
        let bounds = base.bounds
        let beside = Rect(uncheckedX: bounds.maxX + 64, y: bounds.minY, width: 0, height: bounds.height)
        var with = base
        with.reservedRegions.append(beside)
        for step in 0..<(length - length % 2) {
            if step % 2 == 0 {
                append(with, .quiet, "a region beside the window appears")
            } else {
                append(base, .quiet, "the region beside the window vanishes")
            }
        }
    }

    // MARK: Probes

    /// Every probe around `base`: each a few moves away from it and back.
    mutating func probes(around base: LayoutContext, source: inout SeededSource) -> [[Move]] {
        var probes: [[Move]] = []
        func there(_ context: LayoutContext, _ change: HistoryChange, _ detail: String, settle: Bool = false) -> [Move] {
            [
                Move(context: context, change: change, detail: detail),
                Move(context: base, change: change, detail: "back: \(detail)", quietBefore: settle),
            ]
        }
        // The layout direction and each size class, flipped at unchanged bounds.
        var flipped = base
        flipped.layoutDirection = base.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
        probes.append(there(flipped, .directionFlipped, "layout direction flipped"))
        for (name, flip) in [
            ("horizontal", SizeClass(horizontal: base.sizeClass.horizontal.flipped, vertical: base.sizeClass.vertical)),
            ("vertical", SizeClass(horizontal: base.sizeClass.horizontal, vertical: base.sizeClass.vertical.flipped)),
            ("both", SizeClass(horizontal: base.sizeClass.horizontal.flipped, vertical: base.sizeClass.vertical.flipped)),
        ] {
            var context = base
            context.sizeClass = flip
            probes.append(there(context, .sizeClassFlipped, "size class flipped (\(name))"))
        }
        // Rotated and back.
        probes.append(there(base.rotated, .rotated, "rotated", settle: true))
        // Translated without resizing: the bounds alone (the window dragged over the
        // display's folds), and the bounds with the regions (the whole frame moved).
        let bounds = base.bounds
        let far = source.double(in: 0.05...0.4)
        for (dx, dy) in [(1.0, 0.0), (0, 1), ((bounds.width * far).rounded(), 0), (0, (bounds.height * far).rounded()), (17, -23)] {
            var context = base
            context.bounds = bounds.offsetBy(dx, dy)
            probes.append(
                there(context, .translated, "bounds moved by (\(formatNumber(dx)), \(formatNumber(dy)))", settle: dx > 1 || dy > 1))
        }
        var carried = base
        carried.bounds = bounds.offsetBy(31, 7)
        carried.reservedRegions = base.reservedRegions.map { $0.offsetBy(31, 7) }
        probes.append(there(carried, .translated, "bounds and regions moved by (31, 7)", settle: true))
        // Resized from either edge.
        for fraction in [0.0, source.double(in: 0.1...0.5)] {
            let dx = fraction == 0 ? min(1, bounds.width) : (bounds.width * fraction).rounded()
            let dy = fraction == 0 ? min(1, bounds.height) : (bounds.height * fraction).rounded()
            var context = base
            context.bounds = Rect(uncheckedX: bounds.minX + dx, y: bounds.minY, width: bounds.width - dx, height: bounds.height)
            probes.append(there(context, .resizedFarEdgeAnchored, "left edge moved in by \(formatNumber(dx)), right edge kept"))
            context.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY + dy, width: bounds.width, height: bounds.height - dy)
            probes.append(there(context, .resizedFarEdgeAnchored, "top edge moved in by \(formatNumber(dy)), bottom edge kept"))
            context.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width - dx, height: bounds.height)
            probes.append(there(context, .resized, "right edge moved in by \(formatNumber(dx))"))
        }
        probes += regionProbes(around: base, source: &source)
        probes += visibilityProbes(around: base, source: &source)
        return probes
    }

    /// The regions of `base` moved, removed and reordered; new ones appearing, moving and
    /// vanishing; regions at the very edge of collapsed bounds; two at a tie.
    mutating func regionProbes(around base: LayoutContext, source: inout SeededSource) -> [[Move]] {
        var probes = movedRegionProbes(around: base, source: &source)
        probes += newRegionProbes(around: base, source: &source)
        probes += collapsedBoundsProbes(around: base)
        probes += tieProbes(around: base)
        return probes
    }

    /// `base` with `regions` instead of its own.
    static func with(_ regions: [Rect], in base: LayoutContext) -> LayoutContext {
        var context = base
        context.reservedRegions = regions
        return context
    }

    /// Each region of `base` (the first four) moved by a little, onto and across an
    /// arrangement's edge and onto the bounds' edges, and removed; the list reversed.
    mutating func movedRegionProbes(around base: LayoutContext, source: inout SeededSource) -> [[Move]] {
        var probes: [[Move]] = []
        let bounds = base.bounds
        let frames = answer(base).panes.filter(\.visible).map(\.frame)
        func with(_ regions: [Rect]) -> LayoutContext { Self.with(regions, in: base) }
        // Positions a region's near side can be moved to along x (or y): an arrangement's
        // edge exactly, just past it, and the bounds' own edges.
        func edges(vertical: Bool) -> [Double] {
            let inside = frames.flatMap { vertical ? [$0.minX, $0.maxX] : [$0.minY, $0.maxY] }.filter {
                vertical ? $0 > bounds.minX && $0 < bounds.maxX : $0 > bounds.minY && $0 < bounds.maxY
            }
            return Array(Set(inside)).sorted()
        }
        for (index, region) in base.reservedRegions.enumerated().prefix(4) {
            let vertical = region.height >= region.width
            var moves: [(Double, String)] = [
                (1, "by 1 pt"), (-1, "by -1 pt"), (0.5, "by 0.5 pt"),
                (source.double(in: -40...40).rounded(), "a little"),
            ]
            let lines = edges(vertical: vertical)
            let start = vertical ? region.minX : region.minY
            for edge in lines.isEmpty ? [] : [source.pick(lines), source.pick(lines)] {
                moves.append((edge - start, "onto an arrangement's edge"))
                moves.append((edge + 1 - start, "across an arrangement's edge"))
            }
            moves.append(((vertical ? bounds.minX : bounds.minY) - start, "onto the bounds' leading edge"))
            let size = vertical ? region.width : region.height
            moves.append(((vertical ? bounds.maxX : bounds.maxY) - size - start, "onto the bounds' trailing edge"))
            for (shift, how) in moves where shift != 0 {
                var regions = base.reservedRegions
                regions[index] = vertical ? region.offsetBy(shift, 0) : region.offsetBy(0, shift)
                probes.append([
                    Move(context: with(regions), change: .regionMoved, detail: "region \(index) moved \(how) (\(formatNumber(shift)) pt)"),
                    Move(context: base, change: .regionMoved, detail: "region \(index) moved back"),
                ])
            }
            var without = base.reservedRegions
            without.remove(at: index)
            probes.append([
                Move(context: with(without), change: .regionVanished, detail: "region \(index) vanished"),
                Move(context: base, change: .regionAppeared, detail: "region \(index) back"),
            ])
        }
        if base.reservedRegions.count >= 2 {
            probes.append([
                Move(context: with(base.reservedRegions.reversed()), change: .regionsReordered, detail: "the region list reversed"),
                Move(context: base, change: .regionsReordered, detail: "the region list in its order again"),
            ])
        }
        return probes
    }

    /// New regions: a seamless fold and a hinge band through the bounds each way, and
    /// folds through nested panes, each appearing, moving a little, moving across an
    /// edge, vanishing.
    mutating func newRegionProbes(around base: LayoutContext, source: inout SeededSource) -> [[Move]] {
        var probes: [[Move]] = []
        let bounds = base.bounds
        var targets: [(Rect, String)] = [(bounds, "the bounds")]
        let nested = holders.filter { answer(base).panes[$0].visible }
        for _ in 0..<min(3, nested.count) {
            let pane = source.pick(nested)
            targets.append((answer(base).panes[pane].frame, "pane \(tree.paneIDs[pane])"))
        }
        for (target, name) in targets {
            for vertical in [true, false] {
                for thickness in name == "the bounds" ? [0.0, 20] : [0] {
                    let at = vertical ? target.midX - thickness / 2 : target.midY - thickness / 2
                    let region =
                        vertical
                        ? Rect(uncheckedX: at, y: target.minY, width: thickness, height: target.height)
                        : Rect(uncheckedX: target.minX, y: at, width: target.width, height: thickness)
                    let position = source.int(in: 0...base.reservedRegions.count)
                    func inserted(_ rect: Rect) -> LayoutContext {
                        var regions = base.reservedRegions
                        regions.insert(rect, at: position)
                        return Self.with(regions, in: base)
                    }
                    let kind = thickness == 0 ? "a seamless fold" : "a hinge band"
                    let axis = vertical ? "x" : "y"
                    let little = source.pick([1.0, -1, 3, 0.5])
                    let shift = vertical ? target.width / 4 + 1 : target.height / 4 + 1
                    func moved(_ by: Double) -> Rect { vertical ? region.offsetBy(by, 0) : region.offsetBy(0, by) }
                    probes.append([
                        Move(context: inserted(region), change: .regionAppeared, detail: "\(kind) through \(name) appeared at \(axis) = \(formatNumber(at))"),
                        Move(context: inserted(moved(little)), change: .regionMoved, detail: "it moved by \(formatNumber(little)) pt"),
                        Move(context: inserted(moved(shift)), change: .regionMoved, detail: "it moved by \(formatNumber(shift)) pt"),
                        Move(context: base, change: .regionVanished, detail: "it vanished"),
                    ])
                }
            }
        }
        return probes
    }

    /// Collapsed bounds (no height, or no width) and a fold that spans them while it
    /// only reaches their edge: it ends exactly on the near edge, or starts exactly on
    /// the far one, so that a test of whether a region meets the bounds is tried at
    /// its very edge. It lies at 30 % of the other side, where no even split falls.
    func collapsedBoundsProbes(around base: LayoutContext) -> [[Move]] {
        var probes: [[Move]] = []
        let bounds = base.bounds
        for collapsed in [Axis.vertical, .horizontal] {
            var flat = base
            flat.bounds =
                collapsed == .vertical
                ? Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: 0)
                : Rect(uncheckedX: bounds.minX, y: bounds.minY, width: 0, height: bounds.height)
            let edge = flat.bounds
            for fromFarEdge in [false, true] {
                let fold: Rect
                if collapsed == .vertical {
                    let x = edge.minX + edge.width * 0.3
                    fold = Rect(uncheckedX: x, y: fromFarEdge ? edge.maxY : edge.minY - 10, width: 0, height: 10)
                } else {
                    let y = edge.minY + edge.height * 0.3
                    fold = Rect(uncheckedX: fromFarEdge ? edge.maxX : edge.minX - 10, y: y, width: 10, height: 0)
                }
                func with(_ region: Rect) -> LayoutContext {
                    var context = flat
                    context.reservedRegions = base.reservedRegions + [region]
                    return context
                }
                let shifted = collapsed == .vertical ? fold.offsetBy(7, 0) : fold.offsetBy(0, 7)
                let name = collapsed == .vertical ? "no height" : "no width"
                let side = fromFarEdge ? "starting on their far edge" : "ending on their near edge"
                probes.append([
                    Move(context: flat, change: .resized, detail: "bounds collapsed to \(name)"),
                    Move(context: with(fold), change: .regionAppeared, detail: "a fold across them \(side) appeared"),
                    Move(context: with(shifted), change: .regionMoved, detail: "it moved by 7 pt along them"),
                    Move(context: flat, change: .regionVanished, detail: "it vanished"),
                    Move(context: base, change: .resized, detail: "bounds back", quietBefore: true),
                ])
            }
        }
        return probes
    }

    /// Two dividers equally far from the centre: the earlier in the list wins the tie,
    /// so reordering them changes the answer.
    func tieProbes(around base: LayoutContext) -> [[Move]] {
        var probes: [[Move]] = []
        let bounds = base.bounds
        func with(_ regions: [Rect]) -> LayoutContext { Self.with(regions, in: base) }
        for vertical in [true, false] {
            let a =
                vertical
                ? Rect(uncheckedX: bounds.minX + bounds.width / 4, y: bounds.minY, width: 0, height: bounds.height)
                : Rect(uncheckedX: bounds.minX, y: bounds.minY + bounds.height / 4, width: bounds.width, height: 0)
            let b = vertical ? a.offsetBy(bounds.width / 2, 0) : a.offsetBy(0, bounds.height / 2)
            probes.append([
                Move(context: with(base.reservedRegions + [a, b]), change: .regionAppeared, detail: "two folds equally far from the centre appeared"),
                Move(context: with(base.reservedRegions + [b, a]), change: .regionsReordered, detail: "the two folds swapped in the list"),
                Move(context: with(base.reservedRegions + [a, b]), change: .regionsReordered, detail: "the two folds swapped back"),
                Move(context: base, change: .regionVanished, detail: "both folds vanished"),
            ])
        }
        return probes
    }

    /// Contexts near `base` in which a pane holding a nested arrangement is hidden where
    /// `base` shows it (or the other way round), each given and left again.
    mutating func visibilityProbes(around base: LayoutContext, source: inout SeededSource) -> [[Move]] {
        guard !holders.isEmpty else { return [] }
        let bounds = base.bounds
        var candidates: [(LayoutContext, String)] = []
        for scale in [0.5, 0.25, 0.1, 0] {
            var context = base
            context.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width * scale, height: bounds.height)
            candidates.append((context, "width scaled by \(formatNumber(scale))"))
            context.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height * scale)
            candidates.append((context, "height scaled by \(formatNumber(scale))"))
            context.bounds = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width * scale, height: bounds.height * scale)
            candidates.append((context, "scaled by \(formatNumber(scale))"))
        }
        candidates.append((base.rotated, "rotated"))
        let shown = answer(base)
        for pane in holders where shown.panes[pane].visible {
            let frame = shown.panes[pane].frame
            for vertical in [true, false] {
                var context = base
                context.reservedRegions.append(
                    vertical
                        ? Rect(uncheckedX: frame.midX, y: frame.minY, width: 0, height: frame.height)
                        : Rect(uncheckedX: frame.minX, y: frame.midY, width: frame.width, height: 0))
                candidates.append((context, "a fold through pane \(tree.paneIDs[pane])"))
            }
            if candidates.count > 40 { break }
        }
        var probes: [[Move]] = []
        var seen = Set<Int>()
        for (candidate, how) in candidates {
            let answer = answer(candidate)
            let hidden = holders.filter { shown.panes[$0].visible && !answer.panes[$0].visible }
            let revealed = holders.filter { !shown.panes[$0].visible && answer.panes[$0].visible }
            if let pane = hidden.first(where: { !seen.contains($0) }) ?? (probes.count < 2 ? hidden.first : nil) {
                seen.insert(pane)
                let id = tree.paneIDs[pane]
                probes.append([
                    Move(context: candidate, change: .paneHidden, detail: "pane \(id) hidden (\(how))"),
                    Move(context: base, change: .paneShown, detail: "pane \(id) shown again", quietBefore: true),
                ])
            } else if let pane = revealed.first(where: { !seen.contains($0) }) {
                seen.insert(pane)
                let id = tree.paneIDs[pane]
                probes.append([
                    Move(context: candidate, change: .paneShown, detail: "pane \(id) shown (\(how))"),
                    Move(context: base, change: .paneHidden, detail: "pane \(id) hidden again", quietBefore: true),
                ])
            }
            if probes.count >= 6 { break }
        }
        return probes
    }
}

extension SizeClassValue {
    var flipped: SizeClassValue { self == .compact ? .regular : .compact }
}

extension Rect {
    func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
        Rect(uncheckedX: x + dx, y: y + dy, width: width, height: height)
    }
}

extension LayoutContext {
    /// The bounds' sides swapped about their origin, and the size classes with them.
    var rotated: LayoutContext {
        var context = self
        context.bounds = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.height, height: bounds.width)
        context.sizeClass = SizeClass(horizontal: sizeClass.vertical, vertical: sizeClass.horizontal)
        return context
    }
}
