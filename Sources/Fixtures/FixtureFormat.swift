import ArrangementModel
import SceneFormat
import Support

/// The conformance fixtures' file format (`docs/fixtures.md`): a folder with
/// `fixtures.json` naming the set and its scenarios, and one JSON Lines file per
/// scenario holding its tree, each distinct context with the reference's answer, and
/// the frames as a list of context numbers. Answers come back as JSON Lines too, one
/// line per frame. Everything is plain JSON a reader in any language parses.
///
/// Version 2 adds edits: a scenario's header lists the edits made before given frames,
/// and a context line names the tree it was answered on. A set without edits is written
/// as version 1, byte for byte as before, so a reader of version 1 still reads it.
public enum FixtureFormat {
    /// The newest version, which this FoldBench writes when a set has edits.
    public static let version = 2
    /// The versions this FoldBench reads.
    public static let versions = 1...2
    /// The value of the manifest's `format` field.
    public static let formatName = "foldbench-fixtures"
    /// The manifest's file name inside a fixture folder.
    public static let manifestName = "fixtures.json"

    // MARK: Panes

    /// A pane as one compact value: `null` when hidden, otherwise
    /// `[x, y, width, height, "rc", axis, zIndex]` — the size class as two letters
    /// (horizontal, vertical; `r` regular, `c` compact), the split axis `"h"`, `"v"` or
    /// `null`, the z-index 0 or 1.
    public static func appendPane(_ pane: PaneLayout, to out: inout String) {
        guard pane.visible else {
            out += "null"
            return
        }
        appendRect(pane.frame, to: &out)
        out.removeLast()
        out += ",\"" + letter(pane.sizeClass.horizontal) + letter(pane.sizeClass.vertical) + "\","
        switch pane.splitAxis {
        case .horizontal: out += "\"h\""
        case .vertical: out += "\"v\""
        case nil: out += "null"
        }
        out += pane.zIndex == 1 ? ",1]" : ",0]"
    }

    /// Panes as a JSON array of ``appendPane(_:to:)``'s values.
    public static func appendPanes(_ panes: [PaneLayout], to out: inout String) {
        out += "["
        for (offset, pane) in panes.enumerated() {
            if offset > 0 { out += "," }
            appendPane(pane, to: &out)
        }
        out += "]"
    }

    static func letter(_ value: SizeClassValue) -> String { value == .compact ? "c" : "r" }

    /// Reads a pane written by ``appendPane(_:to:)``, naming `reader`'s path in any failure.
    public static func decodePane(_ reader: JSONReader) throws(InputError) -> PaneLayout {
        if case .null = reader.value { return .hidden }
        let fields = try reader.array()
        guard fields.count == 7 else {
            throw reader.failure(
                "a visible pane is [x, y, width, height, sizeClass, splitAxis, zIndex] (7 values), found \(fields.count)"
            )
        }
        let x = try fields[0].number()
        let y = try fields[1].number()
        let width = try fields[2].size()
        let height = try fields[3].size()
        let frame: Rect
        do { frame = try Rect(x: x, y: y, width: width, height: height) } catch { throw reader.failure(error.rule) }
        let sizeClass = try decodeSizeClass(fields[4])
        let axis: Axis?
        switch fields[5].value {
        case .null: axis = nil
        default:
            axis = try fields[5].choice(["h", "v"], what: "split axis") == "h" ? .horizontal : .vertical
        }
        let z = try fields[6].number()
        guard z == 0 || z == 1 else { throw fields[6].failure("a z-index is 0 or 1, found \(formatNumber(z))") }
        return PaneLayout(visible: true, frame: frame, sizeClass: sizeClass, splitAxis: axis, zIndex: Int(z))
    }

    // MARK: Lines

    /// A scenario file's first line: its name, frame count, tree (as a scene, contract
    /// §4, in the first frame's context) and pane ids in the answers' order; with edits
    /// (version 2), the edits made before each frame they land on, in their text form.
    public static func headerLine(_ scenario: FixtureScenario) -> String {
        var out = "{\"scenario\":"
        JSONWriter.writeString(scenario.name, to: &out)
        out += ",\"frames\":\(scenario.frames.count),\"contexts\":\(scenario.contexts.count)"
        out += ",\"panes\":\(scenario.tree.paneCount),\"ids\":"
        writeCompact(.array(scenario.tree.paneIDs.map { .string($0) }), to: &out)
        out += ",\"scene\":"
        writeCompact(SceneEncoder.json(Scene(context: scenario.contexts[0], tree: scenario.tree)), to: &out)
        if scenario.trees.hasEdits {
            out += ",\"edits\":"
            let segments = scenario.trees.segments.dropFirst().map { segment -> JSONValue in
                .object([
                    ("frame", .number(Double(segment.start))), ("edits", .array(segment.edits.map(EditFormat.json))),
                ])
            }
            writeCompact(.array(Array(segments)), to: &out)
        }
        return out + "}"
    }

