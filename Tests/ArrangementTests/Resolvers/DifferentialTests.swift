import ArrangementModel
import Drawings
import FastResolver
import Foundation
import Measurement
import ReferenceResolver
import SceneFormat
import SceneGenerator
import Support
import Testing
import Variants
import Workloads

func firstDifference(_ got: Resolution, _ want: Resolution, ids: [String]) -> String? {
    ResolutionComparison.firstDifference(got, want, ids: ids)
}

/// How the first variant that differs from the reference differs on a scene, or `nil`.
func variantDiffers(_ scene: Scene) -> String? {
    let reference = ReferenceResolver().resolve(scene.tree, in: scene.context)
    for entry in allCandidates {
        let resolution = entry.variant.resolve(scene.tree, in: scene.context)
        if let difference = firstDifference(resolution, reference, ids: scene.tree.paneIDs) {
            return "\(entry.name): \(difference)"
        }
    }
    return nil
}

/// The disagreement page of the first variant that differs on `scene`, written to a
/// temporary file: its path, or `nil` when every variant agrees.
func disagreementPicture(_ scene: Scene, named name: String) -> String? {
    let reference = ReferenceResolver().resolve(scene.tree, in: scene.context)
    for entry in allCandidates {
        let resolution = entry.variant.resolve(scene.tree, in: scene.context)
        guard let difference = firstDifference(resolution, reference, ids: scene.tree.paneIDs) else { continue }
        let page = DisagreementPage.html(
            heading: "the smallest failing scene", notes: ["first difference: \(difference)"], variant: entry.name.rawValue,
            tree: scene.tree, context: scene.context, expected: reference, got: resolution)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).html").path
        return FileManager.default.createFile(atPath: path, contents: Array(page.utf8).withUnsafeBytes { Data($0) })
            ? path : nil
    }
    return nil
}

/// Shrinks a failing scene: drops regions, nested arrangements and modifiers, and
/// promotes nested arrangements to the root, for as long as the failure stays.
func shrink(_ scene: Scene, failing: (Scene) -> Bool) -> Scene {
    var current = scene
    var currentSize = SceneEncoder.encode(scene).utf8.count
    var improved = true
    while improved {
        improved = false
        for candidate in simplifications(of: SceneEncoder.json(current)) {
            // Only strictly smaller scenes count, so that shrinking always ends.
            guard let smaller = try? SceneDecoder.decode(candidate) else { continue }
            let size = SceneEncoder.encode(smaller).utf8.count
            guard size < currentSize, failing(smaller) else { continue }
            current = smaller
            currentSize = size
            improved = true
            break
        }
    }
    return current
}

/// One-step simplifications of a scene document.
func simplifications(of document: JSONValue) -> [JSONValue] {
    var results: [JSONValue] = []
    let removable: Set<String> = [
        "arrangement", "split", "overlayEdge", "layoutPriority", "minWidth", "minHeight", "idealWidth", "idealHeight",
        "style", "reservedRegions",
    ]
    // Every way to drop one removable key or one array element, anywhere.
    func variants(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .object(let entries):
            var out: [JSONValue] = []
            for (index, entry) in entries.enumerated() {
                if removable.contains(entry.key) {
                    var copy = entries
                    copy.remove(at: index)
                    out.append(.object(copy))
                }
                for variant in variants(entry.value) {
                    var copy = entries
                    copy[index].value = variant
                    out.append(.object(copy))
                }
            }
            return out
        case .array(let elements):
            var out: [JSONValue] = []
            for index in elements.indices {
                var copy = elements
                copy.remove(at: index)
                out.append(.array(copy))
            }
            return out
        default: return []
        }
    }
    // Promote each nested arrangement to the root.
    func nested(_ value: JSONValue) -> [JSONValue] {
        guard case .object(let entries) = value else { return [] }
        return entries.flatMap { entry -> [JSONValue] in
            (entry.key == "arrangement" ? [entry.value] : []) + nested(entry.value)
        }
    }
    if case .object(var top) = document, let rootIndex = top.firstIndex(where: { $0.key == "root" }) {
        for arrangement in nested(top[rootIndex].value) {
            top[rootIndex].value = arrangement
            results.append(.object(top))
        }
    }
    return results + variants(document)
}

