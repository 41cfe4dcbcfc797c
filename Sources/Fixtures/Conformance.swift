import ArrangementModel
import ReferenceResolver
import SceneFormat
import Support

/// Checks an implementation's answers against a fixture set, frame by frame: which
/// frames and panes agree, the first difference in each scenario, and a scorecard of
/// the contract's rules (how many panes each rule decided, and how many of those
/// differ). Answers are fed a line at a time, in the file's order.
public struct Conformance {
    public let set: FixtureSet
    /// Who answered, from the answers' first line.
    public private(set) var implementation = ""
    /// Answers to another fixture set are checked only when this is set: what moved
    /// between two sets of the same scenarios (the reference's answers to the old one).
    public var acrossSets = false
    /// The set the answers name, when it is not ``set``'s identity (``acrossSets``).
    public private(set) var answeredSet: String?
    /// How answers to another set moved: differing panes whose frame alone differs, by
    /// at most half a point (`near`, a move onto a pixel grid) or by more (`far`, a
    /// decision above them that changed), the largest move in points, and panes with a
    /// decision of their own that differs (visibility, size class, split axis, z-index).
    public private(set) var moves = (near: 0, far: 0, largest: 0.0, decisions: 0)
    public private(set) var scenarios: [ScenarioResult] = []
    /// Panes each rule applied to, and panes each rule is named for a difference.
    public private(set) var applied: [ContractRule: Int] = [:]
    public private(set) var differing: [ContractRule: Int] = [:]
    /// Panes that differ only below a pane that differs: a nested arrangement placed in
    /// the wrong bounds. They are not held against a rule of their own.
    public private(set) var inherited = 0
    /// Edits that landed on the answered frames, by the key that states each
    /// (``EditFormat/key(_:)``), and the scenarios whose first difference came after an
    /// edit of that key on a context the answers got right before it (``Difference/afterEdits``).
    public private(set) var editsLanded: [String: Int] = [:]
    public private(set) var editsDiffering: [String: Int] = [:]

    /// One scenario's result.
    public struct ScenarioResult: Sendable {
        public var name: String
        public var frames = 0
        public var framesAgreeing = 0
        public var panes = 0
        public var panesAgreeing = 0
        public var first: Difference?
    }

    /// The first pane that differs in a scenario.
    public struct Difference: Sendable {
        public var frame: Int
        public var pane: Int
        public var id: String
        public var field: PaneField
        public var expected: PaneLayout
        public var got: PaneLayout
        public var rule: ContractRule
        public var context: LayoutContext
        public var tree: ArrangementTree
        public var expectedPanes: [PaneLayout]
        public var gotPanes: [PaneLayout]
        /// When the difference came on a tree the edits of an earlier frame made, and the
        /// same context was answered right on the tree before them: that frame and its
        /// edits, the likely cause (an edit read otherwise than the contract says).
        public var afterEdits: (frame: Int, edits: [TreeEdit])?
    }

    /// The scenario being answered, with what has been computed for its contexts.
    struct Current {
        var index: Int
        var fixture: FixtureScenario
        var nextFrame = 0
        var rules: [[ContractRule]?]
        /// Per tree of the scenario, each pane's holder: the pane whose nested
        /// arrangement it belongs to, or -1 (made when a frame on that tree is checked).
        var holders: [[Int]?]
    }

    var current: Current?
    var started = false
    var done: Set<Int> = []
    let load: (FixtureSet.Entry) throws -> FixtureScenario

    /// `load` reads a scenario's fixture when its first answer arrives.
    public init(set: FixtureSet, load: @escaping (FixtureSet.Entry) throws -> FixtureScenario) {
        self.set = set
        self.load = load
        scenarios = set.scenarios.map { ScenarioResult(name: $0.name) }
    }

    /// Whether every pane of every frame agreed.
    public var allAgree: Bool { scenarios.allSatisfy { $0.first == nil } }

