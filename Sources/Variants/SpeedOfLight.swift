import ArrangementModel
import FastResolver
import Support

/// The floor every variant is measured against: not a resolver, but the cost of
/// writing a resolution of the tree's size in the same frame loop — it copies one
/// correct resolution, worked out beforehand, into the output every frame. A
/// variant's time over this one says how much is left to win; no resolver can
/// write its answer faster than copying it.
public struct SpeedOfLight: ResolverVariant {
    public static let variantName: VariantName = "floor"

    public let name = SpeedOfLight.variantName.rawValue
    /// The resolution copied every frame.
    public let answer: Resolution
    /// On a timeline whose tree changes, one entry per segment: the edits that lead to it
    /// (for the first, those that lead back to it after the last), its tree and an answer.
    /// Kept apart, so that an edit frame reads one array's element, not a whole segment.
    let leadingEdits: [[TreeEdit]]
    let trees: [ArrangementTree]
    let answers: [Resolution]

    public init(copying answer: Resolution) {
        self.answer = answer
        (leadingEdits, trees, answers) = ([], [], [])
    }

    /// A floor for a timeline whose tree changes: `answers`, one per segment of `trees`.
    public init(_ trees: TreeTimeline, copying answers: [Resolution]) {
        answer = answers[0]
        self.answers = answers
        self.trees = trees.segments.map(\.tree)
        leadingEdits = [trees.wrapEdits] + trees.segments.dropFirst().map(\.edits)
    }

    /// The answer copied, and the segment of the timeline it answers.
    public struct Prepared: Sendable {
        var segment: Int
        var answer: Resolution
    }

    public func prepare(_ tree: ArrangementTree) -> Prepared {
        let segment = trees.firstIndex(of: tree)
        return Prepared(segment: segment ?? 0, answer: segment.map { answers[$0] } ?? answer)
    }

    /// Takes the edits of the timeline as a variant that takes them in place at no cost
    /// would: the next segment's answer when they are the edits that lead to it (the first
    /// segment's after the last; the loop hands over the timeline's own list, so the
    /// comparison is of two references), else the answer of a segment whose edits and
    /// tree they are; so that on an edit frame the floor is what no such variant can beat.
    public func edit(_ prepared: inout Prepared, with edits: [TreeEdit], giving tree: ArrangementTree) -> Bool {
        guard !answers.isEmpty else { return false }
        let next = (prepared.segment + 1) % answers.count
        let found =
            leadingEdits[next] == edits
            ? next : answers.indices.first { leadingEdits[$0] == edits && trees[$0] == tree }
        guard let found else { return false }
        prepared.segment = found
        prepared.answer = answers[found]
        return true
    }

    public func relayout(_ prepared: Prepared, in context: LayoutContext, into resolution: inout Resolution) {
        let prepared = prepared.answer
        // Pane by pane, as a resolver writes them; assigning the array would only share it.
        let count = min(prepared.panes.count, resolution.panes.count)
        prepared.panes.withUnsafeBufferPointer { source in
            resolution.panes.withUnsafeMutableBufferPointer { target in
                for index in 0..<count { target[index] = source[index] }
            }
        }
    }

    /// The floor's entry for a tree whose resolution in its first context is `answer`.
    public static func entry(copying answer: Resolution) -> VariantEntry {
        VariantEntry(
            SpeedOfLight(copying: answer), summary: "the floor: copying a correct resolution, as fast as writing one",
            isTestOnly: true)
    }

    /// The floor of a timeline whose tree changes: an answer per segment of `trees`.
    public static func entry(_ trees: TreeTimeline, copying answers: [Resolution]) -> VariantEntry {
        VariantEntry(
            SpeedOfLight(trees, copying: answers),
            summary: "the floor: copying a correct resolution, as fast as writing one", isTestOnly: true)
    }
}

/// The floor of a tree's depth: the floor's copy, but each nested arrangement's panes are
/// written only once the pane that holds it has been read back from this frame's output,
/// their x as the holding pane's x plus the difference the answer has between them: one
/// add per pane on top of the copy, the least arithmetic by which a nested pane's place
/// can follow its parent's. Arrangements go in the order `fast` stores them (level
/// order in blocks), so siblings and cousins still overlap; what the floor leaves out
/// is the wait of a nested arrangement for its parent, which no resolver can skip: in a
/// chain every level waits for the one above. A resolver's time over this one is what is
/// left to win on deep trees once that wait is paid. Not a resolver either: not verified,
/// and its x may differ from the answer's in the last bit (the difference, added back, is
/// rounded).
public struct ChainedFloor: ResolverVariant {
    public static let variantName: VariantName = "floor-chained"

    public let name = ChainedFloor.variantName.rawValue
    /// The resolution copied every frame.
    public let answer: Resolution

    /// One arrangement: the pane that holds it (-1 for the root) and its two panes.
    public struct Link: Equatable, Sendable {
        public var holder: Int
        public var primary: Int
        public var secondary: Int

