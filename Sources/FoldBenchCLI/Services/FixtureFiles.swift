import ArrangementModel
import Fixtures
import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import Variants
import Workloads

/// Fixture folders on disk for `fixtures`, `answer` and `check`: the default set's
/// scenarios, reading a set back, and answers written a chunk at a time.
enum FixtureFiles {
    /// Frames per scenario unless `--frames` says otherwise: 2.5 s at 120 Hz, at least
    /// one whole period of every modelled motion (the longest, staged-unfold, is 2.4 s).
    static let defaultFrames = 300
    /// The trees of the default set on every device and motion: the shipped scenes.
    static let everyDeviceTrees: [TreeSpec] = TreeSpec.shippedScenes.map { .scene($0) }
    /// A balanced tree nesting four deep, in every motion of a book-style fold, a
    /// dual-screen with a hinge gap and a tri-fold.
    static let nestedTree = TreeSpec.balanced(depth: 4)
    static let nestedTreeDevices = ["iphone-duo", "hinged-duo", "galaxy-z-trifold"]
    /// A random tree of 100 arrangements (every style, minimums, priorities, overlay
    /// edges) on the tri-fold, in the motions where its folds appear, cross and vanish.
    static let randomTree = TreeSpec.random(arrangements: 100)
    static let randomTreeScenarios: [(motion: Motion, device: String)] = [
        .foldCycle, .postureFlutter, .stagedUnfold, .foldFlick,
    ].map { ($0, "galaxy-z-trifold") }

    /// The default fixture set: every shipped device with every modelled motion and every
    /// shipped trace that fits it, on ``everyDeviceTrees``, and on ``nestedTree`` for the
    /// ``nestedTreeDevices``; ``randomTree`` in ``randomTreeScenarios``. Every other
    /// device, and every other of the random tree's motions, runs right to left, so that
    /// each motion and tree meets both directions at the size of one.
    static func defaultScenarios(catalog: Catalog) -> [(Scenario, LayoutDirection)] {
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
    static let generatedSeeds: ClosedRange<UInt64> = 1...100
    static let generatedWalk = 8

    /// The generated scenario of `seed`: `SceneGenerator(seed:)`'s scene of 1–30
    /// arrangements at most 8 deep and a walk of ``generatedWalk`` contexts from it, put
    /// on ``generatedGrid`` as a device's contexts are.
    static func generated(seed: UInt64) throws -> (name: String, tree: ArrangementTree, contexts: [LayoutContext]) {
        var generator = SceneGenerator(seed: seed)
        let (tree, _) = try generator.scene(arrangements: 1...30, maximumDepth: 8)
        let walk = generator.walk(for: tree, steps: generatedWalk).map(generatedGrid.snap)
        return ("generated/seed-\(seed)", tree, walk)
    }

    /// The edited scenario of `seed`: the generated tree of ``generated(seed:)`` over the
    /// edit history a variant that remembers is checked on (every kind of edit the tree
    /// allows, each alone at an unchanged context and undone with the context changed,
    /// then two at once), its contexts those of the generated walk.
    static func edited(seed: UInt64) throws -> (name: String, trees: TreeTimeline, contexts: [LayoutContext]) {
        let generated = try generated(seed: seed)
        let history = try EditHistory(tree: generated.tree, timeline: generated.contexts)
        return ("edited/seed-\(seed)", history.trees, history.contexts)
    }

    /// The pixel grid of the generated scenarios' contexts: 3 pixels a point.
    static let generatedGrid = PixelGrid(scale: 3)!

    /// A fixture scenario's name: the scenario's, with `@rightToLeft` when it runs right
    /// to left and its tree does not state a direction of its own (which it keeps).
    static func name(_ scenario: Scenario, direction: LayoutDirection) -> String {
        guard direction == .rightToLeft,
            (try? scenario.tree.makeScene().stated.contains(.layoutDirection)) != true
        else { return scenario.description }
        return scenario.description + "@rightToLeft"
    }

    /// Reads the fixture set in `directory`; bad files exit 2 naming the file, line and field.
    static func load(_ directory: String) throws(CommandFailure) -> FixtureSet {
        let manifest = directory + "/" + FixtureFormat.manifestName
        let bytes = try readFile(manifest)
        do {
            return try FixtureSet.load(manifest: bytes) { name in try readFile(directory + "/" + name) }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw .badInput(file: manifest, String(describing: error))
        }
    }

    /// One scenario of the set, decoded.
    static func scenario(_ entry: FixtureSet.Entry, in directory: String) throws(CommandFailure) -> FixtureScenario {
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
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.badInput, "\(path): \(error)")
        }
    }

    /// Writes to `path` (or the console's standard output when `nil`) a chunk at a
    /// time; a file is written beside its place and renamed when complete, so a failure
    /// leaves nothing.
    final class Output {
        let path: String?
        let console: Console
        let temporary: String?
        let handle: UnsafeMutablePointer<FILE>?
        var buffer = ""

        init(path: String?, console: Console) throws(CommandFailure) {
            self.path = path
            self.console = console
            guard let path else {
                temporary = nil
                handle = nil
                return
            }
            do { try ResultFiles.checkWritable(file: path) } catch {
                throw CommandFailure(.badInput, "\(error) (nothing done)")
            }
            let temporary = "\(path).partial-\(getpid())"
            guard let handle = fopen(temporary, "w") else {
                throw CommandFailure(.badInput, "\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            self.temporary = temporary
            self.handle = handle
        }

        func write(_ text: String) throws(CommandFailure) {
            buffer += text
            if buffer.utf8.count >= 1 << 16 { try flush() }
        }

        func flush() throws(CommandFailure) {
            defer { buffer = "" }
            guard let handle else { return console.out(buffer) }
            let count = buffer.utf8.count
            let written = buffer.withCString { fwrite($0, 1, count, handle) }
            guard written == count else { throw failed() }
        }

        /// Completes the file: flushed, closed and moved to its place.
        func finish() throws(CommandFailure) {
            try flush()
            guard let path, let temporary, let handle else { return }
            self.closed = true
            guard fclose(handle) == 0, rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw CommandFailure(.badInput, "\(path): cannot write: \(reason)")
            }
        }

        var closed = false

        /// Removes the partial file after a failure.
        func abandon() {
            guard let temporary, let handle, !closed else { return }
            closed = true
            fclose(handle)
            unlink(temporary)
        }

        func failed() -> CommandFailure {
            let reason = String(cString: strerror(errno))
            abandon()
            return CommandFailure(.badInput, "\(path ?? "standard output"): cannot write: \(reason)")
        }
    }
}