    /// Takes the answers' next line; throws naming the line and field for an answer
    /// that cannot be checked (another set's, a missing frame, a wrong pane count).
    public mutating func take(_ line: (number: Int, reader: JSONReader)) throws {
        guard started else {
            try FixtureSet.onLine(line.number) { () throws(InputError) in
                let header = try line.reader.object(allowing: ["fixtures", "implementation"])
                let identity = try header.required("fixtures").string()
                guard identity == set.identity || acrossSets else {
                    throw try header.required("fixtures").failure(
                        "answers to the fixture set \(identity), but these fixtures are \(set.identity) (--across-sets compares them anyway: what moved between the sets)"
                    )
                }
                if identity != set.identity { answeredSet = identity }
                implementation = try header.optional("implementation")?.string() ?? "answers"
            }
            started = true
            return
        }
        let object = try FixtureSet.onLine(line.number) { () throws(InputError) in
            try line.reader.object(allowing: ["scenario", "frame", "panes"])
        }
        let name = try FixtureSet.onLine(line.number) { () throws(InputError) in
            try object.required("scenario").string()
        }
        if current.map({ set.scenarios[$0.index].name }) != name {
            try finishCurrent(at: line.number)
            guard let index = set.scenarios.firstIndex(where: { $0.name == name }) else {
                throw InputError(
                    place: "line \(line.number): scenario", rule: "\"\(name)\" is not a scenario of these fixtures")
            }
            guard !done.contains(index) else {
                throw InputError(
                    place: "line \(line.number): scenario",
                    rule: "\"\(name)\" was answered before; a scenario's frames come together, in order")
            }
            let fixture = try load(set.scenarios[index])
            current = Current(
                index: index, fixture: fixture, rules: Array(repeating: nil, count: fixture.contexts.count),
                holders: Array(repeating: nil, count: fixture.trees.segments.count))
        }
        try FixtureSet.onLine(line.number) { () throws(InputError) in
            let frame = try FixtureSet.count(object.required("frame"))
            guard frame == current!.nextFrame else {
                throw try object.required("frame").failure(
                    frame > current!.nextFrame
                        ? "frame \(frame), but frame \(current!.nextFrame) is missing"
                        : "frame \(frame) again (expected frame \(current!.nextFrame))")
            }
            guard frame < current!.fixture.frames.count else {
                throw try object.required("frame").failure(
                    "frame \(frame), but \"\(name)\" has \(current!.fixture.frames.count) frames (0...\(current!.fixture.frames.count - 1))"
                )
            }
            let panes = try object.required("panes").array()
            let context = current!.fixture.frames[frame]
            let want = current!.fixture.tree(ofContext: context).paneCount
            guard panes.count == want else {
                // On an edited frame, the tree is the edits' and not the header's.
                let segment = current!.fixture.contextTrees[context]
                let tree =
                    segment == 0
                    ? "its scene's tree"
                    : "its tree after the edits of frame \(current!.fixture.trees.segments[segment].start)"
                throw try object.required("panes").failure(
                    "\(panes.count) panes, but frame \(frame) of \"\(name)\" has \(want) (\(tree))")
            }
            let got = try panes.map { (pane) throws(InputError) in try FixtureFormat.decodePane(pane) }
            compare(got, frame: frame)
            current!.nextFrame += 1
        }
    }

    /// Ends the answers: every scenario must have been answered in full.
    public mutating func finish(lastLine: Int) throws {
        if !started {
            throw InputError(
                place: "line 1", rule: "the answers are empty (expected {\"fixtures\": …, \"implementation\": …})")
        }
        try finishCurrent(at: lastLine)
        if let missing = set.scenarios.indices.first(where: { !done.contains($0) }) {
            throw InputError(
                place: "line \(lastLine)",
                rule:
                    "the answers end without \"\(set.scenarios[missing].name)\" (\(set.scenarios.count - done.count) scenarios unanswered)"
            )
        }
    }

    mutating func finishCurrent(at line: Int) throws(InputError) {
        guard let current else { return }
        let frames = current.fixture.frames.count
        guard current.nextFrame == frames else {
            let name = set.scenarios[current.index].name
            throw InputError(
                place: "line \(line)",
                rule:
                    "\"\(name)\" ends at frame \(current.nextFrame - 1) of \(frames) (frame \(current.nextFrame) is missing)"
            )
        }
        done.insert(current.index)
        self.current = nil
    }