        public init(holder: Int, primary: Int, secondary: Int) {
            (self.holder, self.primary, self.secondary) = (holder, primary, secondary)
        }
    }

    /// One arrangement as the loop reads it: byte offsets, and each pane's x less its
    /// holder's in the answer.
    struct Step: Sendable {
        var holder: Int
        var primary: Int
        var secondary: Int
        var primaryOffset: Double
        var secondaryOffset: Double
    }

    /// The tree's arrangements, a holder before the arrangement it holds, and the answer.
    public struct Prepared {
        let steps: [Step]
        public let answer: Resolution
    }

    public init(copying answer: Resolution) {
        self.answer = answer
    }

    /// The arrangements of `tree` in the fast resolver's storage order (level order, in
    /// blocks of four levels, so that a large tree's panes are written about in the order
    /// they lie), panes numbered depth-first as in every resolution.
    public static func links(_ tree: ArrangementTree) -> [Link] {
        CompiledTree(tree).storedPanes.map { Link(holder: $0.holder, primary: $0.primary, secondary: $0.secondary) }
    }

    public func prepare(_ tree: ArrangementTree) -> Prepared {
        let links = Self.links(tree)
        let stride = MemoryLayout<PaneLayout>.stride
        let panes = answer.panes
        let steps = links.map { link in
            // The root "waits" for its own primary in the answer (a constant).
            let holder = link.holder >= 0 ? link.holder : link.primary
            let x = panes.indices.contains(holder) ? panes[holder].frame.x : 0
            func offset(_ pane: Int) -> Double { panes.indices.contains(pane) ? panes[pane].frame.x - x : 0 }
            return Step(
                holder: holder * stride, primary: link.primary * stride, secondary: link.secondary * stride,
                primaryOffset: offset(link.primary), secondaryOffset: offset(link.secondary))
        }
        return Prepared(steps: steps, answer: answer)
    }

    public func relayout(_ prepared: Prepared, in context: LayoutContext, into resolution: inout Resolution) {
        precondition(
            resolution.panes.count == prepared.answer.panes.count && !prepared.steps.isEmpty,
            "the resolution was made for another tree")
        prepared.answer.panes.withUnsafeBytes { source in
            resolution.panes.withUnsafeMutableBytes { target in
                prepared.steps.withUnsafeBufferPointer { steps in
                    let (from, to) = (source.baseAddress.unsafelyUnwrapped, target.baseAddress.unsafelyUnwrapped)
                    // The root's holder is read from the answer, every other one from this frame's output.
                    Self.copy(steps[0], from.load(fromByteOffset: steps[0].holder, as: Double.self), from, to)
                    for step in steps.dropFirst() {
                        Self.copy(step, to.load(fromByteOffset: step.holder, as: Double.self), from, to)
                    }
                }
            }
        }
    }

    /// `step`'s two panes copied as the floor copies a pane (two 16-byte halves and the
    /// bits), each x its holder's `x` plus its offset.
    @inline(__always)
    static func copy(_ step: Step, _ x: Double, _ from: UnsafeRawPointer, _ to: UnsafeMutableRawPointer) {
        copy(step.primary, x + step.primaryOffset, from, to)
        copy(step.secondary, x + step.secondaryOffset, from, to)
    }

    @inline(__always)
    static func copy(_ offset: Int, _ x: Double, _ from: UnsafeRawPointer, _ to: UnsafeMutableRawPointer) {
        let y = from.loadUnaligned(fromByteOffset: offset &+ 8, as: Double.self)
        let size = from.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD2<Double>.self)
        let bits = from.loadUnaligned(fromByteOffset: offset &+ 32, as: UInt32.self)
        to.storeBytes(of: SIMD2(x, y), toByteOffset: offset, as: SIMD2<Double>.self)
        to.storeBytes(of: size, toByteOffset: offset &+ 16, as: SIMD2<Double>.self)
        to.storeBytes(of: bits, toByteOffset: offset &+ 32, as: UInt32.self)
    }

    /// The chained floor's entry for a tree whose resolution in its first context is `answer`.
    public static func entry(copying answer: Resolution) -> VariantEntry {
        VariantEntry(
            ChainedFloor(copying: answer),
            summary: "the floor of a tree's depth: the floor's copy, each arrangement after the pane holding it",
            isTestOnly: true)
    }
}

extension SpeedOfLight {
    /// Whether the floor's loop was compiled optimised (this module's own configuration):
    /// an unoptimised floor is no bound at all for an optimised variant (a C library built
    /// with -O2 beats a debug build's floor by far), so no time is judged against it then.
    public static var isOptimised: Bool { !_isDebugAssertConfiguration() }
}

extension VariantList {
    /// Whether `name` is one of the floors (``SpeedOfLight``, ``ChainedFloor``): a row a
    /// run measures beside the variants, not a resolver, so no gate judges it.
    public static func isFloor(_ name: VariantName) -> Bool {
        name == SpeedOfLight.variantName || name == ChainedFloor.variantName
    }
}
