import ArrangementModel
import Support

/// A frame on which the tree changed, with the kinds of edit that landed on it
/// (``TreeEdit/Kind``'s names), or `restore` for frame 0 of a timeline that wraps around
/// to the tree it had changed.
public struct EditFrame: Sendable, Equatable {
    public var frame: Int
    public var kinds: [String]

    public init(frame: Int, kinds: [String]) {
        self.frame = frame
        self.kinds = kinds
    }

    /// The kind of the change back to the first tree at a wrap-around.
    public static let restore = "restore"

    /// The frames of `trees` on which the content changes.
    public static func frames(of trees: TreeTimeline, count: Int) -> [EditFrame] {
        (0..<count).compactMap { frame in
            guard trees.changesContent(atFrame: frame) else { return nil }
            let kinds = trees.edits(atFrame: frame).map(\.kind.rawValue)
            return EditFrame(frame: frame, kinds: kinds.isEmpty ? [restore] : Array(Set(kinds)).sorted())
        }
    }
}

/// A variant's edit frames apart from its other frames: their per-frame time and
/// instructions, and each kind of edit's mean, dearest first.
public struct EditFrameSummary: Sendable, Equatable {
    public var editFrames: Int
    public var otherFrames: Int
    /// Per-frame time (ns) on the edit frames and on the others; nil without frame times.
    public var time: FrameDistribution?
    public var otherTime: FrameDistribution?
    /// Per-frame instructions likewise, and their means; nil when frames were not counted.
    public var instructions: FrameDistribution?
    public var otherInstructions: FrameDistribution?
    public var meanInstructions: Double?
    public var otherMeanInstructions: Double?
    /// Per kind of edit: the frames it landed on and their mean time and instructions,
    /// dearest first (by instructions where counted, else by time).
    public var kinds: [Kind]

    public struct Kind: Sendable, Equatable {
        public var kind: String
        public var frames: Int
        public var meanTime: Double?
        public var meanInstructions: Double?
    }

    /// The summary of `edits` among `frameTimes` and `frameInstructions` (either may be
    /// empty); nil when no frame changes the content.
    public init?(_ edits: [EditFrame], frameTimes: [Double], frameInstructions: [Double]) {
        guard !edits.isEmpty else { return nil }
        let count = max(frameTimes.count, frameInstructions.count)
        let isEdit = Set(edits.map(\.frame))
        func split(_ values: [Double]) -> (edit: [Double], other: [Double]) {
            guard values.count == count else { return ([], []) }
            var edit: [Double] = []
            var other: [Double] = []
            for (frame, value) in values.enumerated() {
                if isEdit.contains(frame) { edit.append(value) } else { other.append(value) }
            }
            return (edit, other)
        }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        let times = split(frameTimes)
        let counts = split(frameInstructions)
        editFrames = edits.count
        otherFrames = max(count - edits.count, 0)
        time = FrameDistribution(times.edit)
        otherTime = FrameDistribution(times.other)
        instructions = FrameDistribution(counts.edit)
        otherInstructions = FrameDistribution(counts.other)
        meanInstructions = mean(counts.edit)
        otherMeanInstructions = mean(counts.other)
        var byKind: [String: [Int]] = [:]
        for edit in edits {
            for kind in edit.kinds { byKind[kind, default: []].append(edit.frame) }
        }
        kinds = byKind.map { kind, frames in
            Kind(
                kind: kind, frames: frames.count,
                meanTime: frameTimes.count == count ? mean(frames.map { frameTimes[$0] }) : nil,
                meanInstructions: frameInstructions.count == count ? mean(frames.map { frameInstructions[$0] }) : nil)
        }.sorted { a, b in
            let (x, y) = (a.meanInstructions ?? a.meanTime ?? 0, b.meanInstructions ?? b.meanTime ?? 0)
            return x != y ? x > y : a.kind < b.kind
        }
    }

    /// One line for the run table: the edit frames' p50, p99 and worst, the other frames'
    /// p50, by instructions where counted, and the dearest kinds.
    public var summary: String {
        let counted = instructions != nil
        let (mine, theirs, unit) =
            counted ? (instructions, otherInstructions, "instructions") : (time, otherTime, "ns")
        var text = "\(editFrames) edit frame\(editFrames == 1 ? "" : "s") of \(editFrames + otherFrames)"
        if let mine {
            text +=
                " (\(unit)): p50 \(NumberText.significant(mine.p50)), p99 \(NumberText.significant(mine.p99)), worst \(NumberText.significant(mine.worst))"
        }
        if let theirs { text += "; other frames p50 \(NumberText.significant(theirs.p50))" }
        let dearest = kinds.prefix(4).map { kind in
            let value = counted ? kind.meanInstructions : kind.meanTime
            return "\(kind.kind) \(value.map { NumberText.significant($0) } ?? "-") (\(kind.frames))"
        }
        if !dearest.isEmpty { text += "; by kind, mean (frames): " + dearest.joined(separator: ", ") }
        return text
    }
}
