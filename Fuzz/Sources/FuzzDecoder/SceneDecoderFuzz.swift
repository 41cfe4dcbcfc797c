// libFuzzer target: raw bytes into the scene decoder. It must accept or reject,
// never trap; what it decodes while parsing must be what it decodes from the whole
// document; an accepted scene must resolve identically with every variant and
// survive a round trip through the encoder.
import ArrangementModel
import FuzzDriver
import ReferenceResolver
import SceneFormat
import Support
import Variants

@main
enum SceneDecoderFuzz {
    static func main() {
        runFuzzer { bytes in
            // Decoded while parsed, a scene must be the document's; and the document
            // must accept whatever is decoded while parsed.
            let parsed = SceneDecoder.decodeWhileParsing(bytes)
            let document = try? SceneDecoder.decode(JSONReader.document(bytes))
            if let parsed, parsed != document {
                fatalError("decoded while parsed, the scene differs from the document's (or it refuses)")
            }
            guard let scene = try? SceneDecoder.decode(bytes) else { return }
            let encoded = SceneEncoder.encode(scene)
            // The encoder states every field of the context, so compare what is stated, not which.
            guard let again = try? SceneDecoder.decode(encoded), again.tree == scene.tree,
                again.context == scene.context
            else {
                fatalError("an accepted scene does not survive its own encoding:\n\(encoded)")
            }
            guard scene.tree.arrangementCount <= 4096 else { return }
            let reference = ReferenceResolver().resolve(scene.tree, in: scene.context)
            for entry in VariantList.candidates {
                let resolution = entry.variant.resolve(scene.tree, in: scene.context)
                if let difference = ResolutionComparison.firstDifference(resolution, reference, ids: scene.tree.paneIDs)
                {
                    fatalError("\(entry.name) differs from the reference: \(difference)\n\(encoded)")
                }
            }
            _ = ResolutionEncoder.encode(reference, ids: scene.tree.paneIDs)
        }
    }
}
