// libFuzzer target: the fuzzer's bytes steer the scene generator (every style, axis
// restriction, preference kind, priority, edge, direction, zero sizes, 0–3 reserved
// regions); every variant in the list must equal the reference, and none may trap.
import ArrangementModel
import FuzzDriver
import ReferenceResolver
import SceneFormat
import SceneGenerator
import Variants

@main
enum DifferentialFuzz {
    static func main() {
        runFuzzer { bytes in
            var scenes = SceneGenerator(ByteSource(bytes))
            guard let (tree, context) = try? scenes.scene(arrangements: 1...64, maximumDepth: 8) else { return }
            let reference = ReferenceResolver().resolve(tree, in: context)
            for entry in VariantList.candidates {
                let resolution = entry.variant.resolve(tree, in: context)
                if let difference = ResolutionComparison.firstDifference(resolution, reference, ids: tree.paneIDs) {
                    fatalError(
                        "\(entry.name) differs from the reference: \(difference)\n"
                            + SceneEncoder.encode(Scene(context: context, tree: tree)))
                }
            }
        }
    }
}