@Suite("Every variant equals the reference")
struct DifferentialTests {
    /// Scenes per seed: 10,000, or `FOLDBENCH_SCENES` when set.
    static var sceneCount: Int {
        ProcessInfo.processInfo.environment["FOLDBENCH_SCENES"].flatMap { Int($0) } ?? 10_000
    }

    /// The fixed seed, plus `FOLDBENCH_SEED` from the environment when set.
    static var seeds: [UInt64] {
        var seeds: [UInt64] = [0x5EED_F01D]
        if let text = ProcessInfo.processInfo.environment["FOLDBENCH_SEED"], let seed = UInt64(text) {
            seeds.append(seed)
        }
        return seeds
    }

    @Test("10,000 generated scenes per seed resolve identically", arguments: seeds)
    func generatedScenes(seed: UInt64) throws {
        var scenes = SceneGenerator(seed: seed)
        var checked = 0
        for index in 0..<Self.sceneCount {
            let shallow = index % 2 == 0
            let (tree, context) = try scenes.scene(
                arrangements: shallow ? 1...63 : 1...200, maximumDepth: shallow ? 6 : 16)
            let scene = Scene(context: context, tree: tree)
            if let difference = variantDiffers(scene) {
                let smallest = shrink(scene) { variantDiffers($0) != nil }
                let picture = disagreementPicture(smallest, named: "foldbench-differential-\(seed)-\(index)")
                Issue.record(
                    """
                    seed \(seed), scene \(index): \(difference)
                    smallest failing scene (\(variantDiffers(smallest) ?? "")), drawn in \(picture ?? "(not written)"):
                    \(SceneEncoder.encode(smallest))
                    """)
                return
            }
            checked += 1
        }
        #expect(checked == Self.sceneCount)
    }

    @Test("the shrinker finds a small scene for a planted difference")
    func shrinkerWorks() throws {
        // A stand-in failure: "the tree has an overlay anywhere with a vertical fold".
        var scenes = SceneGenerator(seed: 7)
        var found: Scene?
        while found == nil {
            let tree = try scenes.tree(arrangements: 30, maximumDepth: 8)
            let scene = Scene(context: scenes.context(for: tree), tree: tree)
            if SceneEncoder.encode(scene).contains("\"overlay\"") { found = scene }
        }
        let smallest = shrink(found!) { SceneEncoder.encode($0).contains("\"overlay\"") }
        #expect(smallest.tree.arrangementCount == 1)
        #expect(smallest.context.reservedRegions.isEmpty)
    }

    @Test("a scene written by the encoder decodes to the same scene (the shrinker relies on it)")
    func encoderRoundTrip() throws {
        var scenes = SceneGenerator(seed: 0xC0DE)
        for index in 0..<300 {
            let (tree, context) = try scenes.scene(arrangements: 1...40, maximumDepth: 8)
            let scene = Scene(context: context, tree: tree)
            let text = SceneEncoder.encode(scene)
            let decoded = try SceneDecoder.decode(text)
            #expect(decoded.tree == tree, "scene \(index)")
            #expect(decoded.context == scene.context, "scene \(index)")
            #expect(SceneEncoder.encode(decoded) == text, "scene \(index)")
            let want = ReferenceResolver().resolve(tree, in: scene.context)
            let got = ReferenceResolver().resolve(decoded.tree, in: decoded.context)
            #expect(got == want, "scene \(index): \(firstDifference(got, want, ids: tree.paneIDs) ?? "bits differ")")
        }
    }