/// A fixture folder being written: each scenario's file as it is answered by the
/// reference, then the manifest with the set's identity, and files of an earlier set removed.
struct FixtureWriter {
    let directory: String
    private var written: [(FixtureScenario, file: String)] = []
    private var files: [(name: String, bytes: [UInt8])] = []

    init(directory: String) { self.directory = directory }

    /// Writes the scenario `name`: `trees` over `frames`, answered by the reference.
    mutating func add(_ name: String, _ trees: TreeTimeline, _ frames: [LayoutContext]) throws(CommandFailure) {
        let reference = VariantList.reference.variant
        let scenario = FixtureScenario(name: name, trees: trees, frameContexts: frames) { tree, context in
            reference.resolve(tree, in: context).panes
        }
        let file = FixtureFormat.fileName(index: written.count, scenario: scenario.name)
        let text = scenario.fileText()
        do { try ResultFiles.writeAtomically(text, to: directory + "/" + file) } catch {
            throw CommandFailure(.badInput, error.description)
        }
        written.append((scenario, file))
        files.append((scenario.name, Array(text.utf8)))
    }

    /// Writes the manifest and removes what an earlier set left; the line that says what was written.
    func finish() throws(CommandFailure) -> String {
        let version = FixtureSet.version(of: written.map(\.0))
        let identity = FixtureFormat.identity(files, version: version)
        let manifest = directory + "/" + FixtureFormat.manifestName
        do {
            try ResultFiles.writeAtomically(
                FixtureSet.manifest(written, identity: identity, version: version), to: manifest)
        } catch {
            throw CommandFailure(.badInput, error.description)
        }
        FixturesCommand.removeStaleFiles(in: directory, keeping: Set(written.map(\.file)))
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let frameCount = written.reduce(0) { $0 + $1.0.frames.count }
        let contexts = written.reduce(0) { $0 + $1.0.contexts.count }
        return "wrote \(manifest): fixture set \(identity), \(written.count) scenarios, "
            + "\(NumberText.grouped(Double(frameCount))) frames (\(NumberText.grouped(Double(contexts))) distinct contexts), "
            + "\(NumberText.grouped(Double(bytes))) bytes"
    }
}