    /// The second line: each frame's context number, in order.
    public static func framesLine(_ frames: [Int]) -> String {
        var out = "{\"frames\":["
        for (offset, frame) in frames.enumerated() {
            if offset > 0 { out += "," }
            out += String(frame)
        }
        return out + "]}"
    }

    /// One line per distinct context: its number, the context in the panes' compact
    /// spelling (bounds `[x, y, width, height]`, the size class as two letters, the
    /// direction `"ltr"` or `"rtl"`, the reserved regions as rects) and the reference's
    /// answer in it; on a scenario with edits, `"tree": N` when the answer is to the tree
    /// after the Nth frame's worth of edits (left out for the first tree).
    public static func contextLine(_ number: Int, _ context: LayoutContext, _ answer: [PaneLayout], tree: Int = 0)
        -> String
    {
        var out = "{\"id\":\(number),"
        if tree > 0 { out += "\"tree\":\(tree)," }
        out += "\"bounds\":"
        appendRect(context.bounds, to: &out)
        out += ",\"sizeClass\":\"" + letter(context.sizeClass.horizontal) + letter(context.sizeClass.vertical) + "\""
        out += context.layoutDirection == .leftToRight ? ",\"direction\":\"ltr\"" : ",\"direction\":\"rtl\""
        out += ",\"regions\":["
        for (offset, region) in context.reservedRegions.enumerated() {
            if offset > 0 { out += "," }
            appendRect(region, to: &out)
        }
        out += "],\"panes\":"
        appendPanes(answer, to: &out)
        return out + "}"
    }

    static func appendRect(_ rect: Rect, to out: inout String) {
        out += "["
        for (offset, value) in [rect.x, rect.y, rect.width, rect.height].enumerated() {
            if offset > 0 { out += "," }
            out += formatNumber(value + 0)  // + 0 writes -0 as 0
        }
        out += "]"
    }

    /// Reads a context line's fields (all but `id` and `panes`).
    public static func decodeContext(_ object: JSONObjectReader) throws(InputError) -> LayoutContext {
        let bounds = try decodeRect(object.required("bounds"))
        let sizeClass = try decodeSizeClass(object.required("sizeClass"))
        let direction: LayoutDirection =
            try object.required("direction").choice(["ltr", "rtl"], what: "direction") == "ltr"
            ? .leftToRight : .rightToLeft
        let regions = try object.required("regions").array().map { (reader) throws(InputError) in
            try decodeRect(reader)
        }
        return LayoutContext(bounds: bounds, sizeClass: sizeClass, layoutDirection: direction, reservedRegions: regions)
    }

    static func decodeRect(_ reader: JSONReader) throws(InputError) -> Rect {
        let fields = try reader.array()
        guard fields.count == 4 else {
            throw reader.failure("a rect is [x, y, width, height] (4 numbers), found \(fields.count) values")
        }
        let (x, y, width, height) = try (fields[0].number(), fields[1].number(), fields[2].size(), fields[3].size())
        do { return try Rect(x: x, y: y, width: width, height: height) } catch { throw reader.failure(error.rule) }
    }

    static func decodeSizeClass(_ reader: JSONReader) throws(InputError) -> SizeClass {
        let letters = Array(try reader.string())
        guard letters.count == 2, letters.allSatisfy({ $0 == "r" || $0 == "c" }) else {
            throw reader.failure(
                "a size class is two letters, horizontal then vertical, each r (regular) or c (compact)")
        }
        return SizeClass(
            horizontal: letters[0] == "c" ? .compact : .regular, vertical: letters[1] == "c" ? .compact : .regular)
    }

    /// An answers file's first line: the fixture set answered, and who answered.
    public static func answersHeaderLine(set: String, implementation: String) -> String {
        var out = "{\"fixtures\":"
        JSONWriter.writeString(set, to: &out)
        out += ",\"implementation\":"
        JSONWriter.writeString(implementation, to: &out)
        return out + "}"
    }

    /// One answer: the scenario, the frame (from 0) and its panes.
    public static func appendAnswerLine(scenario: String, frame: Int, panes: [PaneLayout], to out: inout String) {
        out += "{\"scenario\":"
        JSONWriter.writeString(scenario, to: &out)
        out += ",\"frame\":\(frame),\"panes\":"
        appendPanes(panes, to: &out)
        out += "}\n"
    }