    @Test(
        "a prepared tree relayouted through 1,000 changing contexts equals a fresh reference each step",
        arguments: allCandidates.map(\.name.rawValue), [false, true])
    func stateful(variant: String, proportional: Bool) throws {
        var trees = SceneGenerator(seed: 42)
        let tree =
            proportional
            ? try trees.proportionalTree(arrangements: 120) : try trees.tree(arrangements: 120, maximumDepth: 10)
        let contexts = (0..<1_000).map(Self.changingContext)
        let loop = try #require(candidate(named: variant)).frameLoop(tree, contexts, now: Clock.now)
        for (step, context) in contexts.enumerated() {
            let fresh = ReferenceResolver().resolve(tree, in: context)
            if let difference = firstDifference(loop.resolution(atFrame: step), fresh, ids: tree.paneIDs) {
                Issue.record("step \(step): \(difference)\n\(SceneEncoder.encode(Scene(context: context, tree: tree)))")
                return
            }
        }
    }

    /// Posture changes, rotations and resizes, in a fixed sequence.
    static func changingContext(_ step: Int) -> LayoutContext {
        let phase = step % 40
        let landscape = (step / 40) % 2 == 0
        let (width, height): (Double, Double) = landscape ? (950, 822) : (822, 950)
        switch phase {
        case 0..<10:  // closed: the outer display
            return LayoutContext(bounds: Rect.unchecked(0, 0, landscape ? 844 : 390, landscape ? 390 : 844))
        case 10..<20:  // half-open: the fold, the status bar on the right in landscape
            let bounds = Rect.unchecked(0, 0, landscape ? 866 : width, height)
            let fold =
                landscape ? Rect.unchecked(475, 0, Double(phase % 3) * 10, height) : Rect.unchecked(0, 475, width, 0)
            return LayoutContext(
                bounds: bounds, layoutDirection: phase % 2 == 0 ? .leftToRight : .rightToLeft, reservedRegions: [fold])
        default:  // flat, resizing from 40 % to 100 % of the width
            let fraction = 0.4 + 0.6 * Double(phase - 20) / 19
            return LayoutContext(
                bounds: Rect.unchecked(0, 0, width * fraction, height),
                sizeClass: SizeClass(horizontal: fraction < 0.6 ? .compact : .regular, vertical: .regular))
        }
    }

    @Test("10,000 relayouts of a prepared 255-arrangement tree allocate 0 bytes; the reference allocates")
    func allocationFree() throws {
        #expect(AllocationCounter.isAvailable, "jemalloc's counters must answer")
        let tree = try TreeFactory.balanced(depth: 8)
        #expect(tree.arrangementCount == 255)
        let contexts = (0..<1_000).map(Self.changingContext)
        let fast = FastResolver()
        let prepared = fast.prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        // Warm up on every context once: a debug build instantiates the metadata of each
        // kind of region loop (none, one in each direction, several) the first time it runs.
        for context in contexts { fast.relayout(prepared, in: context, into: &resolution) }
        let fastTally = AllocationTally.measure {
            for step in 0..<10_000 { fast.relayout(prepared, in: contexts[step % contexts.count], into: &resolution) }
        }
        // Bytes are this thread's own counter, exact while other tests run in parallel;
        // any allocation, even of 0 bytes, adds at least jemalloc's smallest size class.
        // (The request count is process-wide; the runner, single-threaded, reports it.)
        #expect(fastTally.bytes == 0)

        let reference = ReferenceResolver()
        let referencePrepared = reference.prepare(tree)
        let referenceTally = AllocationTally.measure {
            for step in 0..<100 {
                reference.relayout(referencePrepared, in: contexts[step % contexts.count], into: &resolution)
            }
        }
        #expect(referenceTally.allocations >= 100, "the counter sees the reference's allocations")
        #expect(referenceTally.bytes >= 100 * UInt64(tree.paneCount * MemoryLayout<PaneLayout>.stride))
    }
}

extension Rect {
    /// Test shorthand for rects known to be valid.
    static func unchecked(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(uncheckedX: x, y: y, width: width, height: height)
    }
}
