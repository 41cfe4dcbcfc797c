import ArrangementModel
import Fixtures
import Foundation
import Measurement
import Reports
import SceneFormat
import SceneGenerator
import Support
import Variants
import Workloads

/// Fixture folders on disk for `fixtures`, `answer` and `check`: the default set's
/// scenarios, reading a set back, and answers written a chunk at a time.
public enum FixtureFiles {
    /// The default set's generated trees, then the same trees edited, then the edit rules'
    /// own scenarios.
    public static func addGenerated(to writer: inout FixtureWriter) throws {
        for seed in FixtureFiles.generatedSeeds {
            let generated = try FixtureFiles.generated(seed: seed)
            try writer.add(generated.name, TreeTimeline(generated.tree), generated.contexts)
        }
        for seed in FixtureFiles.generatedSeeds {
            let edited = try FixtureFiles.edited(seed: seed)
            try writer.add(edited.name, edited.trees, edited.contexts)
        }
        try addEditRules(to: &writer)
    }

    /// The edit rules' scenarios (``editRules``), also written alone by `fixtures
    /// --scenario edit-rules`.
    public static func addEditRules(to writer: inout FixtureWriter) throws {
        for scenario in try editRules() { try writer.add(scenario.name, scenario.trees, scenario.contexts) }
    }

    /// The family name that selects ``editRules`` on the command line.
    public static let editRulesFamily = "edit-rules"

    /// Scenarios that tell each edit rule (docs/contract.md, "Edits") from the ways a port
    /// may misread it: each edit lands where reading it otherwise changes the answer, on
    /// its own frame or on a later one whose context came before the edit. A minimum
    /// lowered under an ideal equal to it (the ideal follows) and raised under one above
    /// it (the ideal stays); an ideal; a priority that decides a collapse; a split
    /// preference removed along one axis (the other kept) and set along the other; overlay
    /// edges set along one axis (the other then none, not kept); styles; axes on an
    /// automatic style (a split) and on an overlay (an overlay); a subtree inserted,
    /// replaced by one of the same size, removed.
    public static func editRules() throws -> [(name: String, trees: TreeTimeline, contexts: [LayoutContext])] {
        try editRuleTable.map { entry in
            let scene = try SceneDecoder.decode("{\"context\": \(editRuleContexts["W"]!), \"root\": \(entry.root)}")
            var contexts: [LayoutContext] = []
            var schedule: [(frame: Int, edits: [TreeEdit])] = []
            for (index, frame) in entry.frames.enumerated() {
                let context = try SceneDecoder.decode(
                    "{\"context\": \(editRuleContexts[frame.context]!), \"root\": \(entry.root)}"
                ).context
                contexts.append(context)
                guard !frame.edits.isEmpty else { continue }
                let edits = try frame.edits.map { text throws -> TreeEdit in
                    try EditFormat.decode(JSONReader(try JSONReader.document(Array(text.utf8))))
                }
                schedule.append((index, edits))
            }
            return (
                "\(editRulesFamily)/\(entry.name)",
                try TreeTimeline(scene.tree, frames: contexts.count, schedule: schedule), contexts
            )
        }
    }

    /// The contexts of the edit rules' scenarios: wide, tall, wide with a vertical fold
    /// (a hinge band), wide with a horizontal one.
    static let editRuleContexts = [
        "W": #"{"bounds": {"x": 0, "y": 0, "width": 800, "height": 600}}"#,
        "T": #"{"bounds": {"x": 0, "y": 0, "width": 600, "height": 800}}"#,
        "WV":
            #"{"bounds": {"x": 0, "y": 0, "width": 800, "height": 600}, "reservedRegions": [{"x": 390, "y": 0, "width": 20, "height": 600}]}"#,
        "WH":
            #"{"bounds": {"x": 0, "y": 0, "width": 800, "height": 600}, "reservedRegions": [{"x": 0, "y": 290, "width": 800, "height": 20}]}"#,
    ]

