// libFuzzer target: the fuzzer's bytes steer the scene generator to a tree and a walk
// of up to 64 contexts (resizes, rotations, size classes and directions flipped,
// regions appearing, moving and vanishing, repeats, returns to earlier contexts);
// every variant, relayouting the walk in order into one resolution as the harness
// does, must equal a fresh reference at every step. FOLDBENCH_FUZZ_VARIANT names one
// variant to check instead of every candidate (a planted stale cache, to see how soon
// the fuzzer catches it). Every 100,000 steps the total goes to standard error.
import ArrangementModel
import Foundation
import FuzzDriver
import Measurement
import ReferenceResolver
import SceneFormat
import SceneGenerator
import Support
import Variants

@main
enum SequenceFuzz {
    nonisolated(unsafe) static var steps = 0

    static func main() {
        let entries: [VariantEntry]
        if let name = ProcessInfo.processInfo.environment["FOLDBENCH_FUZZ_VARIANT"] {
            guard let entry = VariantList.entry(named: VariantName(name)) else { fatalError("no variant '\(name)'") }
            entries = [entry]
        } else {
            entries = VariantList.candidates
        }
        runFuzzer { bytes in
            var generator = SceneGenerator(ByteSource(bytes))
            guard let (tree, _) = try? generator.scene(arrangements: 1...48, maximumDepth: 8) else { return }
            let walk = generator.walk(for: tree, steps: generator.source.int(in: 1...64))
            let loops = entries.map { $0.frameLoop(tree, walk, now: Clock.now) }
            for (step, context) in walk.enumerated() {
                let reference = ReferenceResolver().resolve(tree, in: context)
                for (entry, loop) in zip(entries, loops) {
                    if let difference = ResolutionComparison.firstDifference(
                        loop.resolution(atFrame: step), reference, ids: tree.paneIDs)
                    {
                        let before = step > 0 ? ResolutionComparison.describe(walk[step - 1]) : "none (the first step)"
                        fatalError(
                            "\(entry.name) differs from the reference at step \(step) after \(steps) steps fuzzed: \(difference)\nbefore: \(before)\n"
                                + SceneEncoder.encode(Scene(context: context, tree: tree)))
                    }
                }
                steps += 1
                if steps % 100_000 == 0 { FileHandle.standardError.write(Data("steps: \(steps)\n".utf8)) }
            }
        }
    }
}