    /// JSON without the spaces ``JSONWriter`` puts after commas and colons.
    static func writeCompact(_ value: JSONValue, to out: inout String) {
        switch value {
        case .array(let elements):
            out += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += "," }
                writeCompact(element, to: &out)
            }
            out += "]"
        case .object(let entries):
            out += "{"
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { out += "," }
                JSONWriter.writeString(entry.key, to: &out)
                out += ":"
                writeCompact(entry.value, to: &out)
            }
            out += "}"
        default:
            JSONWriter.write(value, to: &out)
        }
    }

    // MARK: Identity

    /// The identity of a fixture set: FNV-1a over the format's version and each
    /// scenario's name and file bytes, in the manifest's order, as 16 hex digits.
    public static func identity(_ files: [(name: String, bytes: [UInt8])], version: Int) -> String {
        var hash = FNV1a.hash("\(formatName) \(version)".utf8)
        for file in files {
            hash = FNV1a.hash(file.name.utf8, from: FNV1a.mix(hash, 0))
            hash = FNV1a.hash(file.bytes, from: FNV1a.mix(hash, 1))
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A scenario's file name: its number and its name with `/` as `_`, and only
    /// letters, digits, `-`, `_` and `.` kept.
    public static func fileName(index: Int, scenario: String) -> String {
        let kept = scenario.map { character -> Character in
            if character == "/" { return "_" }
            return character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
                ? character : "-"
        }
        let number = String(index + 1)
        return String(repeating: "0", count: max(0, 4 - number.count)) + number + "-" + String(kept) + ".jsonl"
    }
}

/// One scenario of a fixture set: its tree frame by frame, its distinct contexts (each
/// with the tree it was answered on) with the reference's answer in each, and which
/// context each frame has.
public struct FixtureScenario: Sendable {
    public var name: String
    /// The tree of every frame: the first, and the edits made on later frames.
    public var trees: TreeTimeline
    public var contexts: [LayoutContext]
    /// Each context's tree: its segment in ``trees``.
    public var contextTrees: [Int]
    public var answers: [[PaneLayout]]
    /// Each frame's index into ``contexts``.
    public var frames: [Int]

    /// The tree of the first frame.
    public var tree: ArrangementTree { trees.first }

    /// The tree context `number` was answered on.
    public func tree(ofContext number: Int) -> ArrangementTree { trees.segments[contextTrees[number]].tree }

    public init(
        name: String, trees: TreeTimeline, contexts: [LayoutContext], contextTrees: [Int], answers: [[PaneLayout]],
        frames: [Int]
    ) {
        self.name = name
        self.trees = trees
        self.contexts = contexts
        self.contextTrees = contextTrees
        self.answers = answers
        self.frames = frames
    }

    /// A scenario from its frames' contexts, in order, on the trees of `trees`: each
    /// distinct context on each tree kept once, answered by `resolve` (the reference's
    /// answer depends on the tree and the context alone).
    public init(
        name: String, trees: TreeTimeline, frameContexts: [LayoutContext],
        resolve: (ArrangementTree, LayoutContext) -> [PaneLayout]
    ) {
        struct Key: Hashable {
            let context: LayoutContext
            let tree: Int
        }
        var numbers: [Key: Int] = [:]
        var contexts: [LayoutContext] = []
        var contextTrees: [Int] = []
        var frames: [Int] = []
        frames.reserveCapacity(frameContexts.count)
        for (frame, context) in frameContexts.enumerated() {
            let key = Key(context: context, tree: trees.segment(atFrame: frame))
            if let number = numbers[key] {
                frames.append(number)
            } else {
                numbers[key] = contexts.count
                frames.append(contexts.count)
                contexts.append(context)
                contextTrees.append(key.tree)
            }
        }
        let answers = contexts.indices.map { resolve(trees.segments[contextTrees[$0]].tree, contexts[$0]) }
        self.init(
            name: name, trees: trees, contexts: contexts, contextTrees: contextTrees, answers: answers, frames: frames)
    }

    /// The scenario's file: header, frames, then a line per context.
    public func fileText() -> String {
        var text = FixtureFormat.headerLine(self) + "\n" + FixtureFormat.framesLine(frames) + "\n"
        for (number, context) in contexts.enumerated() {
            text += FixtureFormat.contextLine(number, context, answers[number], tree: contextTrees[number]) + "\n"
        }
        return text
    }
}