    /// Each edit rule's scenario: its tree, and its frames (a context of
    /// ``editRuleContexts`` and the edits made before it, in their text form).
    static let editRuleTable: [(name: String, root: String, frames: [(context: String, edits: [String])])] = [
        (
            "minimum-moves-an-equal-ideal",
            #"{"primary": {"id": "a", "minWidth": 300, "minHeight": 300, "split": {"horizontal": "fixed", "vertical": "fixed"}}, "secondary": {"id": "b"}}"#,
            [
                ("W", []), ("W", [#"{"pane": "a", "minWidth": 100}"#]), ("T", []),
                ("T", [#"{"pane": "a", "minHeight": 100}"#]),
            ]
        ),
        (
            "minimum-keeps-a-larger-ideal",
            #"{"primary": {"id": "a", "minWidth": 100, "idealWidth": 400, "minHeight": 100, "idealHeight": 400, "split": {"horizontal": "fixed", "vertical": "fixed"}}, "secondary": {"id": "b"}}"#,
            [
                ("W", []), ("W", [#"{"pane": "a", "minWidth": 200}"#]), ("T", []),
                ("T", [#"{"pane": "a", "minHeight": 200}"#]),
            ]
        ),
        (
            "ideal",
            #"{"primary": {"id": "a", "minWidth": 100, "idealWidth": 300, "minHeight": 100, "idealHeight": 300, "split": {"horizontal": "fixed", "vertical": "fixed"}}, "secondary": {"id": "b"}}"#,
            [
                ("W", []), ("W", [#"{"pane": "a", "idealWidth": 500}"#]), ("T", []),
                ("T", [#"{"pane": "a", "idealHeight": 500}"#]),
            ]
        ),
        (
            "priority",
            #"{"primary": {"id": "a", "minWidth": 500}, "secondary": {"id": "b", "minWidth": 500}}"#,
            [
                ("W", []), ("W", [#"{"pane": "b", "layoutPriority": 1}"#]),
                ("W", [#"{"pane": "a", "layoutPriority": 2}"#]),
            ]
        ),
        (
            "split",
            #"{"primary": {"id": "a", "split": {"horizontal": {"ratio": {"ideal": 0.3}}, "vertical": {"ratio": {"ideal": 0.7}}}}, "secondary": {"id": "b"}}"#,
            [
                ("W", []), ("T", []), ("W", [#"{"pane": "a", "split": {"horizontal": null}}"#]), ("T", []),
                ("T", [#"{"pane": "a", "split": {"vertical": {"ratio": {"ideal": 0.2}}}}"#]), ("W", []),
            ]
        ),
        (
            "overlay-edges",
            #"{"style": "overlay", "primary": {"id": "a", "overlayEdge": {"horizontal": "trailing", "vertical": "bottom"}}, "secondary": {"id": "b"}}"#,
            [
                ("WH", []), ("WV", []), ("WV", [#"{"pane": "a", "overlayEdge": {"horizontal": "leading"}}"#]),
                ("WH", []),
                ("WH", [#"{"pane": "a", "overlayEdge": {"vertical": "bottom"}}"#]), ("WV", []),
            ]
        ),
        (
            "style",
            #"{"primary": {"id": "a"}, "secondary": {"id": "b"}}"#,
            [
                ("W", []), ("W", [#"{"pane": "root", "style": "overlay"}"#]),
                ("W", [#"{"pane": "root", "style": {"split": {"axes": ["vertical"]}}}"#]),
            ]
        ),
        (
            "axes-on-an-automatic-style",
            #"{"primary": {"id": "a"}, "secondary": {"id": "b"}}"#,
            [("W", []), ("W", [#"{"pane": "root", "axes": ["vertical"]}"#]), ("T", [])]
        ),
        (
            "axes-on-an-overlay",
            #"{"style": "overlay", "primary": {"id": "a"}, "secondary": {"id": "b"}}"#,
            [("WV", []), ("WV", [#"{"pane": "root", "axes": ["vertical"]}"#]), ("WH", [])]
        ),
        (
            "subtrees",
            #"{"primary": {"id": "a"}, "secondary": {"id": "b"}}"#,
            [
                ("W", []), ("W", [#"{"pane": "b", "insert": {"primary": {"id": "c"}, "secondary": {"id": "d"}}}"#]),
                (
                    "W",
                    [
                        #"{"pane": "b", "replace": {"primary": {"id": "e", "split": {"horizontal": {"ratio": {"ideal": 0.2}}, "vertical": {"ratio": {"ideal": 0.2}}}}, "secondary": {"id": "f"}}}"#
                    ]
                ),
                ("W", [#"{"pane": "b", "remove": true}"#]),
            ]
        ),
    ]

    /// Refuses, before any work, a folder that cannot be written or that holds files
    /// other than an earlier fixture set's (which is replaced).
    public static func checkFolder(_ directory: String) throws(RunFailure) {
        do { try ResultFiles.checkWritable(directory) } catch {
            throw RunFailure(.badInput, "\(error) (nothing done)")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let foreign = entries.filter { $0 != FixtureFormat.manifestName && !$0.hasSuffix(".jsonl") }
        if !entries.isEmpty, !entries.contains(FixtureFormat.manifestName) || !foreign.isEmpty {
            throw RunFailure(
                .badInput,
                "\(directory): holds files that are not a fixture set's (\(foreign.first ?? entries[0])); give an empty or new folder (nothing done)"
            )
        }
    }

    /// Deletes an earlier set's scenario files that the new manifest does not name.
    public static func removeStaleFiles(in directory: String, keeping kept: Set<String>) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries where entry.hasSuffix(".jsonl") && !kept.contains(entry) {
            unlink(directory + "/" + entry)
        }
    }

    /// Frames per scenario unless `--frames` says otherwise: 2.5 s at 120 Hz, at least
    /// one whole period of every modelled motion (the longest, staged-unfold, is 2.4 s).
    public static let defaultFrames = 300
    /// The trees of the default set on every device and motion: the shipped scenes.
    public static let everyDeviceTrees: [TreeSpec] = TreeSpec.shippedScenes.map { .scene($0) }
    /// A balanced tree nesting four deep, in every motion of a book-style fold, a
    /// dual-screen with a hinge gap and a tri-fold.
    public static let nestedTree = TreeSpec.balanced(depth: 4)
    public static let nestedTreeDevices = ["iphone-duo", "hinged-duo", "galaxy-z-trifold"]
    /// A random tree of 100 arrangements (every style, minimums, priorities, overlay
    /// edges) on the tri-fold, in the motions where its folds appear, cross and vanish.
    public static let randomTree = TreeSpec.random(arrangements: 100)
    public static let randomTreeScenarios: [(motion: Motion, device: String)] = [
        .foldCycle, .postureFlutter, .stagedUnfold, .foldFlick,
    ].map { ($0, "galaxy-z-trifold") }

    /// The default fixture set: every shipped device with every modelled motion and every
    /// shipped trace that fits it, on ``everyDeviceTrees``, and on ``nestedTree`` for the
    /// ``nestedTreeDevices``; ``randomTree`` in ``randomTreeScenarios``. Every other
    /// device, and every other of the random tree's motions, runs right to left, so that
    /// each motion and tree meets both directions at the size of one.
    public static func defaultScenarios(catalog: Catalog) -> [(Scenario, LayoutDirection)] {
        let motions = Motion.allCases.map(\.rawValue) + Catalog.shippedTraces
        var scenarios: [(Scenario, LayoutDirection)] = []
        for (index, device) in DeviceProfile.shippedNames.enumerated() {
            let trees = everyDeviceTrees + (nestedTreeDevices.contains(device) ? [nestedTree] : [])
            let direction: LayoutDirection = index % 2 == 0 ? .leftToRight : .rightToLeft
            for motion in motions {
                for tree in trees {
                    let scenario = Scenario(motionName: motion, tree: tree, device: device)
                    if (try? catalog.resolve(scenario)) != nil { scenarios.append((scenario, direction)) }
                }
            }
        }
        for (index, entry) in randomTreeScenarios.enumerated() {
            let scenario = Scenario(motion: entry.motion, tree: randomTree, device: entry.device)
            scenarios.append((scenario, index % 2 == 0 ? .leftToRight : .rightToLeft))
        }
        return scenarios
    }

    /// Generated trees of the default set: with every feature the differential tests
    /// draw (styles on both axes, minimums, maximums, fixed sizes, priorities, overlay
    /// edges, regions that divide only a nested pane, zero sizes), each over a walk of
    /// contexts — resizes, rotations, a size class or the direction flipped, a region
    /// appearing, moving or vanishing, returns to an earlier context.
    public static let generatedSeeds: ClosedRange<UInt64> = 1...100
    public static let generatedWalk = 8

    /// The generated scenario of `seed`: `SceneGenerator(seed:)`'s scene of 1–30
    /// arrangements at most 8 deep and a walk of ``generatedWalk`` contexts from it, put
    /// on ``generatedGrid`` as a device's contexts are.
    public static func generated(seed: UInt64) throws -> (
        name: String, tree: ArrangementTree, contexts: [LayoutContext]
    ) {
        var generator = SceneGenerator(seed: seed)
        let (tree, _) = try generator.scene(arrangements: 1...30, maximumDepth: 8)
        let walk = generator.walk(for: tree, steps: generatedWalk).map(generatedGrid.snap)
        return ("generated/seed-\(seed)", tree, walk)
    }

    /// The edited scenario of `seed`: the generated tree of ``generated(seed:)`` over the
    /// edit history a variant that remembers is checked on (every kind of edit the tree
    /// allows, each alone at an unchanged context and undone with the context changed,
    /// then two at once), its contexts those of the generated walk.
    public static func edited(seed: UInt64) throws -> (name: String, trees: TreeTimeline, contexts: [LayoutContext]) {
        let generated = try generated(seed: seed)
        let history = try EditHistory(tree: generated.tree, timeline: generated.contexts)
        return ("edited/seed-\(seed)", history.trees, history.contexts)
    }

    /// The pixel grid of the generated scenarios' contexts: 3 pixels a point.
    public static let generatedGrid = PixelGrid(scale: 3)!

    /// A fixture scenario's name: the scenario's, with `@rightToLeft` when it runs right
    /// to left and its tree does not state a direction of its own (which it keeps).
    public static func name(_ scenario: Scenario, direction: LayoutDirection) -> String {
        guard direction == .rightToLeft,
            (try? scenario.tree.makeScene().stated.contains(.layoutDirection)) != true
        else { return scenario.description }
        return scenario.description + "@rightToLeft"
    }

    /// Reads the fixture set in `directory`; bad files exit 2 naming the file, line and field.
    public static func load(_ directory: String) throws(RunFailure) -> FixtureSet {
        let manifest = directory + "/" + FixtureFormat.manifestName
        let bytes = try readFile(manifest)
        do {
            return try FixtureSet.load(manifest: bytes) { name in try readFile(directory + "/" + name) }
        } catch let failure as RunFailure {
            throw failure
        } catch {
            throw .badInput(file: manifest, String(describing: error))
        }
    }

    /// One scenario of the set, decoded.
    public static func scenario(_ entry: FixtureSet.Entry, in directory: String) throws(RunFailure) -> FixtureScenario {
        let path = directory + "/" + entry.file
        do {
            let scenario = try FixtureSet.decodeScenario(try readFile(path), limits: Limits.current)
            guard scenario.name == entry.name, scenario.frames.count == entry.frames else {
                throw InputError(
                    place: "line 1",
                    rule:
                        "the scenario \"\(scenario.name)\" of \(scenario.frames.count) frames, but \(FixtureFormat.manifestName) names \"\(entry.name)\" of \(entry.frames)"
                )
            }
            return scenario
        } catch let error as InputError {
            throw .badInput(file: path, error)
        } catch let failure as RunFailure {
            throw failure
        } catch {
            throw RunFailure(.badInput, "\(path): \(error)")
        }
    }

    /// Writes to `path` (or the console's standard output when `nil`) a chunk at a
    /// time; a file is written beside its place and renamed when complete, so a failure
    /// leaves nothing.
    public final class Output {
        public let path: String?
        public let console: Console
        public let temporary: String?
        public let handle: UnsafeMutablePointer<FILE>?
        public var buffer = ""

        public init(path: String?, console: Console) throws(RunFailure) {
            self.path = path
            self.console = console
            guard let path else {
                temporary = nil
                handle = nil
                return
            }
            do { try ResultFiles.checkWritable(file: path) } catch {
                throw RunFailure(.badInput, "\(error) (nothing done)")
            }
            let temporary = "\(path).partial-\(getpid())"
            guard let handle = fopen(temporary, "w") else {
                throw RunFailure(.badInput, "\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            self.temporary = temporary
            self.handle = handle
        }

        public func write(_ text: String) throws(RunFailure) {
            buffer += text
            if buffer.utf8.count >= 1 << 16 { try flush() }
        }

        public func flush() throws(RunFailure) {
            defer { buffer = "" }
            guard let handle else { return console.out(buffer) }
            let count = buffer.utf8.count
            let written = buffer.withCString { fwrite($0, 1, count, handle) }
            guard written == count else { throw failed() }
        }

        /// Completes the file: flushed, closed and moved to its place.
        public func finish() throws(RunFailure) {
            try flush()
            guard let path, let temporary, let handle else { return }
            self.closed = true
            guard fclose(handle) == 0, rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw RunFailure(.badInput, "\(path): cannot write: \(reason)")
            }
        }

        public var closed = false

        /// Removes the partial file after a failure.
        public func abandon() {
            guard let temporary, let handle, !closed else { return }
            closed = true
            fclose(handle)
            unlink(temporary)
        }

        public func failed() -> RunFailure {
            let reason = String(cString: strerror(errno))
            abandon()
            return RunFailure(.badInput, "\(path ?? "standard output"): cannot write: \(reason)")
        }
    }
}

/// A fixture folder being written: each scenario's file as it is answered by the
/// reference, then the manifest with the set's identity, and files of an earlier set removed.
public struct FixtureWriter {
    public let directory: String
    private var written: [(FixtureScenario, file: String)] = []
    private var files: [(name: String, bytes: [UInt8])] = []

    public init(directory: String) { self.directory = directory }

    /// Writes the scenario `name`: `trees` over `frames`, answered by the reference.
    public mutating func add(_ name: String, _ trees: TreeTimeline, _ frames: [LayoutContext]) throws(RunFailure) {
        let reference = VariantList.reference.variant
        let scenario = FixtureScenario(name: name, trees: trees, frameContexts: frames) { tree, context in
            reference.resolve(tree, in: context).panes
        }
        let file = FixtureFormat.fileName(index: written.count, scenario: scenario.name)
        let text = scenario.fileText()
        do { try ResultFiles.writeAtomically(text, to: directory + "/" + file) } catch {
            throw RunFailure(.badInput, error.description)
        }
        written.append((scenario, file))
        files.append((scenario.name, Array(text.utf8)))
    }

    /// Writes the manifest and removes what an earlier set left; the line that says what was written.
    public func finish() throws(RunFailure) -> String {
        let version = FixtureSet.version(of: written.map(\.0))
        let identity = FixtureFormat.identity(files, version: version)
        let manifest = directory + "/" + FixtureFormat.manifestName
        do {
            try ResultFiles.writeAtomically(
                FixtureSet.manifest(written, identity: identity, version: version), to: manifest)
        } catch {
            throw RunFailure(.badInput, error.description)
        }
        FixtureFiles.removeStaleFiles(in: directory, keeping: Set(written.map(\.file)))
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let frameCount = written.reduce(0) { $0 + $1.0.frames.count }
        let contexts = written.reduce(0) { $0 + $1.0.contexts.count }
        return "wrote \(manifest): fixture set \(identity), \(written.count) scenarios, "
            + "\(NumberText.grouped(Double(frameCount))) frames (\(NumberText.grouped(Double(contexts))) distinct contexts), "
            + "\(NumberText.grouped(Double(bytes))) bytes"
    }
}