    mutating func compare(_ got: [PaneLayout], frame: Int) {
        var state = current!
        let number = state.fixture.frames[frame]
        let expected = state.fixture.answers[number]
        let context = state.fixture.contexts[number]
        let tree = state.fixture.tree(ofContext: number)
        if state.rules[number] == nil {
            var resolution = Resolution(paneCount: 0)
            resolution.panes = expected
            state.rules[number] = ContractRule.deciding(tree, in: context, resolution: resolution)
        }
        let segment = state.fixture.contextTrees[number]
        if state.holders[segment] == nil { state.holders[segment] = Self.holders(tree) }
        let holders = state.holders[segment]!
        let rules = state.rules[number]!
        for edit in state.fixture.trees.edits(atFrame: frame) { editsLanded[EditFormat.key(edit), default: 0] += 1 }
        var result = scenarios[state.index]
        result.frames += 1
        result.panes += got.count
        var agreeing = 0
        var differs = [Bool](repeating: false, count: got.count)
        for index in got.indices {
            let want = expected[index]
            for rule in Self.rulesApplying(rules[index], to: want) { applied[rule, default: 0] += 1 }
            guard let field = PaneField.firstDifference(got[index], want) else {
                agreeing += 1
                continue
            }
            differs[index] = true
            if field == .frame {
                let (a, b) = (got[index].frame, want.frame)
                let move = max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
                if move <= 0.5 { moves.near += 1 } else { moves.far += 1 }
                moves.largest = max(moves.largest, move)
            } else {
                moves.decisions += 1
            }
            // Depth-first order puts a holder before the panes it holds.
            let holder = holders[index]
            if holder >= 0, differs[holder] {
                inherited += 1
                continue
            }
            let rule = ContractRule.naming(rules[index], field: field, expected: want, got: got[index])
            differing[rule, default: 0] += 1
            if result.first == nil {
                result.first = Difference(
                    frame: frame, pane: index, id: tree.paneIDs[index], field: field, expected: want,
                    got: got[index], rule: rule, context: context, tree: tree, expectedPanes: expected,
                    gotPanes: got, afterEdits: Self.editsBefore(frame, segment: segment, in: state.fixture))
                for key in Set(result.first!.afterEdits?.edits.map(EditFormat.key) ?? []) {
                    editsDiffering[key, default: 0] += 1
                }
            }
        }
        result.panesAgreeing += agreeing
        if agreeing == got.count { result.framesAgreeing += 1 }
        scenarios[state.index] = result
        current = state
    }

    /// The edits that made the tree of `frame` (in `segment` of the scenario's trees), when
    /// every frame before it agreed (it holds the scenario's first difference) and one of
    /// the frames before those edits had the same context: answered right on the tree
    /// before them, wrong on the tree after.
    static func editsBefore(_ frame: Int, segment: Int, in fixture: FixtureScenario) -> (frame: Int, edits: [TreeEdit])?
    {
        guard segment > 0 else { return nil }
        let start = fixture.trees.segments[segment].start
        let context = fixture.contexts[fixture.frames[frame]]
        guard (0..<start).contains(where: { fixture.contexts[fixture.frames[$0]] == context }) else { return nil }
        return (start, fixture.trees.edits(atFrame: start))
    }

    /// The edit scorecard's rows: each key an edit landed with, in the format's order.
    public var editScorecard: [(key: String, landed: Int, differing: Int)] {
        EditFormat.changeKeys.compactMap { key in
            editsLanded[key].map { (key, $0, editsDiffering[key] ?? 0) }
        }
    }

    /// Each pane's holder in depth-first order: the index of the pane holding its
    /// arrangement, -1 for the root arrangement's panes.
    static func holders(_ tree: ArrangementTree) -> [Int] {
        var holders: [Int] = []
        holders.reserveCapacity(tree.paneCount)
        func visit(_ arrangement: Arrangement, holder: Int) {
            for pane in [arrangement.primary, arrangement.secondary] {
                let index = holders.count
                holders.append(holder)
                if let nested = pane.arrangement { visit(nested, holder: index) }
            }
        }
        visit(tree.root, holder: -1)
        return holders
    }

    /// The rules a pane is held to: the branch that placed it and, for a visible pane,
    /// §3's size class, the split axis when it sits in a split, and the order when a
    /// split's sizes were solved.
    static func rulesApplying(_ branch: ContractRule, to pane: PaneLayout) -> [ContractRule] {
        guard pane.visible, branch != .hiddenBelow else { return [branch] }
        var rules = [branch, .sizeClass]
        if pane.splitAxis != nil { rules.append(.splitAxis) }
        if branch == .share || branch == .minimum || branch == .maximum { rules.append(.order) }
        return rules
    }

    /// The scorecard's rows: every rule that applied to a pane, in the contract's order.
    public var scorecard: [(rule: ContractRule, panes: Int, differing: Int)] {
        ContractRule.allCases.compactMap { rule in
            let panes = applied[rule] ?? 0
            let differ = differing[rule] ?? 0
            return panes == 0 && differ == 0 ? nil : (rule, panes, differ)
        }
    }

    /// A pane as a reader sees it: its frame, size class, axis and z-index, or "hidden".
    public static func describe(_ pane: PaneLayout, field: PaneField) -> String {
        guard pane.visible else { return "hidden" }
        switch field {
        case .count, .visible:
            return "visible"
        case .frame:
            let frame = pane.frame
            return
                "(\(formatNumber(frame.x)), \(formatNumber(frame.y)), \(formatNumber(frame.width)), \(formatNumber(frame.height)))"
        case .sizeClass:
            let name = { (value: SizeClassValue) in value == .compact ? "compact" : "regular" }
            return "\(name(pane.sizeClass.horizontal))/\(name(pane.sizeClass.vertical))"
        case .splitAxis:
            return pane.splitAxis.map { $0 == .horizontal ? "horizontal" : "vertical" } ?? "none"
        case .zIndex:
            return String(pane.zIndex)
        }
    }
}
