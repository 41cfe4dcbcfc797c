/// The trees of a timeline whose content changes: the tree in force from frame 0, and
/// from each frame on which edits land, the tree those edits leave. A timeline wraps
/// around, so after its last frame the first tree is in force again; when the last
/// segment's tree is not the first one, frame 0 is where the content changes back.
public struct TreeTimeline: Equatable, Sendable {
    /// A run of frames with one tree: from `start` until the next segment's start.
    public struct Segment: Equatable, Sendable {
        /// The first frame of the segment.
        public var start: Int
        /// The edits that land on `start` (none for the first segment).
        public var edits: [TreeEdit]
        /// The tree they leave.
        public var tree: ArrangementTree

        public init(start: Int, edits: [TreeEdit], tree: ArrangementTree) {
            self.start = start
            self.edits = edits
            self.tree = tree
        }
    }

    /// In order of their start; the first starts at frame 0 with no edits.
    public private(set) var segments: [Segment]
    /// When the timeline wraps round to a first tree that is not its last: the edits
    /// that take the last tree back to the first (each edit of the timeline undone, the
    /// last first), so that a variant can take them in place as it takes the others;
    /// empty when they do not give the first tree exactly, or when nothing is restored.
    public private(set) var wrapEdits: [TreeEdit] = []

    /// A timeline whose tree never changes.
    public init(_ tree: ArrangementTree) {
        segments = [Segment(start: 0, edits: [], tree: tree)]
    }

    /// `tree` with the edits of `schedule` (frame, edits) made in order of their frames,
    /// within a timeline of `frames` frames. An edit that names nothing, or leaves an
    /// invalid tree, is refused with the frame it lands on and its rule.
    public init(_ tree: ArrangementTree, frames: Int, schedule: [(frame: Int, edits: [TreeEdit])])
        throws(ModelError)
    {
        self.init(tree)
        for (frame, edits) in schedule.sorted(by: { $0.frame < $1.frame }) where !edits.isEmpty {
            guard frame > 0, frame < frames else {
                throw ModelError("an edit lands on frame \(frame), outside frames 1..<\(frames)", field: "frame")
            }
            var edited = segments[segments.count - 1].tree
            for edit in edits {
                do {
                    edited = try edit.applied(to: edited)
                } catch {
                    throw ModelError("frame \(frame), \(edit.description): \(error.description)", field: "edits")
                }
            }
            if segments[segments.count - 1].start == frame {
                segments[segments.count - 1].edits += edits
                segments[segments.count - 1].tree = edited
            } else {
                segments.append(Segment(start: frame, edits: edits, tree: edited))
            }
        }
        if restoresAtWrap { wrapEdits = Self.undoing(segments) }
    }

    /// The edits that undo every segment's, the last first, when they give the first
    /// tree back exactly; else none.
    static func undoing(_ segments: [Segment]) -> [TreeEdit] {
        var undo: [TreeEdit] = []
        for index in (1..<segments.count).reversed() {
            var tree = segments[index - 1].tree
            var steps: [[TreeEdit]] = []
            for edit in segments[index].edits {
                guard let back = edit.undoing(in: tree), let next = try? edit.applied(to: tree) else { return [] }
                steps.append(back)
                tree = next
            }
            undo += steps.reversed().flatMap { $0 }
        }
        var tree = segments[segments.count - 1].tree
        for edit in undo {
            guard let next = try? edit.applied(to: tree) else { return [] }
            tree = next
        }
        return tree == segments[0].tree ? undo : []
    }

    /// The tree of frame 0.
    public var first: ArrangementTree { segments[0].tree }

    /// Whether the content changes anywhere in the timeline.
    public var hasEdits: Bool { segments.count > 1 }

    /// Whether the timeline's wrap-around changes the tree back to the first one.
    public var restoresAtWrap: Bool { segments.count > 1 && segments[segments.count - 1].tree != segments[0].tree }

    /// The segment frame `frame` (within the timeline) falls in.
    public func segment(atFrame frame: Int) -> Int {
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= frame { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The tree in force at `frame`.
    public func tree(atFrame frame: Int) -> ArrangementTree { segments[segment(atFrame: frame)].tree }

    /// The edits that land on `frame`: a segment's, or at frame 0 of a timeline that
    /// restores its first tree, none (the change back is a tree, not an edit list).
    public func edits(atFrame frame: Int) -> [TreeEdit] {
        let index = segment(atFrame: frame)
        return segments[index].start == frame ? segments[index].edits : []
    }

    /// Whether the content changes on `frame`: edits land on it, or it is frame 0 of a
    /// timeline whose last tree is not its first.
    public func changesContent(atFrame frame: Int) -> Bool {
        frame == 0 ? restoresAtWrap : segments[segment(atFrame: frame)].start == frame
    }
}
